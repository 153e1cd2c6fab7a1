/** 'pending,failed' → the known statuses among them; unknown names match nothing. */
export function statusList<S extends string>(known: readonly S[], text: string | undefined) {
  if (!text) return undefined;
  const wanted = text.split(',').map((s) => s.trim());
  return known.filter((s) => wanted.includes(s));
}
