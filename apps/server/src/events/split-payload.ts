/**
 * Halves an event whose one list is too big for a message (a 5,000-position batch's
 * `positions.committed` is several MB; NATS carries 1 MB by default): two payloads with the
 * same other fields and half the list each. Undefined when the payload has no list of two or
 * more to halve. Subscribers already take each event as a batch, so two batches read as one.
 */
export function halves<T>(payload: T): [T, T] | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const lists = Object.entries(payload).filter(([, v]) => Array.isArray(v) && v.length > 1);
  if (lists.length !== 1) return undefined;
  const [key, list] = lists[0]! as [string, unknown[]];
  const middle = Math.ceil(list.length / 2);
  return [
    { ...payload, [key]: list.slice(0, middle) },
    { ...payload, [key]: list.slice(middle) },
  ];
}
