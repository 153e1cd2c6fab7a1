import { GROUP_WIZARD_PAGE_SIZE, pagerLastPage } from '@waymark/domain';

/** A tracker as the wizard's tables show it: serial and name. */
export interface WizardTracker {
  id: number;
  serial: string;
  name: string;
}

/** Rows whose name or serial contains the search text, any case. */
export function searchTrackers<T extends WizardTracker>(rows: readonly T[], search: string): T[] {
  const text = search.trim().toLowerCase();
  if (!text) return [...rows];
  return rows.filter(
    (r) => r.name.toLowerCase().includes(text) || r.serial.toLowerCase().includes(text),
  );
}

/** The page to show: the asked one, moved back when rows were removed under it. */
export function clampPage(page: number, total: number, pageSize = GROUP_WIZARD_PAGE_SIZE) {
  return Math.min(Math.max(1, page), pagerLastPage(total, pageSize));
}

export function pageSlice<T>(rows: readonly T[], page: number, pageSize = GROUP_WIZARD_PAGE_SIZE) {
  const start = (page - 1) * pageSize;
  return rows.slice(start, start + pageSize);
}

/** All given ids checked in `selected`: the state of a select-all box over those rows. */
export function allChecked(ids: readonly number[], selected: ReadonlySet<number>): boolean {
  return ids.length > 0 && ids.every((id) => selected.has(id));
}

/** `selected` with the ids added or taken out. */
export function toggled(
  selected: ReadonlySet<number>,
  ids: readonly number[],
  on: boolean,
): Set<number> {
  const next = new Set(selected);
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}
