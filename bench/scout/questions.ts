/**
 * The evaluation set: fleet questions phrased the ways people ask them, each with what the
 * right answer is about. The bench works out the expected trackers from the API.
 */
export type Expectation =
  | { kind: 'not_moved'; hours: number }
  | { kind: 'outside_any' }
  | { kind: 'inside'; geofence: string }
  | { kind: 'low_battery' }
  | { kind: 'overdue' }
  | { kind: 'group'; group: string }
  | { kind: 'where'; tracker: string }
  | { kind: 'late_shipments' }
  | { kind: 'polygon'; tracker: string }
  | { kind: 'cannot' };

const q = (text: string, expect: Expectation) => ({ text, expect });

export const EVALUATION_SET = [
  q('Which devices have not moved in 24 hours?', { kind: 'not_moved', hours: 24 }),
  q('Which trackers haven’t moved in the last 24 hours?', { kind: 'not_moved', hours: 24 }),
  q("Which trackers haven't moved since yesterday?", { kind: 'not_moved', hours: 24 }),
  q('Show me trackers that did not move for 2 days', { kind: 'not_moved', hours: 48 }),
  q('List the stationary trackers', { kind: 'not_moved', hours: 24 }),
  q('Which assets are idle?', { kind: 'not_moved', hours: 24 }),
  q('Trackers not moving for 3 days', { kind: 'not_moved', hours: 72 }),
  q('which units have been parked for a day', { kind: 'not_moved', hours: 24 }),
  q('Which devices have not moved in 48 hours?', { kind: 'not_moved', hours: 48 }),
  q('What trackers are still not moving for 12 hours?', { kind: 'not_moved', hours: 12 }),
  q('Which devices are outside a geofence?', { kind: 'outside_any' }),
  q('Which trackers are outside every geofence?', { kind: 'outside_any' }),
  q('Show trackers that are out of any geofence', { kind: 'outside_any' }),
  q('which devices are not inside a geofence', { kind: 'outside_any' }),
  q('List devices outside geofences', { kind: 'outside_any' }),
  q('Which trackers are in geofence Depot?', { kind: 'inside', geofence: 'Depot' }),
  q('What is inside the Depot?', { kind: 'inside', geofence: 'Depot' }),
  q('Which devices are at Depot right now?', { kind: 'inside', geofence: 'Depot' }),
  q('Trackers within North Yard', { kind: 'inside', geofence: 'North Yard' }),
  q('Which trackers are in the Harbor geofence?', { kind: 'inside', geofence: 'Harbor' }),
  q('Which trackers are low on battery?', { kind: 'low_battery' }),
  q('Which devices have a low battery?', { kind: 'low_battery' }),
  q('Show trackers whose battery is low', { kind: 'low_battery' }),
  q('Any trackers running out of battery?', { kind: 'low_battery' }),
  q('List the trackers with weak batteries', { kind: 'low_battery' }),
  q('battery low trackers', { kind: 'low_battery' }),
  q('Which trackers need charging?', { kind: 'low_battery' }),
  q('Which trackers are overdue?', { kind: 'overdue' }),
  q('Which devices missed their update?', { kind: 'overdue' }),
  q('Which trackers stopped reporting?', { kind: 'overdue' }),
  q('Show trackers that are not reporting', { kind: 'overdue' }),
  q('Which devices are offline?', { kind: 'overdue' }),
  q('List overdue devices', { kind: 'overdue' }),
  q('Which trackers are in group East Fleet?', { kind: 'group', group: 'East Fleet' }),
  q('Show the West Fleet trackers', { kind: 'group', group: 'West Fleet' }),
  q('What trackers belong to Reefers?', { kind: 'group', group: 'Reefers' }),
  q('list devices of the East Fleet group', { kind: 'group', group: 'East Fleet' }),
  q('Who is in West Fleet?', { kind: 'group', group: 'West Fleet' }),
  q('Where is Unit 00002?', { kind: 'where', tracker: 'Unit 00002' }),
  q('where is unit 00015', { kind: 'where', tracker: 'Unit 00015' }),
  q('What is the location of Unit 00042?', { kind: 'where', tracker: 'Unit 00042' }),
  q('Locate Unit 00108', { kind: 'where', tracker: 'Unit 00108' }),
  q('Find Unit 00299 for me', { kind: 'where', tracker: 'Unit 00299' }),
  q('Show Unit 00002 on the map', { kind: 'where', tracker: 'Unit 00002' }),
  q('Show me Unit 00077 on a map', { kind: 'where', tracker: 'Unit 00077' }),
  q('Zoom to Unit 00123', { kind: 'where', tracker: 'Unit 00123' }),
  q("What's the address of Unit 00250?", { kind: 'where', tracker: 'Unit 00250' }),
  q('Which shipments are running late?', { kind: 'late_shipments' }),
  q('Are any shipments late?', { kind: 'late_shipments' }),
  q('Show delayed shipments', { kind: 'late_shipments' }),
  q('Which deliveries are behind schedule?', { kind: 'late_shipments' }),
  q('list late loads', { kind: 'late_shipments' }),
  q('Draw the area around Unit 00002', { kind: 'polygon', tracker: 'Unit 00002' }),
  q('Draw a polygon around Unit 00042', { kind: 'polygon', tracker: 'Unit 00042' }),
  q('Outline the area near Unit 00015', { kind: 'polygon', tracker: 'Unit 00015' }),
  q('What is the weather tomorrow?', { kind: 'cannot' }),
  q('Write me a poem', { kind: 'cannot' }),
  q('What is the price of fuel?', { kind: 'cannot' }),
  q('Tell me a joke', { kind: 'cannot' }),
  q('Who won the game last night?', { kind: 'cannot' }),
  q('Translate hello into French', { kind: 'cannot' }),
  q('How do I reset my password?', { kind: 'cannot' }),
];
