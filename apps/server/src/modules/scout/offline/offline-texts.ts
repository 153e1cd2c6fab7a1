/** What the offline model writes, in one place. */
export const OFFLINE_TEXTS = {
  cannotAnswer:
    "I can't answer that. I can tell you which trackers have not moved for a while, are outside or inside a geofence, are low on battery, are overdue or are in a group; where a tracker is and where it went; which shipments are running late; and recent alerts. I can also show a tracker on the map, draw the area around it and export the trackers of my last answer as CSV.",
  whichTracker:
    'Which tracker do you mean? Please give its name as it appears in the trackers list.',
  whichTrackerForGeofence:
    'Around which tracker should I create the geofence? Please give its name as it appears in the trackers list.',
  nothingToConfirm: 'There is nothing waiting for your confirmation.',
  nothingToExport:
    'There is nothing to export yet: ask me about some trackers first, then ask for a CSV of them.',
  downloadCsv: 'Download CSV',
  csvOfPrevious: (n: number) =>
    `Here is a CSV of the ${n === 1 ? 'tracker' : `${n} trackers`} from my last answer.`,
  proposal: (name: string, tracker: string) =>
    `Shall I create the geofence "${name}" around "${tracker}" (a circle of 250 m around its last position)? Reply "yes" to create it.`,
  proposalPattern: /^Shall I create the geofence "(.+)" around "(.+)" \(/,
  notFound: (words: string) =>
    `I could not find a tracker called "${words}" among the trackers you can see.`,
} as const;
