/** A `--name N` option of a bench: a positive whole number, or the fallback when absent. */
export function positiveInt(name: string, text: string | undefined, fallback: number) {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n <= 0) {
    throw new Error(`--${name} must be a positive whole number, got ${JSON.stringify(text)}`);
  }
  return n;
}
