import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorsOf, fieldLabel, firstFieldErrors } from './field-errors';
import { FIELD_MESSAGES, idListSchema, idSchema } from './fields.schema';

const provision = z.object({ serial: z.string().min(1, 'Enter a serial'), model_id: idSchema });

describe('fieldErrorsOf', () => {
  it("names a missing id after its field: 'Model is required', not the id's range", () => {
    const result = provision.safeParse({ serial: 'A-1' });
    expect(fieldErrorsOf(result.error!.issues)).toEqual({ model_id: ['Model is required'] });
    const cleared = provision.safeParse({ serial: 'A-1', model_id: null });
    expect(fieldErrorsOf(cleared.error!.issues)).toEqual({ model_id: ['Model is required'] });
  });

  it('keeps the message of an id that is there but wrong, and every other message', () => {
    const result = provision.safeParse({ serial: '', model_id: 0 });
    expect(fieldErrorsOf(result.error!.issues)).toEqual({
      serial: ['Enter a serial'],
      model_id: [FIELD_MESSAGES.id],
    });
  });

  it('keys nested fields by their path and the whole body by root', () => {
    const rule = z.object({
      actions: z.array(z.object({ data: z.object({ tracker_type: idSchema }) })),
    });
    const nested = rule.safeParse({ actions: [{ data: {} }] });
    expect(fieldErrorsOf(nested.error!.issues)).toEqual({
      'actions.0.data.tracker_type': ['Model is required'],
    });
    const list = z.object({ device_ids: idListSchema }).safeParse({});
    expect(firstFieldErrors(list.error!.issues)).toEqual({ device_ids: 'Tracker is required' });
    expect(firstFieldErrors([{ path: [], message: 'Bad' }], 'form')).toEqual({ form: 'Bad' });
  });
});

describe('fieldLabel', () => {
  it('reads a field as the screens name it', () => {
    expect(fieldLabel(['model_id'])).toBe('Model');
    expect(fieldLabel(['account_id'])).toBe('Account');
    expect(fieldLabel(['from_geofence_id'])).toBe('From geofence');
    expect(fieldLabel(['device_id'])).toBe('Tracker');
    expect(fieldLabel(['conditions', 0, 'data', 'timezone_id'])).toBe('Time zone');
    expect(fieldLabel([])).toBe('This field');
  });
});
