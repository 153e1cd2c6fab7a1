import { useCallback, useState } from 'react';
import { afterPointerRelease } from './afterPointerRelease';

/**
 * The fields a user has left, whose messages a form shows from then on, and `leave` for each
 * input's blur. The one way forms mark a field left: the message waits for the press that left
 * the field to end, so it never moves the button being clicked (`afterPointerRelease`).
 */
export function useLeftFields() {
  const [left, setLeft] = useState<ReadonlySet<string>>(() => new Set());
  const leave = useCallback(
    (field: string) =>
      afterPointerRelease(() =>
        setLeft((fields) => (fields.has(field) ? fields : new Set(fields).add(field))),
      ),
    [],
  );
  return [left, leave] as const;
}
