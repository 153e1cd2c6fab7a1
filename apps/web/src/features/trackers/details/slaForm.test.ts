import { describe, expect, it } from 'vitest';
import { slaFormFrom, triggersFrom } from './slaForm';

describe('SLA form', () => {
  it('shows stored Celsius in Fahrenheit and nulls as blanks', () => {
    expect(
      slaFormFrom({
        min_temperature: 0,
        max_temperature: 22,
        min_humidity: 10,
        max_humidity: null,
      }),
    ).toEqual({ min_temperature: 32, max_temperature: 71.6, min_humidity: 10, max_humidity: '' });
    expect(
      slaFormFrom({
        min_temperature: -40,
        max_temperature: 100,
        min_humidity: null,
        max_humidity: null,
      }),
    ).toMatchObject({ min_temperature: -40, max_temperature: 212 });
  });

  it('saves Fahrenheit as Celsius and blanks as null (that SLA off)', () => {
    expect(
      triggersFrom({
        min_temperature: 32,
        max_temperature: 212,
        min_humidity: '',
        max_humidity: 80,
      }),
    ).toEqual({
      ok: true,
      triggers: { min_temperature: 0, max_temperature: 100, min_humidity: null, max_humidity: 80 },
    });
  });

  it('gives back the typed Fahrenheit after a save and reload', () => {
    const typed = {
      min_temperature: 35.5,
      max_temperature: 46.4,
      min_humidity: '',
      max_humidity: '',
    } as const;
    const saved = triggersFrom(typed);
    expect(saved.ok && slaFormFrom(saved.triggers)).toEqual(typed);
  });

  it('refuses humidity outside 0 to 100', () => {
    const result = triggersFrom({
      min_temperature: '',
      max_temperature: '',
      min_humidity: -1,
      max_humidity: 101,
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        min_humidity: 'Humidity must be between 0 and 100',
        max_humidity: 'Humidity must be between 0 and 100',
      },
    });
  });
});
