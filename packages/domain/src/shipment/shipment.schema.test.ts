import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { shipmentCreateSchema, shipmentUpdateSchema } from './shipment.schema';

const valid = {
  name: 'PO 4471',
  start_at: '2026-03-02 08:00:00',
  end_at: '2026-03-02T20:00:00Z',
  device_id: 7,
  from_geofence_id: 3,
  to_address: { name: '1200 Main St, Dallas', lat: 32.78, lng: -96.8 },
  notify_at: 2,
};

/** The messages of a parse, by field. */
function messages(input: unknown, schema: z.ZodType = shipmentCreateSchema) {
  const result = schema.safeParse(input);
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? [])
    (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

describe('the shipment create payload (spec 001 §5)', () => {
  it('reads the web app dates as UTC and fills the optional lists', () => {
    const parsed = shipmentCreateSchema.parse(valid);
    expect(parsed.start_at.toISOString()).toBe('2026-03-02T08:00:00.000Z');
    expect(parsed.notification_emails).toBeUndefined();
    const lists = shipmentCreateSchema.parse({
      ...valid,
      notification_emails: null,
      notification_phone_numbers: ['+1 (312) 555-0100', '+1 (312) 555-0100'],
    });
    expect(lists.notification_emails).toEqual([]);
    expect(lists.notification_phone_numbers).toEqual(['+1 (312) 555-0100']);
  });

  it('names each missing field with the spec text', () => {
    expect(messages({ from_geofence_id: 1, to_geofence_id: 2 })).toEqual({
      name: ['Name is required'],
      start_at: ['date is required'],
      end_at: ['date is required'],
      device_id: ['tracker is required'],
      notify_at: ['option is required'],
    });
    expect(messages({ ...valid, name: '  ', start_at: '' })).toEqual({
      name: ['Name is required'],
      start_at: ['date is required'],
    });
    expect(messages({ ...valid, device_id: 'Truck 07' })).toEqual({
      device_id: ['tracker is required'],
    });
  });

  it('needs a geofence or an address on each side, with label, lat and lng', () => {
    const { from_geofence_id: _, ...noFrom } = valid;
    expect(messages(noFrom)).toEqual({ from_geofence_id: ['geofence is required'] });
    expect(messages({ ...valid, to_address: { name: '', lat: 1, lng: 2 } })).toEqual({
      'to_address.name': ['address is required'],
    });
    expect(messages({ ...valid, to_address: { name: 'Dock 4' } })).toEqual({
      'to_address.lat': ['lat and lng are required'],
      'to_address.lng': ['lat and lng are required'],
    });
    expect(messages({ ...valid, to_address: 'Dallas' })).toEqual({
      to_address: ['address is required'],
    });
    expect(messages({ ...valid, from_address: { name: 'Dock', lat: 1, lng: 2 } })).toEqual({
      from_address: ['Choose a geofence or an address, not both'],
    });
  });

  it('refuses an end before the start, and notify_at outside its options', () => {
    expect(messages({ ...valid, end_at: '2026-03-01 08:00:00' })).toEqual({
      end_at: ['The end date must be after the start date'],
    });
    expect(messages({ ...valid, notify_at: 3 })).toEqual({
      notify_at: ['must be one of 0, 1, 2, 5, 8 (hours before the scheduled end)'],
    });
    expect(messages({ ...valid, start_at: 'soon' })).toEqual({
      start_at: ['must be a date (ISO 8601 or yyyy-MM-dd HH:mm:ss)'],
    });
  });

  it('checks each e-mail and phone number', () => {
    expect(
      messages({
        ...valid,
        notification_emails: ['ops@example.test', 'ops'],
        notification_phone_numbers: ['12'],
      }),
    ).toEqual({
      'notification_emails.1': ['not an email'],
      'notification_phone_numbers.0': ['not valid phone'],
    });
  });
});

describe('the shipment update payload', () => {
  it('takes any of the editable fields and checks the ones sent', () => {
    expect(shipmentUpdateSchema.parse({})).toEqual({});
    expect(messages({ name: '' }, shipmentUpdateSchema)).toEqual({ name: ['Name is required'] });
    expect(shipmentUpdateSchema.parse({ notification_emails: null })).toEqual({
      notification_emails: [],
    });
  });
});
