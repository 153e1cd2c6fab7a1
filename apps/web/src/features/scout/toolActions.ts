import { CHAT_MESSAGES, isSupportedUiTool, uiToolArgsSchemas } from '@waymark/domain';
import type { ScoutPolygon, ScoutView } from './scoutBridge';
import type { UiToolCall } from './thinking';

/** The zoom for a point without one: close enough to see the place (spec 000 §9). */
const POINT_ZOOM = 15;

/** What pressing a ui_ tool call's button does, read from its arguments. */
export type ToolAction =
  | { kind: 'filter'; ids: number[] }
  | { kind: 'map'; view: ScoutView }
  | { kind: 'polygon'; polygon: ScoutPolygon }
  | { kind: 'file'; name: string; downloadUrl: string }
  | { kind: 'unsupported'; message: string };

/**
 * Reads a ui_ tool call by the contract's argument schemas (spec 001 §8). A tool this app does
 * not know, or arguments it cannot read, answer 'The {name} is not yet supported.' rather than
 * doing something else.
 */
export function toolAction(call: UiToolCall): ToolAction {
  const unsupported = {
    kind: 'unsupported',
    message: CHAT_MESSAGES.unsupportedAction(call.name),
  } as const;
  if (!isSupportedUiTool(call.name)) return unsupported;
  switch (call.name) {
    case 'ui_filter_devices': {
      const args = uiToolArgsSchemas.ui_filter_devices.safeParse(call.arguments);
      return args.success ? { kind: 'filter', ids: args.data.device_ids } : unsupported;
    }
    case 'ui_update_map': {
      const args = uiToolArgsSchemas.ui_update_map.safeParse(call.arguments);
      if (!args.success) return unsupported;
      const { bounds, center, zoom } = args.data;
      if (bounds) return { kind: 'map', view: { kind: 'box', box: bounds } };
      if (center) {
        return {
          kind: 'map',
          view: { kind: 'point', lng: center.lng, lat: center.lat, zoom: zoom ?? POINT_ZOOM },
        };
      }
      return unsupported;
    }
    case 'ui_add_polygon': {
      const args = uiToolArgsSchemas.ui_add_polygon.safeParse(call.arguments);
      if (!args.success) return unsupported;
      return {
        kind: 'polygon',
        polygon: {
          polygon: args.data.polygon as GeoJSON.Polygon,
          label: args.data.name?.trim() || args.data.button_text,
        },
      };
    }
    case 'ui_create_file': {
      const args = uiToolArgsSchemas.ui_create_file.safeParse(call.arguments);
      return args.success
        ? { kind: 'file', name: args.data.original_name, downloadUrl: args.data.download_url }
        : unsupported;
    }
  }
}

/** The button's label: the call's button_text (always there per the contract), else its name. */
export function buttonText(call: UiToolCall): string {
  const text = call.arguments.button_text;
  return typeof text === 'string' && text ? text : call.name;
}
