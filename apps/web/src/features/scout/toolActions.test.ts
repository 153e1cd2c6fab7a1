import { describe, expect, it } from 'vitest';
import { buttonText, toolAction } from './toolActions';

const call = (name: string, args: Record<string, unknown>) => ({
  key: 'k',
  name,
  arguments: { button_text: 'Go', ...args },
});

describe('toolAction', () => {
  it('reads the trackers to filter', () => {
    expect(toolAction(call('ui_filter_devices', { device_ids: [3, 5] }))).toEqual({
      kind: 'filter',
      ids: [3, 5],
    });
  });

  it('reads a map view as a centre and zoom, or bounds', () => {
    expect(
      toolAction(call('ui_update_map', { center: { lat: 32.7, lng: -96.8 }, zoom: 12 })),
    ).toEqual({
      kind: 'map',
      view: { kind: 'point', lat: 32.7, lng: -96.8, zoom: 12 },
    });
    expect(
      toolAction(
        call('ui_update_map', {
          bounds: [
            [-97, 32],
            [-96, 33],
          ],
        }),
      ),
    ).toEqual({
      kind: 'map',
      view: {
        kind: 'box',
        box: [
          [-97, 32],
          [-96, 33],
        ],
      },
    });
  });

  it('names the polygon after its suggested name, else its button', () => {
    const polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    };
    expect(toolAction(call('ui_add_polygon', { polygon, name: 'Yard' }))).toEqual({
      kind: 'polygon',
      polygon: { label: 'Yard', polygon },
    });
    expect(toolAction(call('ui_add_polygon', { polygon }))).toMatchObject({
      polygon: { label: 'Go' },
    });
  });

  it('downloads a created file by its url', () => {
    expect(
      toolAction(
        call('ui_create_file', {
          file_id: 4,
          original_name: 'idle.csv',
          download_url: '/api/v2/files/4/download',
        }),
      ),
    ).toEqual({ kind: 'file', name: 'idle.csv', downloadUrl: '/api/v2/files/4/download' });
  });

  it('says which tools are not yet supported, or unreadable', () => {
    expect(toolAction(call('ui_open_report', {}))).toEqual({
      kind: 'unsupported',
      message: 'The ui_open_report is not yet supported.',
    });
    expect(toolAction(call('ui_filter_devices', { device_ids: 'all' }))).toMatchObject({
      kind: 'unsupported',
    });
  });
});

describe('buttonText', () => {
  it("uses the call's button_text", () => {
    expect(buttonText(call('ui_filter_devices', { button_text: 'Show these 4' }))).toBe(
      'Show these 4',
    );
  });
});
