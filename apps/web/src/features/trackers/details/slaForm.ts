import {
  celsiusToFahrenheit,
  deviceTriggersUpdateSchema,
  fahrenheitToCelsius,
  type DeviceTriggers,
} from '@waymark/domain';

/** One SLA input: a number, or '' (blank) when that bound is off. */
export type SlaValue = number | '';

/** The SLA form: temperatures in Fahrenheit as the user types them, humidity in percent. */
export interface SlaForm {
  min_temperature: SlaValue;
  max_temperature: SlaValue;
  min_humidity: SlaValue;
  max_humidity: SlaValue;
}

/** Input placeholders of spec 001 §5: the widest bounds anyone would type. */
export const SLA_PLACEHOLDERS: Record<keyof SlaForm, string> = {
  min_temperature: '-999',
  max_temperature: '999',
  min_humidity: '0',
  max_humidity: '100',
};

export const SLA_MESSAGES = {
  saved: 'Temperature and humidity SLAs updated',
  failed: 'An error occurred.',
} as const;

/** Two decimals hide the float noise of the conversion (71.6 rather than 71.60000000000001). */
const round = (value: number, digits: number) => Number(value.toFixed(digits));

const toForm = (value: number | null, convert: (v: number) => number = (v) => v): SlaValue =>
  value === null ? '' : round(convert(value), 2);

/**
 * Celsius is stored with four decimals, so a Fahrenheit value typed in the form comes back
 * unchanged when the form is shown again.
 */
const fromForm = (value: SlaValue, convert: (v: number) => number = (v) => v): number | null =>
  value === '' ? null : round(convert(value), 4);

/** The form for the stored triggers: Celsius shown in Fahrenheit, nulls as blanks. */
export function slaFormFrom(triggers: DeviceTriggers): SlaForm {
  return {
    min_temperature: toForm(triggers.min_temperature, celsiusToFahrenheit),
    max_temperature: toForm(triggers.max_temperature, celsiusToFahrenheit),
    min_humidity: toForm(triggers.min_humidity),
    max_humidity: toForm(triggers.max_humidity),
  };
}

export type SlaCheck =
  | { ok: true; triggers: DeviceTriggers }
  | { ok: false; errors: Partial<Record<keyof SlaForm, string>> };

/**
 * The triggers to save: Fahrenheit converted to Celsius, blanks as null (that SLA off), and
 * checked with the same schema the server checks them with.
 */
export function triggersFrom(form: SlaForm): SlaCheck {
  const parsed = deviceTriggersUpdateSchema.safeParse({
    min_temperature: fromForm(form.min_temperature, fahrenheitToCelsius),
    max_temperature: fromForm(form.max_temperature, fahrenheitToCelsius),
    min_humidity: fromForm(form.min_humidity),
    max_humidity: fromForm(form.max_humidity),
  });
  if (parsed.success) return { ok: true, triggers: parsed.data };
  const errors: Partial<Record<keyof SlaForm, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof SlaForm;
    errors[field] ??= field.endsWith('humidity')
      ? 'Humidity must be between 0 and 100'
      : issue.message;
  }
  return { ok: false, errors };
}
