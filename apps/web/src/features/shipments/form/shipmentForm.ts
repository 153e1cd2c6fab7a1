import {
  NOTIFY_AT_DEFAULT,
  shipmentAddressSchema,
  shipmentCreateSchema,
  shipmentUpdateSchema,
  SHIPMENT_MESSAGES,
  type Place,
  type Shipment,
  type ShipmentCreateInput,
} from '@waymark/domain';
import type { ShipmentUpdateBody } from '../../../api/shipments';

/** One end of the route: a geofence, or with 'Use an address instead' a picked address. */
export interface ShipmentSideValues {
  geofenceId: number | null;
  useAddress: boolean;
  /** The picked place; null while the typed text has not been picked from the list. */
  address: Place | null;
  addressText: string;
}

/** What the New Shipment form holds. */
export interface ShipmentCreateValues {
  name: string;
  carrier: string;
  start: Date | null;
  end: Date | null;
  deviceId: number | null;
  from: ShipmentSideValues;
  to: ShipmentSideValues;
  notifyAt: number | null;
  emails: string[];
  phones: string[];
}

/** What the edit form holds: the tracker and the locations are read-only there. */
export interface ShipmentEditValues {
  name: string;
  carrier: string;
  start: Date | null;
  end: Date | null;
  notifyAt: number | null;
  emails: string[];
  phones: string[];
}

/** Field messages keyed like the server's 422 `errors` (first path segment). */
export type FieldErrors = Record<string, string>;

export const emptySide: ShipmentSideValues = {
  geofenceId: null,
  useAddress: false,
  address: null,
  addressText: '',
};

export const emptyShipmentForm: ShipmentCreateValues = {
  name: '',
  carrier: '',
  start: null,
  end: null,
  deviceId: null,
  from: emptySide,
  to: emptySide,
  notifyAt: NOTIFY_AT_DEFAULT,
  emails: [],
  phones: [],
};

/**
 * A moment as the edit call sends it (spec 001 §5): 'yyyy-MM-dd HH:mm:ss' on UTC clocks,
 * whole seconds.
 */
export function formatApiDate(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** Ticking 'Use an address instead' clears the geofence choice (spec 001 §5). */
export function withUseAddress(useAddress: boolean): Partial<ShipmentSideValues> {
  return useAddress ? { useAddress, geofenceId: null } : { useAddress };
}

/**
 * One side as the create call names it. A ticked side with text typed but not picked is sent
 * without a point, so the user reads 'lat and lng are required'; with no text at all, with an
 * empty name ('address is required').
 */
function sidePayload(side: ShipmentSideValues): {
  geofence_id: number | null;
  address: ShipmentCreateInput['from_address'];
} {
  if (!side.useAddress) return { geofence_id: side.geofenceId, address: null };
  const text = side.addressText.trim();
  const picked = side.address && side.address.label === text ? side.address : null;
  const address = picked
    ? { name: picked.label, lat: picked.lat, lng: picked.lng }
    : // Deliberately incomplete: the schema names what is missing.
      ({ name: text } as unknown as ShipmentCreateInput['from_address']);
  return { geofence_id: null, address };
}

/** The create payload of spec 001 §7: dates in ISO 8601, blank carrier as null. */
export function createPayloadOf(values: ShipmentCreateValues): ShipmentCreateInput {
  const from = sidePayload(values.from);
  const to = sidePayload(values.to);
  return {
    name: values.name.trim(),
    carrier: values.carrier.trim() || null,
    start_at: values.start?.toISOString() as string,
    end_at: values.end?.toISOString() as string,
    device_id: values.deviceId as number,
    from_geofence_id: from.geofence_id,
    from_address: from.address,
    to_geofence_id: to.geofence_id,
    to_address: to.address,
    notify_at: values.notifyAt as number,
    notification_emails: values.emails,
    notification_phone_numbers: values.phones,
  };
}

/** The update payload (spec 001 §5): dates as 'yyyy-MM-dd HH:mm:ss' UTC, empty lists as null. */
export function editPayloadOf(values: ShipmentEditValues): ShipmentUpdateBody {
  const body: ShipmentUpdateBody = {
    name: values.name.trim(),
    carrier: values.carrier.trim() || null,
    notification_emails: values.emails.length > 0 ? values.emails : null,
    notification_phone_numbers: values.phones.length > 0 ? values.phones : null,
  };
  if (values.start) body.start_at = formatApiDate(values.start);
  if (values.end) body.end_at = formatApiDate(values.end);
  if (values.notifyAt !== null) body.notify_at = values.notifyAt;
  return body;
}

/** The edit form of a stored shipment. */
export function editFormOf(shipment: Shipment): ShipmentEditValues {
  return {
    name: shipment.name,
    carrier: shipment.carrier ?? '',
    start: new Date(shipment.start_at),
    end: new Date(shipment.end_at),
    notifyAt: shipment.notify_at,
    emails: shipment.notification_emails,
    phones: shipment.notification_phone_numbers,
  };
}

/** A 422's `errors` or a schema's issues, first message per field, by the path's first part. */
export function fieldErrorsOf(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
  return errors;
}

/**
 * The server's 422 `errors` on the form's fields: nested keys ('to_address.lat',
 * 'notification_emails.1') go under the field that holds them.
 */
export function serverFieldErrors(errors: Record<string, readonly string[]>): FieldErrors {
  return fieldErrorsOf(
    Object.entries(errors).flatMap(([key, messages]) =>
      messages.slice(0, 1).map((message) => ({ path: key.split('.'), message })),
    ),
  );
}

/** Every message of spec 001 §5 the create form would show, checked by the server's schema. */
export function validateCreate(values: ShipmentCreateValues): FieldErrors {
  const result = shipmentCreateSchema.safeParse(createPayloadOf(values));
  const errors = result.success ? {} : fieldErrorsOf(result.error.issues);
  // The schema checks the sides only once every field is valid: name them with the rest.
  for (const side of ['from', 'to'] as const) {
    const v = values[side];
    if (!v.useAddress) {
      if (v.geofenceId === null)
        errors[`${side}_geofence_id`] ??= SHIPMENT_MESSAGES.geofenceRequired;
      continue;
    }
    const address = shipmentAddressSchema.safeParse(sidePayload(v).address);
    const issue = address.success ? undefined : address.error.issues[0];
    if (issue) errors[`${side}_address`] ??= issue.message;
  }
  return errors;
}

/** The edit form's messages, by the update call's schema. */
export function validateEdit(values: ShipmentEditValues): FieldErrors {
  const result = shipmentUpdateSchema.safeParse(editPayloadOf(values));
  const errors = result.success ? {} : fieldErrorsOf(result.error.issues);
  // Left out, the call would keep the stored dates; a cleared input is a missing date.
  if (!values.start) errors.start_at = SHIPMENT_MESSAGES.dateRequired;
  if (!values.end) errors.end_at = SHIPMENT_MESSAGES.dateRequired;
  return errors;
}

/**
 * The messages shown: after a Save was tried, every field's; before, only those of the
 * fields the user has left, so an untouched form is not red all over (as the geofence form).
 */
export function shownErrors(
  errors: FieldErrors,
  touched: ReadonlySet<string>,
  submitted: boolean,
): FieldErrors {
  if (submitted) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([field]) => touched.has(field)));
}

/** The shared toasts of saving and deleting (as the other screens word them). */
export const SAVED = 'Saved successfully!';
export const SAVE_FAILED = 'Cannot save, please try again';
export const DELETED = 'Successfully deleted!';
export const DELETE_FAILED = 'Cannot delete, please try again';
