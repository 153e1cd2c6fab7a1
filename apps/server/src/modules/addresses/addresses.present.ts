import type { Address } from '@waymark/domain';
import type { AddressRow } from './addresses.queries';

/** An address as spec 002 §3 names it (is_default 1 or 0, addressable Account). */
export function presentAddress(row: AddressRow): Address {
  return {
    id: row.id,
    category: row.category,
    is_default: row.is_default ? 1 : 0,
    addressable_type: 'Account',
    addressable_id: row.account_id,
    title: row.title,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    country: row.country,
    phone: row.phone,
    first_name: row.first_name,
    last_name: row.last_name,
  };
}
