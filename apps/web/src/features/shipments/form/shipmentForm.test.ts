import { describe, expect, it } from 'vitest';
import { SHIPMENT_MESSAGES as m, type Shipment } from '@waymark/domain';
import {
  createPayloadOf,
  editFormOf,
  editPayloadOf,
  emptyShipmentForm,
  formatApiDate,
  serverFieldErrors,
  shownErrors,
  validateCreate,
  validateEdit,
  withUseAddress,
  type ShipmentCreateValues,
} from './shipmentForm';

const start = new Date('2025-03-05T14:07:09.456Z');
const end = new Date('2025-03-06T02:00:00.000Z');

const filled: ShipmentCreateValues = {
  ...emptyShipmentForm,
  name: '  Pallets to Dallas ',
  carrier: ' ',
  start,
  end,
  deviceId: 7,
  from: { ...emptyShipmentForm.from, geofenceId: 1 },
  to: { ...emptyShipmentForm.to, geofenceId: 2 },
  emails: ['ops@example.test'],
};

describe('formatApiDate', () => {
  it("writes 'yyyy-MM-dd HH:mm:ss' on UTC clocks, whole seconds", () => {
    expect(formatApiDate(start)).toBe('2025-03-05 14:07:09');
    // A moment just before midnight UTC stays on its UTC day whatever the browser's zone.
    expect(formatApiDate(new Date(Date.UTC(2024, 11, 31, 23, 59, 59)))).toBe('2024-12-31 23:59:59');
  });
});

describe('the create payload', () => {
  it('names both geofences, ISO dates, a trimmed name and a blank carrier as null', () => {
    expect(createPayloadOf(filled)).toEqual({
      name: 'Pallets to Dallas',
      carrier: null,
      start_at: '2025-03-05T14:07:09.456Z',
      end_at: '2025-03-06T02:00:00.000Z',
      device_id: 7,
      from_geofence_id: 1,
      from_address: null,
      to_geofence_id: 2,
      to_address: null,
      notify_at: 0,
      notification_emails: ['ops@example.test'],
      notification_phone_numbers: [],
    });
    expect(validateCreate(filled)).toEqual({});
  });

  it('sends a picked address instead of the geofence on a ticked side', () => {
    const place = { label: 'Springfield, IL, US', lat: 39.8, lng: -89.65 };
    const values = {
      ...filled,
      to: { ...filled.to, ...withUseAddress(true), address: place, addressText: place.label },
    };
    expect(createPayloadOf(values)).toMatchObject({
      to_geofence_id: null,
      to_address: { name: 'Springfield, IL, US', lat: 39.8, lng: -89.65 },
    });
    expect(validateCreate(values)).toEqual({});
  });
});

describe('create validation (spec 001 §5)', () => {
  it('names every required field of an empty form with the spec texts', () => {
    expect(validateCreate({ ...emptyShipmentForm, notifyAt: null })).toEqual({
      name: m.nameRequired,
      start_at: m.dateRequired,
      end_at: m.dateRequired,
      device_id: m.trackerRequired,
      from_geofence_id: m.geofenceRequired,
      to_geofence_id: m.geofenceRequired,
      notify_at: m.optionRequired,
    });
  });

  it('asks a ticked side for an address, then for a picked one', () => {
    const ticked = { ...filled, from: { ...filled.from, ...withUseAddress(true) } };
    expect(ticked.from.geofenceId).toBeNull();
    expect(validateCreate(ticked)).toEqual({ from_address: m.addressRequired });
    const typed = { ...ticked, from: { ...ticked.from, addressText: 'Springfield' } };
    expect(validateCreate(typed)).toEqual({ from_address: m.latLngRequired });
  });

  it('checks the recipients and the order of the dates', () => {
    const values = { ...filled, end: start, emails: ['nobody'], phones: ['12'] };
    expect(validateCreate(values)).toEqual({
      end_at: m.endBeforeStart,
      notification_emails: m.notEmail,
      notification_phone_numbers: m.notPhone,
    });
  });
});

describe('the edit payload', () => {
  const shipment = {
    name: 'Pallets',
    carrier: null,
    start_at: start.toISOString(),
    end_at: end.toISOString(),
    notify_at: 2,
    notification_emails: [],
    notification_phone_numbers: ['+1 312 555 0100'],
  } as unknown as Shipment;

  it("sends dates as 'yyyy-MM-dd HH:mm:ss' UTC and empty lists as null", () => {
    expect(editPayloadOf(editFormOf(shipment))).toEqual({
      name: 'Pallets',
      carrier: null,
      start_at: '2025-03-05 14:07:09',
      end_at: '2025-03-06 02:00:00',
      notify_at: 2,
      notification_emails: null,
      notification_phone_numbers: ['+1 312 555 0100'],
    });
    expect(validateEdit(editFormOf(shipment))).toEqual({});
  });

  it('asks for a name and both dates', () => {
    expect(validateEdit({ ...editFormOf(shipment), name: ' ', start: null, end: null })).toEqual({
      name: m.nameRequired,
      start_at: m.dateRequired,
      end_at: m.dateRequired,
    });
  });
});

describe('errors on the fields', () => {
  it("puts the server's nested 422 keys under the field that holds them", () => {
    expect(
      serverFieldErrors({
        'to_address.lat': [m.latLngRequired],
        'notification_emails.1': [m.notEmail, 'other'],
        device_id: [m.unknownTracker],
      }),
    ).toEqual({
      to_address: m.latLngRequired,
      notification_emails: m.notEmail,
      device_id: m.unknownTracker,
    });
  });

  it('shows a left field before Save, and every field after it', () => {
    const errors = { name: m.nameRequired, device_id: m.trackerRequired };
    expect(shownErrors(errors, new Set(), false)).toEqual({});
    expect(shownErrors(errors, new Set(['name']), false)).toEqual({ name: m.nameRequired });
    expect(shownErrors(errors, new Set(), true)).toEqual(errors);
  });
});
