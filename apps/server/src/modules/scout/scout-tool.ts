import type { z } from 'zod';
import type { DeviceListItem } from '@waymark/domain';
import { DomainError } from '../../errors/domain-error';
import type { ScoutFleet } from './scout-fleet';

/** What a tool answers: the result the model reads, and for UI tools the call the app gets. */
export interface ToolOutcome {
  result: unknown;
  /** UI tools: the arguments the app receives (ui_create_file's stored file, for one). */
  uiArguments?: Record<string, unknown>;
}

/**
 * One of Scout's tools: a module service called with the asking user's actor (inside
 * `fleet`). `parameters` is what a provider's model is told; the agent parses the arguments
 * with it before running the tool.
 */
export interface ScoutTool<S extends z.ZodType = z.ZodType> {
  name: string;
  description: string;
  parameters: S;
  run(fleet: ScoutFleet, args: z.infer<S>, turn: TurnInfo): Promise<ToolOutcome>;
}

/** About the answer being written: whose dialog, for tools that store things. */
export interface TurnInfo {
  dialogId: number;
  userId: number;
}

export const defineTool = <S extends z.ZodType>(tool: ScoutTool<S>): ScoutTool => tool as never;

/** The most trackers a result lists by name; the count is always complete. */
export const LISTED_MAX = 100;

/** A tracker as results show it: what a person asks about it. */
export function trackerSummary(t: DeviceListItem) {
  const p = t.current_position;
  return {
    id: t.id,
    name: t.name,
    serial: t.serial,
    last_fix: p?.timestamp ?? null,
    address: p?.address ?? null,
    lat: p?.lat ?? null,
    lng: p?.lng ?? null,
    battery: p?.battery ?? null,
    last_movement: p?.last_movement_time ?? null,
  };
}
export type TrackerSummary = ReturnType<typeof trackerSummary>;

/** A list of trackers as a result: how many, and the first LISTED_MAX of them. */
export function trackerList(trackers: DeviceListItem[], extra: Record<string, unknown> = {}) {
  return {
    ...extra,
    count: trackers.length,
    device_ids: trackers.map((t) => t.id),
    trackers: trackers.slice(0, LISTED_MAX).map(trackerSummary),
  };
}

const norm = (text: string) => text.trim().toLowerCase();

/**
 * The tracker a person means by `ref` among those the actor sees: its id, its name or serial
 * (any case), else the one name containing it. Undefined when none or several match.
 */
export function findTracker(trackers: readonly DeviceListItem[], ref: string | number) {
  const text = norm(String(ref));
  const id = Number(text);
  const byId = Number.isInteger(id) ? trackers.find((t) => t.id === id) : undefined;
  if (byId) return byId;
  const exact = trackers.filter((t) => norm(t.name) === text || norm(t.serial) === text);
  if (exact.length === 1) return exact[0];
  const partial = trackers.filter((t) => norm(t.name).includes(text));
  return partial.length === 1 ? partial[0] : undefined;
}

/** The named thing among `items` by id or name (any case), else the one containing it. */
export function findNamed<T extends { id: number; name: string }>(
  items: T[],
  ref: string | number,
) {
  const text = norm(String(ref));
  const byId = items.find((item) => String(item.id) === text);
  if (byId) return byId;
  const exact = items.filter((item) => norm(item.name) === text);
  if (exact.length === 1) return exact[0];
  const partial = items.filter((item) => norm(item.name).includes(text));
  return partial.length === 1 ? partial[0] : undefined;
}

/** A service's refusal (403, 404) as a result the model can tell the user about. */
export async function asResult(work: () => Promise<ToolOutcome>): Promise<ToolOutcome> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError) return { result: { error: error.message } };
    throw error;
  }
}
