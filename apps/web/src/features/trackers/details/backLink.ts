/** Group names may be empty; the list screens show this instead (spec 000 §2.3). */
export const UNNAMED_GROUP = 'No Name';

/**
 * Where the user came from, passed as router state by the screens that link to a tracker:
 * `navigate('/trackers/7', { state: { from: 'groups' } })` from the group list, or
 * `{ from: { group: { id, name } } }` from a group's details. Anything else is the list.
 */
export type DetailsOrigin = 'groups' | { group: { id: number; name: string | null } };

export interface BackLink {
  label: string;
  to: string;
}

function isGroup(from: unknown): from is { group: { id: number; name: unknown } } {
  if (!from || typeof from !== 'object' || !('group' in from)) return false;
  const group = (from as { group: unknown }).group;
  return !!group && typeof group === 'object' && typeof (group as { id?: unknown }).id === 'number';
}

/**
 * The back link of the details screen (spec 000 §2.5): the group name, 'All Groups' or
 * 'All Trackers'. Router state is whatever the previous page left, so it is checked, not
 * trusted.
 */
export function backLinkFor(state: unknown): BackLink {
  const from = state && typeof state === 'object' ? (state as { from?: unknown }).from : undefined;
  if (from === 'groups') return { label: 'All Groups', to: '/groups' };
  if (isGroup(from)) {
    const { id, name } = from.group;
    const label = typeof name === 'string' && name.trim() ? name : UNNAMED_GROUP;
    return { label, to: `/groups/${id}` };
  }
  return { label: 'All Trackers', to: '/trackers' };
}
