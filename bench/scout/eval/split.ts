import type { Category } from './cases';

/** FNV-1a (32 bit) of the question's UTF-8 text: the fixed hash the halves are chosen by. */
export function fnv1a(text: string) {
  let h = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * The held-out third, stratified by category: within each category the questions sorted by
 * hash, every third one (the 3rd, 6th, …) held out. The bench checks that tuning.ts and
 * held-out.ts hold exactly these, so nobody moves a question between them by hand.
 */
export function heldOutTexts(cases: readonly { category: Category; text: string }[]) {
  const held = new Set<string>();
  const byCategory = new Map<Category, string[]>();
  for (const c of cases)
    byCategory.set(c.category, [...(byCategory.get(c.category) ?? []), c.text]);
  for (const texts of byCategory.values()) {
    const sorted = [...texts].sort((a, b) => fnv1a(a) - fnv1a(b) || (a < b ? -1 : 1));
    sorted.forEach((text, i) => {
      if (i % 3 === 2) held.add(text);
    });
  }
  return held;
}
