import { z } from 'zod';
import { idSchema, textSchema } from '../common/fields.schema';

/** Spec 000 §9: anchor radius options in feet, and the default. */
export const ANCHOR_RADIUS_OPTIONS = [30, 40, 50, 60, 70, 80] as const;
export const DEFAULT_ANCHOR_RADIUS = 30;
export const FEET_TO_METRES = 0.3048;

/** Spec 002 §8: images over 1 Mb are refused, by the browser and by the server alike. */
export const ANCHOR_IMAGE_MAX_BYTES = 1024 * 1024;
/** Raster formats a browser shows in <img>; SVG is left out because it can carry script. */
export const ANCHOR_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** How long the size message stays on screen (spec 002 §8). */
export const ANCHOR_IMAGE_MESSAGE_MS = 10_000;

export const ANCHOR_MESSAGES = {
  nameRequired: 'Name is required',
  serialRequired: 'Serial is required',
  serialFormat: 'Serial may contain only letters, digits, colons and dashes',
  serialTaken: 'The serial has already been taken.',
  radius: `Radius must be one of ${ANCHOR_RADIUS_OPTIONS.join(', ')} feet`,
  location: 'Enter an address or click a point on the map',
  addressNotFound: 'Address not found: click the point on the map instead',
  geofence: 'The selected geofence is invalid.',
  imageType: 'Only PNG, JPEG, GIF or WebP images can be uploaded',
  imageMissing: 'Choose an image to upload',
} as const;

/** Spec 002 §8, verbatim. */
export const imageTooBigMessage = (filename: string) =>
  `${filename} size exceeds the maximum of 1 Mb`;

/** An anchor's photo; `path` is the address an <img> loads it from. */
export const anchorImageSchema = z.object({
  id: z.number().int(),
  path: z.string(),
});
export type AnchorImage = z.infer<typeof anchorImageSchema>;

/** A BLE anchor as the API answers it (spec 000 §3). Radius in feet. */
export const anchorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  serial: z.string(),
  address: z.string().nullable(),
  notes: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  radius: z.number().int(),
  geofence_id: z.number().int().nullable(),
  images: z.array(anchorImageSchema),
  /** The account's tracker registered with the anchor's serial, if the beacon is one. */
  device: z.object({ id: z.number().int(), serial: z.string() }).nullable(),
});
export type Anchor = z.infer<typeof anchorSchema>;

const optionalText = (max: number, multiline = false) =>
  textSchema({ max, multiline })
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * Store payload of POST and PUT anchors (spec 000 §7). A serial is stored lower case so a
 * gateway's upper-case MAC finds the same anchor. Either lat and lng, or an address the
 * server can find, gives the location.
 */
export const anchorStoreSchema = z.object({
  name: textSchema({ max: 120, error: ANCHOR_MESSAGES.nameRequired }).min(1, {
    error: ANCHOR_MESSAGES.nameRequired,
    abort: true,
  }),
  serial: textSchema({ max: 64, error: ANCHOR_MESSAGES.serialRequired })
    .min(1, { error: ANCHOR_MESSAGES.serialRequired, abort: true })
    .regex(/^[A-Za-z0-9:-]+$/, ANCHOR_MESSAGES.serialFormat)
    .transform((v) => v.toLowerCase()),
  geofence_id: idSchema.nullish(),
  address: optionalText(255),
  radius: z
    .number({ error: ANCHOR_MESSAGES.radius })
    .int(ANCHOR_MESSAGES.radius)
    .refine((v) => (ANCHOR_RADIUS_OPTIONS as readonly number[]).includes(v), ANCHOR_MESSAGES.radius)
    .default(DEFAULT_ANCHOR_RADIUS),
  lat: z.number().min(-90).max(90).nullish(),
  lng: z.number().min(-180).max(180).nullish(),
  notes: optionalText(2000, true),
});
export type AnchorStore = z.input<typeof anchorStoreSchema>;
export type AnchorStoreParsed = z.output<typeof anchorStoreSchema>;
