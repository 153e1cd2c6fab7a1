/**
 * The serials of a numeric range: `count` serials from `first`, each as wide as `first`
 * (leading zeros kept), e.g. ('0098', 3) -> ['0098', '0099', '0100'].
 */
export function serialRange(first: string, count: number): string[] {
  const start = BigInt(first);
  return Array.from({ length: count }, (_, i) =>
    (start + BigInt(i)).toString().padStart(first.length, '0'),
  );
}

/** Serials typed in a box: split on commas, semicolons and white space, blanks dropped. */
export function splitSerials(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
