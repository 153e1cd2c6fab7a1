import { z } from 'zod';
import {
  polygonGeometrySchema,
  uiAddPolygonArgsSchema,
  uiFilterDevicesArgsSchema,
  uiUpdateMapArgsSchema,
} from '@waymark/domain';
import { storeChatFile } from './chat-files.service';
import { fileDownloadUrl } from './scout.present';
import { trackersCsv } from './scout-csv';
import { defineTool } from './scout-tool';

const shown = { shown: 'The app shows this to the user as a button.' };

/**
 * The UI tools (spec 001 §8): calls the app turns into buttons labelled button_text. The
 * server checks their arguments (only trackers the user sees are kept) and, for
 * ui_create_file, stores the file the button downloads.
 */
export const uiTools = [
  defineTool({
    name: 'ui_filter_devices',
    description:
      'Offer a button that narrows the trackers list and map to these trackers (after you found them with another tool).',
    parameters: uiFilterDevicesArgsSchema,
    async run(fleet, args) {
      const visible = new Set((await fleet.trackers()).map((t) => t.id));
      const deviceIds = args.device_ids.filter((id) => visible.has(id));
      return { result: shown, uiArguments: { ...args, device_ids: deviceIds } };
    },
  }),
  defineTool({
    name: 'ui_update_map',
    description:
      'Offer a button that moves the map: to `center` ({lat, lng}) and `zoom` (15 for one tracker), or to fit `bounds` [[west, south], [east, north]].',
    parameters: uiUpdateMapArgsSchema,
    async run(fleet, args) {
      const visible = new Set((await fleet.trackers()).map((t) => t.id));
      const deviceIds = args.device_ids?.filter((id) => visible.has(id));
      return {
        result: shown,
        uiArguments: { ...args, ...(deviceIds ? { device_ids: deviceIds } : {}) },
      };
    },
  }),
  defineTool({
    name: 'ui_add_polygon',
    description:
      "Offer a button that draws a polygon on the map (GeoJSON Polygon, [lng, lat] positions), which the user may keep with 'Save as a Geofence'.",
    parameters: uiAddPolygonArgsSchema,
    async run(_fleet, args) {
      return {
        result: shown,
        uiArguments: { ...args, polygon: polygonGeometrySchema.parse(args.polygon) },
      };
    },
  }),
  defineTool({
    name: 'ui_create_file',
    description:
      'Offer a button that downloads a CSV file: the trackers `device_ids` (name, serial, last fix, address, position, battery), or the CSV text `csv` you wrote.',
    parameters: z.object({
      button_text: z.string().min(1),
      file_name: z.string().min(1).max(120),
      device_ids: z.array(z.number().int()).optional(),
      csv: z.string().max(1_000_000).optional(),
    }),
    async run(fleet, args, turn) {
      const name = args.file_name.replace(/[\\/]/g, '-').replace(/(\.csv)?$/i, '.csv');
      let text = args.csv ?? '';
      if (args.device_ids) {
        const wanted = new Set(args.device_ids);
        text = trackersCsv((await fleet.trackers()).filter((t) => wanted.has(t.id)));
      }
      const file = await storeChatFile(fleet.ctx, turn.userId, {
        name,
        mimeType: 'text/csv',
        bytes: Buffer.from(text, 'utf8'),
      });
      return {
        result: { ...shown, file: { id: file.id, name } },
        uiArguments: {
          button_text: args.button_text,
          file_id: file.id,
          original_name: name,
          download_url: fileDownloadUrl(file.id),
        },
      };
    },
  }),
];
