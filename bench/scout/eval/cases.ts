import { shortDate } from './days';
import type { Expect, Pick } from './expect';
import { select } from './expect';
import type { World } from './world';

/**
 * One question of the evaluation: its category, its text as a person types it (`{d-3}` is
 * the local day three days back, written "Nov 29"), what was said before it in the same dialog,
 * a file sent with it, and how its right answer is worked out from the API when it is asked.
 */
export const CATEGORIES = [
  'counts',
  'status',
  'sensors',
  'distance-time',
  'trips-stops',
  'ranking',
  'places',
  'shipments',
  'groups',
  'follow-ups',
  'actions',
  'attachments',
  'refusals',
  'ambiguous',
] as const;
export type Category = (typeof CATEGORIES)[number];

export interface Attachment {
  name: string;
  mime: string;
  body: (w: World) => Promise<Buffer>;
}

export interface EvalCase {
  category: Category;
  text: string;
  expect: Expect;
  before?: string[];
  attach?: Attachment;
}

export const q = (
  category: Category,
  text: string,
  expect: Expect,
  more: { before?: string[]; attach?: Attachment } = {},
): EvalCase => ({ category, text, expect, ...more });

/** The question as sent: `{d-N}` becomes the local day N days back. */
export const fill = (text: string, w: World) =>
  text.replace(/\{d-(\d+)\}/g, (_, n: string) => shortDate(w.day(-Number(n))));

/** A CSV of the picked trackers' names (or serials), one a line under a header. */
export const csvFile = (pick: Pick, column: 'name' | 'serial', limit = 50): Attachment => ({
  name: column === 'name' ? 'trackers.csv' : 'serials.csv',
  mime: 'text/csv',
  body: async (w) => {
    const rows = (await select(w, pick)).slice(0, limit).map((d) => d[column]);
    return Buffer.from([column, ...rows].join('\n') + '\n');
  },
});

/** A 1×1 PNG: a picture Scout cannot read tracker names from. */
export const pngFile: Attachment = {
  name: 'yard-photo.png',
  mime: 'image/png',
  body: async () =>
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
};

/** A one-page PDF without text Scout could read. */
export const pdfFile: Attachment = {
  name: 'manifest.pdf',
  mime: 'application/pdf',
  body: async () =>
    Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    ),
};
