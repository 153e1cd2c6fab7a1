import {
  addressCreateSchema,
  US_STATES,
  type AddressCategory,
  type AddressCreate,
} from '@waymark/domain';

export interface AddressFormValues {
  category: AddressCategory;
  title: string;
  line1: string;
  line2: string;
  city: string;
  state: (typeof US_STATES)[number];
  zip: string;
  is_default: boolean;
}

export const emptyAddress = (category: AddressCategory): AddressFormValues => ({
  category,
  title: '',
  line1: '',
  line2: '',
  city: '',
  state: US_STATES[0],
  zip: '',
  is_default: true,
});

/** The body of POST /accounts/{id}/addresses: the country is always the US. */
export function addressBody(values: AddressFormValues): AddressCreate {
  return {
    category: values.category,
    is_default: values.is_default ? 1 : 0,
    title: values.title.trim() || null,
    line1: values.line1.trim(),
    line2: values.line2.trim() || null,
    city: values.city.trim(),
    state: values.state,
    zip: values.zip.trim(),
    country: 'US',
  };
}

/**
 * The address form's errors by field, from the schema the server validates with (spec 002
 * §5: 'line1 is required', 'city is required', 'zip is required', 'min 5 chars').
 */
export function addressErrors(values: AddressFormValues): Partial<Record<string, string>> {
  const result = addressCreateSchema.safeParse(addressBody(values));
  if (result.success) return {};
  const errors: Partial<Record<string, string>> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * Spec 002 §5: a default is only set when it differs from the current one and the address
 * has an id and an owner.
 */
export function shouldSetDefault(
  chosen: { id?: number | null; addressable_id?: number | null } | undefined,
  currentDefaultId: number | null,
): boolean {
  return Boolean(chosen?.id && chosen.addressable_id && chosen.id !== currentDefaultId);
}
