import { randomUUID } from 'node:crypto';
import type { ContentBlock } from '@waymark/domain';
import type { ScoutModelMessage, ScoutModelReply, ScoutToolCall } from '../scout-model';
import { simplify, type Reading } from './offline-reading';
import { OFFLINE_TEXTS } from './offline-texts';

export const call = (name: string, args: Record<string, unknown>): ScoutToolCall => ({
  id: `call_${randomUUID().replace(/-/g, '').slice(0, 16)}`,
  name,
  arguments: args,
});

const calls = (...toolCalls: ScoutToolCall[]): ScoutModelReply => ({ text: '', toolCalls });
const say = (text: string, ...toolCalls: ScoutToolCall[]): ScoutModelReply => ({ text, toolCalls });

/** The trackers of the latest answer that named some (its ui_filter_devices button). */
export function previousTrackerIds(history: ScoutModelMessage[]): number[] | undefined {
  for (let i = history.length - 1; i >= 0; i--) {
    const blocks: ContentBlock[] = history[i]!.content;
    for (const block of blocks) {
      if (block.type === 'tool_call' && block.name === 'ui_filter_devices') {
        return block.arguments.device_ids as number[];
      }
    }
  }
  return undefined;
}

/** The tracker the question names, as a tool argument (its id, else the words used). */
const trackerArg = (r: Reading) => r.tracker?.id ?? r.trackerWords;

/** The proposal of the previous answer ('Shall I create the geofence …'), if it made one. */
function pendingGeofence(history: ScoutModelMessage[]) {
  const last = [...history].reverse().find((m) => m.role === 'assistant');
  const text = last?.content.find((b) => b.type === 'text');
  if (!text || text.type !== 'text') return undefined;
  const match = OFFLINE_TEXTS.proposalPattern.exec(text.text);
  return match ? { name: match[1]!, tracker: match[2]! } : undefined;
}

/**
 * The first step of an answer: the tools the question needs, or an answer straight away when
 * none does (a CSV of the previous answer, a confirmation to ask, a question it cannot answer).
 */
export function plan(reading: Reading, history: ScoutModelMessage[]): ScoutModelReply {
  const r = reading;
  switch (r.intent) {
    case 'not_moved':
      return calls(call('trackers_not_moved', { hours: r.hours ?? 24 }));
    case 'overdue':
      return calls(call('trackers_overdue', {}));
    case 'low_battery':
      return calls(call('trackers_low_battery', r.number ? { below: r.number } : {}));
    case 'outside_geofence':
    case 'inside_geofence':
      return calls(
        call('trackers_by_geofence', {
          inside: r.intent === 'inside_geofence',
          ...(r.geofence ? { geofence: r.geofence.id } : {}),
        }),
      );
    case 'in_group':
      return calls(call('trackers_in_group', { group: r.group!.id }));
    case 'late_shipments':
      return calls(call('list_shipments', { status: 'running-late' }));
    case 'shipments':
      return calls(call('list_shipments', {}));
    case 'events':
      return calls(
        call('recent_events', {
          hours: r.hours ?? 24,
          ...(r.tracker ? { tracker: r.tracker.id } : {}),
        }),
      );
    case 'dwell':
      return calls(call('dwell_times', r.geofence ? { geofence: r.geofence.name } : {}));
    case 'list_geofences':
      return calls(call('list_geofences', {}));
    case 'list_trackers':
      return calls(call('search_trackers', {}));
    case 'where_is':
    case 'show_on_map':
    case 'draw_area':
    case 'history': {
      const tracker = trackerArg(r);
      if (tracker === undefined) {
        if (r.intent === 'show_on_map' && previousTrackerIds(history)?.length) {
          return calls(call('search_trackers', {}));
        }
        return say(OFFLINE_TEXTS.whichTracker);
      }
      return r.intent === 'history'
        ? calls(call('tracker_history', { tracker, hours: r.hours ?? 24 }))
        : calls(call('tracker_location', { tracker }));
    }
    case 'create_geofence': {
      const tracker = r.tracker;
      if (!tracker) return say(OFFLINE_TEXTS.whichTrackerForGeofence);
      return say(OFFLINE_TEXTS.proposal(`Around ${tracker.name}`, tracker.name));
    }
    case 'confirm': {
      const pending = pendingGeofence(history);
      if (!pending) return say(OFFLINE_TEXTS.nothingToConfirm);
      return calls(
        call('create_geofence', { name: pending.name, tracker: pending.tracker, confirmed: true }),
      );
    }
    case 'export_csv': {
      const ids = previousTrackerIds(history);
      if (!ids) return say(OFFLINE_TEXTS.nothingToExport);
      return say(
        OFFLINE_TEXTS.csvOfPrevious(ids.length),
        call('ui_create_file', {
          button_text: OFFLINE_TEXTS.downloadCsv,
          file_name: 'trackers.csv',
          device_ids: ids,
        }),
      );
    }
    case 'unknown':
      return say(OFFLINE_TEXTS.cannotAnswer);
  }
}

export { simplify };
