import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeDeviceRows,
  type ContentBlock,
  type DeviceListItem,
  type RowsEnvelope,
  type Shipment,
} from '@waymark/domain';
// The trackers list's own filter, as the web app runs it: Scout must give exactly its answer.
import { defaultFilters, passesFilters } from '../../../../web/src/features/trackers/list/filters';
import { actorOf } from '../../access/actor';
import { createTestApp, type TestApp } from '../../test/test-app';
import { converse } from './scout-agent';
import {
  scoutFleet,
  textOf,
  toolCalls,
  type Headers,
  type ScoutFleetFixture,
} from './scout.fixture';
import { OfflineModel } from './offline/offline-model';

let t: TestApp;
let f: ScoutFleetFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await scoutFleet(t);
});
afterAll(() => t.close());

/** The trackers list as the trackers screen loads it. */
async function trackersList(as: Headers = f.headers.admin): Promise<DeviceListItem[]> {
  const response = await t.app.inject({
    url: `/api/accounts/${f.account.id}/device-list?with_current_position=1&format=rows`,
    headers: as,
  });
  return decodeDeviceRows(response.json<{ data: RowsEnvelope }>().data);
}

const idsOf = (items: { id: number }[]) => items.map((i) => i.id).sort((a, b) => a - b);
const filterIds = (blocks: ContentBlock[]) =>
  blocks.flatMap((b) =>
    b.type === 'tool_call' && b.name === 'ui_filter_devices'
      ? [(b.arguments.device_ids as number[]).slice().sort((x, y) => x - y)]
      : [],
  )[0];

describe('the offline model answers the suggested questions', () => {
  it('"Which devices have not moved in 24 hours?" gives exactly the list’s not-moved filter', async () => {
    const { all, answer } = await f.ask('Which devices have not moved in 24 hours?');
    expect(toolCalls(all, 'fleet_query')[0]!.arguments).toMatchObject({
      filters: [{ kind: 'not_moved', hours: 24 }],
    });
    const filters = {
      ...defaultFilters(['active']),
      notMovedIn: { enabled: true, value: 1 },
      statuses: ['active', 'pending', 'pending-renewal', 'pending-cancellation'],
    };
    // The list's filter also holds trackers that never reported (Charlie Reefer): whether they
    // moved is not known, so the answer leaves them out rather than say they stood still.
    const expected = (await trackersList()).filter(
      (d) => passesFilters(d, filters, new Date()) && d.current_position,
    );
    expect(idsOf(expected)).toEqual(idsOf([f.bravo]));
    expect(filterIds(answer.content)).toEqual(idsOf(expected));
    expect(textOf(answer)).toBe(
      '1 tracker has not moved in the last 24 hours: Bravo Van. Charlie Reefer has never reported.',
    );
    expect(answer.stop_reason).toBe('stop');
  });

  it('"Which devices are outside a geofence?" gives the trackers not inside any geofence', async () => {
    const { all, answer } = await f.ask('Which devices are outside a geofence?');
    expect(toolCalls(all, 'fleet_query')[0]!.arguments).toMatchObject({
      filters: [{ kind: 'geofence', inside: false }],
    });
    // A tracker with no position (Charlie Reefer) is nowhere yet: neither inside nor outside.
    const expected = (await trackersList()).filter(
      (d) => d.current_position && !d.current_position.is_inside_geofences,
    );
    expect(filterIds(answer.content)).toEqual(idsOf(expected));
    expect(textOf(answer)).toBe('1 tracker is outside every geofence: Bravo Van.');
  });
});

describe('the offline model answers fleet questions from the API’s data', () => {
  it('where is a tracker: its position and address, with a map button', async () => {
    const { all, answer } = await f.ask('Where is Alpha Truck?');
    expect(toolCalls(all, 'fleet_query')[0]!.arguments).toMatchObject({
      subject: { trackers: [f.alpha.id] },
      measure: 'position',
    });
    const alpha = (await trackersList()).find((d) => d.id === f.alpha.id)!;
    const p = alpha.current_position!;
    expect(textOf(answer)).toContain(`Alpha Truck's last position is ${p.address}`);
    expect(textOf(answer)).toContain('It is inside Depot.');
    expect(toolCalls([answer], 'ui_update_map')[0]!.arguments).toMatchObject({
      center: { lat: p.lat, lng: p.lng },
      zoom: 15,
      device_ids: [f.alpha.id],
      button_text: 'Show Alpha Truck on the map',
    });
  });

  it('low on battery, overdue, in a geofence and in a group', async () => {
    const list = await trackersList();
    const cases: [string, string, number[]][] = [
      [
        'Which trackers are low on battery?',
        'fleet_query',
        idsOf(list.filter((d) => (d.current_position?.battery ?? 100) < 20)),
      ],
      ['Which trackers are overdue?', 'fleet_query', [f.bravo.id]],
      ['Which trackers are in geofence Depot?', 'fleet_query', [f.alpha.id]],
      ['Which trackers are in group North Fleet?', 'fleet_query', [f.bravo.id]],
    ];
    for (const [question, tool, expected] of cases) {
      const { all, answer } = await f.ask(question);
      expect(toolCalls(all, tool), question).toHaveLength(1);
      expect(filterIds(answer.content), question).toEqual(expected);
    }
  });

  it('which shipments are running late: those the shipments list shows as Running Late', async () => {
    const { all, answer } = await f.ask('Which shipments are running late?');
    expect(toolCalls(all, 'fleet_query')[0]!.arguments).toMatchObject({
      measure: 'shipments',
      shipment_statuses: ['running-late'],
    });
    const response = await t.app.inject({
      url: `/api/accounts/${f.account.id}/shipments?status=running-late`,
      headers: f.headers.admin,
    });
    const late = response
      .json<{ data: Shipment[] }>()
      .data.filter((s) => s.status === 'running-late');
    expect(late.map((s) => s.name)).toEqual(['Load 7 to Milwaukee']);
    expect(textOf(answer)).toMatch(
      /^1 shipment is running late: Load 7 to Milwaukee \(Bravo Van\)/,
    );
  });

  it('show a tracker on the map, and draw the area around one as a polygon', async () => {
    const shown = await f.ask('Show Bravo Van on the map');
    expect(toolCalls([shown.answer], 'ui_update_map')[0]!.arguments).toMatchObject({
      device_ids: [f.bravo.id],
    });
    const drawn = await f.ask('Draw the area around Alpha Truck');
    const polygon = toolCalls([drawn.answer], 'ui_add_polygon')[0]!.arguments;
    expect(polygon).toMatchObject({
      button_text: 'Draw the area around Alpha Truck',
      name: 'Around Alpha Truck',
      polygon: { type: 'Polygon' },
    });
  });

  it('exports the trackers of the previous answer as a CSV the user downloads', async () => {
    const dialog = await f.start('Which devices are offline?');
    await f.messages(dialog.id);
    await t.app.inject({
      method: 'POST',
      url: `/api/v2/dialogs/${dialog.id}/messages`,
      headers: f.headers.admin,
      payload: { message: 'Export these as CSV' },
    });
    const answer = (await f.messages(dialog.id)).at(-1)!;
    expect(textOf(answer)).toBe('Here is a CSV of the 2 trackers from my last answer.');
    const file = toolCalls([answer], 'ui_create_file')[0]!.arguments as {
      download_url: string;
      original_name: string;
    };
    expect(file.original_name).toBe('trackers.csv');
    const download = await t.app.inject({ url: file.download_url, headers: f.headers.admin });
    expect(download.statusCode).toBe(200);
    const lines = download.body.trim().split('\r\n');
    expect(lines[0]).toBe('Name,Serial,Last fix (UTC),Address,Latitude,Longitude,Battery %');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['Bravo Van', 'Charlie Reefer']);
    // Positions west of Greenwich are numbers a spreadsheet reads, not text behind an apostrophe.
    const listed = await trackersList();
    const at = listed.find((d) => d.id === f.bravo.id)!.current_position!;
    expect(at.lng).toBeLessThan(0);
    expect(lines[1]).toContain(`,${at.lat},${at.lng},`);
    expect(download.body).not.toContain("'-");
    // Nobody else may download it.
    const foreign = await t.app.inject({ url: file.download_url, headers: f.headers.secondAdmin });
    expect(foreign.statusCode).toBe(404);
  });

  it('says plainly what it cannot answer', async () => {
    const { all, answer } = await f.ask('What will the weather be tomorrow?');
    expect(toolCalls(all)).toHaveLength(0);
    expect(textOf(answer)).toMatch(/^I can't answer that yet\./);
  });

  it('creates a geofence only after the user confirms', async () => {
    const dialog = await f.start('Create a geofence around Bravo Van');
    const proposal = (await f.messages(dialog.id)).at(-1)!;
    expect(textOf(proposal)).toMatch(/^Shall I create the geofence "Around Bravo Van"/);
    expect(toolCalls([proposal])).toHaveLength(0);
    await t.app.inject({
      method: 'POST',
      url: `/api/v2/dialogs/${dialog.id}/messages`,
      headers: f.headers.admin,
      payload: { message: 'Yes' },
    });
    const done = (await f.messages(dialog.id)).at(-1)!;
    expect(textOf(done)).toBe('I created the geofence "Around Bravo Van".');
    const geofences = await t.app.inject({
      url: `/api/accounts/${f.account.id}/geofences?search=Around%20Bravo`,
      headers: f.headers.admin,
    });
    expect(geofences.json<{ data: { name: string }[] }>().data.map((g) => g.name)).toContain(
      'Around Bravo Van',
    );
  });
});

describe('Scout sees through the user’s eyes', () => {
  it('a viewer who sees Alpha only never gets another tracker', async () => {
    const viewer = await actorOf(t.db, f.viewer.id, f.account.id);
    const questions = [
      'Which devices have not moved in 24 hours?',
      'Which devices are outside a geofence?',
      'Which trackers are low on battery?',
      'Where is Bravo Van?',
      'Which trackers are in group North Fleet?',
    ];
    const hidden = [f.bravo, f.charlie];
    for (const question of questions) {
      const written: ContentBlock[][] = [];
      await converse(t.ctx, new OfflineModel(), {
        actor: viewer,
        conversation: [{ role: 'user', content: [{ type: 'text', text: question }] }],
        askedModel: null,
        turn: { dialogId: 0, userId: f.viewer.id },
        write: async (content) => written.push(content),
      });
      const everything = JSON.stringify(written);
      for (const tracker of hidden) {
        expect(everything, question).not.toContain(tracker.name);
        expect(everything, question).not.toContain(tracker.serial);
      }
    }
  });
});
