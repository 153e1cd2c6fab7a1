import { z } from 'zod';
import { polygonGeometrySchema } from '../geofence/geofence.schema';

/**
 * The UI tools: tool calls Scout returns for the app to perform (spec 001 §4, §8). The web turns
 * each into a button labelled `button_text`; any other name starting with ui_ shows
 * 'The {name} is not yet supported.'. The server puts them on the answer (the message with
 * stop_reason 'stop'), after its text block, with the arguments below (ui_create_file's file
 * already stored); intermediate messages hold only the tools that read data and their results.
 */
export const UI_TOOL_NAMES = [
  'ui_update_map',
  'ui_add_polygon',
  'ui_filter_devices',
  'ui_create_file',
] as const;
export type UiToolName = (typeof UI_TOOL_NAMES)[number];

/** True for a tool call the app should show as a button (its name starts with ui_). */
export function isUiToolCall(name: string): boolean {
  return name.startsWith('ui_');
}

/** True for the UI tools the app supports. */
export function isSupportedUiTool(name: string): name is UiToolName {
  return (UI_TOOL_NAMES as readonly string[]).includes(name);
}

const buttonText = z.string().min(1).describe('The label of the button the app shows');
const lngLat = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);

/** ui_filter_devices: narrow the trackers list (and map) to these trackers. */
export const uiFilterDevicesArgsSchema = z.object({
  button_text: buttonText,
  device_ids: z.array(z.number().int()).describe('The trackers to keep in the list'),
});

/**
 * ui_update_map: move the map, to a centre and zoom or to fit bounds (one of the two).
 * `bounds` is [[west, south], [east, north]] as MapLibre's fitBounds takes it.
 */
export const uiUpdateMapArgsSchema = z.object({
  button_text: buttonText,
  center: z
    .object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) })
    .optional(),
  zoom: z.number().min(0).max(22).optional(),
  bounds: z.tuple([lngLat, lngLat]).optional(),
  device_ids: z
    .array(z.number().int())
    .optional()
    .describe('The trackers the view is about, when it is about trackers'),
});

/** ui_add_polygon: draw a polygon the user may keep with 'Save as a Geofence'. */
export const uiAddPolygonArgsSchema = z.object({
  button_text: buttonText,
  polygon: polygonGeometrySchema.describe('GeoJSON Polygon, [lng, lat] positions'),
  name: z.string().optional().describe('A suggested geofence name'),
});

/** ui_create_file: a file the server stored, for the app to download under its name. */
export const uiCreateFileArgsSchema = z.object({
  button_text: buttonText,
  file_id: z.number().int(),
  original_name: z.string(),
  download_url: z.string().describe('/api/v2/files/{id}/download; the web drops the /api'),
});

export type UiFilterDevicesArgs = z.infer<typeof uiFilterDevicesArgsSchema>;
export type UiUpdateMapArgs = z.infer<typeof uiUpdateMapArgsSchema>;
export type UiAddPolygonArgs = z.infer<typeof uiAddPolygonArgsSchema>;
export type UiCreateFileArgs = z.infer<typeof uiCreateFileArgsSchema>;

/** The arguments of each UI tool, for the app to parse a tool call before acting on it. */
export const uiToolArgsSchemas = {
  ui_filter_devices: uiFilterDevicesArgsSchema,
  ui_update_map: uiUpdateMapArgsSchema,
  ui_add_polygon: uiAddPolygonArgsSchema,
  ui_create_file: uiCreateFileArgsSchema,
} as const satisfies Record<UiToolName, z.ZodType>;

export interface UiToolArgs {
  ui_filter_devices: UiFilterDevicesArgs;
  ui_update_map: UiUpdateMapArgs;
  ui_add_polygon: UiAddPolygonArgs;
  ui_create_file: UiCreateFileArgs;
}
