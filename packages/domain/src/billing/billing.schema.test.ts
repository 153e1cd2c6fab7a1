import { describe, expect, it } from 'vitest';
import { addressCreateSchema, subscriptionActivationSchema } from './billing.schema';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('address form (spec 002 §5)', () => {
  it('names line1, city and zip with the spec messages', () => {
    const result = addressCreateSchema.safeParse({
      category: 'billing',
      line1: '',
      city: '',
      zip: '',
    });
    expect(messages(result)).toMatchObject({
      line1: 'line1 is required',
      city: 'city is required',
      zip: 'zip is required',
    });
  });

  it("wants at least 5 characters of zip: 'min 5 chars'", () => {
    const result = addressCreateSchema.safeParse({
      category: 'shipping',
      line1: '1 Main St',
      city: 'Austin',
      zip: '787',
    });
    expect(messages(result)).toEqual({ zip: 'min 5 chars' });
  });

  it('defaults state to the first US state, country US and is_default checked', () => {
    const parsed = addressCreateSchema.parse({
      category: 'billing',
      line1: '1 Main St',
      city: 'Austin',
      zip: '78701',
    });
    expect(parsed).toMatchObject({ state: 'AL', country: 'US', is_default: true });
  });

  it('missing fields get the same messages', () => {
    expect(messages(addressCreateSchema.safeParse({ category: 'billing' }))).toMatchObject({
      line1: 'line1 is required',
      city: 'city is required',
      zip: 'zip is required',
    });
  });
});

describe('reactivation plan', () => {
  it('takes 1 or 12 months only', () => {
    expect(subscriptionActivationSchema.safeParse({ months: 12 }).success).toBe(true);
    expect(messages(subscriptionActivationSchema.safeParse({ months: 6 }))).toEqual({
      months: 'months must be 1 (Monthly) or 12 (Annual)',
    });
  });
});
