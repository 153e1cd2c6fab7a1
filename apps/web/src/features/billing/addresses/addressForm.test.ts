import { describe, expect, it } from 'vitest';
import { addressBody, addressErrors, emptyAddress, shouldSetDefault } from './addressForm';

describe('address form', () => {
  it('starts in the first state, checked as default', () => {
    expect(emptyAddress('billing')).toMatchObject({ state: 'AL', is_default: true });
  });

  it('names each missing field with the spec message', () => {
    expect(addressErrors(emptyAddress('billing'))).toEqual({
      line1: 'line1 is required',
      city: 'city is required',
      zip: 'zip is required',
    });
    const short = { ...emptyAddress('shipping'), line1: '1 Main St', city: 'Austin', zip: '787' };
    expect(addressErrors(short)).toEqual({ zip: 'min 5 chars' });
  });

  it('sends the country as US and the default flag as 1 or 0', () => {
    const values = { ...emptyAddress('shipping'), line1: 'a', city: 'b', zip: '27284' };
    expect(addressBody(values)).toMatchObject({ country: 'US', is_default: 1, line2: null });
  });

  it('sets a default only when it changes and the address is saved', () => {
    expect(shouldSetDefault({ id: 2, addressable_id: 1 }, 1)).toBe(true);
    expect(shouldSetDefault({ id: 1, addressable_id: 1 }, 1)).toBe(false);
    expect(shouldSetDefault({ id: 2, addressable_id: null }, 1)).toBe(false);
    expect(shouldSetDefault(undefined, 1)).toBe(false);
  });
});
