import { describe, expect, it } from 'vitest';
import {
  boundedIntSchema,
  boundedNumberSchema,
  FIELD_MESSAGES,
  idListParamSchema,
  idListSchema,
  idParamSchema,
  idSchema,
  MAX_ID,
  searchQuerySchema,
  textSchema,
} from './fields.schema';

const messages = (result: { error?: { issues: { message: string }[] } | undefined }) =>
  result.error?.issues.map((issue) => issue.message);

describe('textSchema', () => {
  const name = textSchema({ max: 10 });
  const note = textSchema({ max: 20, multiline: true, trim: false });

  it('trims and keeps ordinary text, accents and emoji', () => {
    expect(name.parse('  Depot é 🚚 ')).toBe('Depot é 🚚');
  });

  it('refuses NUL and every other control character on one line', () => {
    for (const bad of ['a\u0000b', 'a\tb', 'a\nb', 'a\u001bb', 'a\u007fb']) {
      expect(messages(name.safeParse(bad))).toEqual([FIELD_MESSAGES.controlCharacters]);
    }
  });

  it('lets a note keep tab and line breaks but not NUL', () => {
    expect(note.parse('line 1\r\n\tline 2')).toBe('line 1\r\n\tline 2');
    expect(messages(note.safeParse('a\u0000'))).toEqual([
      FIELD_MESSAGES.controlCharactersMultiline,
    ]);
  });

  it('refuses half a surrogate pair alone, keeps whole pairs', () => {
    for (const bad of ['a\ud800', '\udc00b', 'a\udbffz\udfff', '\ud83d\ud83d\ude9a']) {
      expect(messages(note.safeParse(bad))).toEqual([FIELD_MESSAGES.unpairedSurrogate]);
    }
    expect(note.parse('🚚\ud83d\ude9a')).toBe('🚚🚚');
  });

  it('says how long it may be, or gives the field’s own texts', () => {
    expect(messages(name.safeParse('x'.repeat(11)))).toEqual(['may have at most 10 characters']);
    const spec = textSchema({ max: 3, error: 'Name is required', tooLong: 'Too long' });
    expect(messages(spec.safeParse(4))).toEqual(['Name is required']);
    expect(messages(spec.safeParse('abcd'))).toEqual(['Too long']);
  });

  it('bounds search texts to one line of 200 characters', () => {
    expect(searchQuerySchema.parse(' north ')).toBe('north');
    expect(searchQuerySchema.safeParse('x'.repeat(201)).success).toBe(false);
    expect(searchQuerySchema.safeParse('\u0000').success).toBe(false);
  });
});

describe('ids', () => {
  it('take 1 to 2147483647, the range of an integer column', () => {
    expect(idSchema.parse(MAX_ID)).toBe(MAX_ID);
    for (const bad of [0, -1, 1.5, MAX_ID + 1, Number('12345678901234567890'), 1e308, '1']) {
      expect(messages(idSchema.safeParse(bad))).toContain(FIELD_MESSAGES.id);
    }
  });

  it('come from a path as text', () => {
    expect(idParamSchema.parse('42')).toBe(42);
    expect(messages(idParamSchema.safeParse('2147483648'))).toContain(FIELD_MESSAGES.id);
    expect(idParamSchema.safeParse('abc').success).toBe(false);
  });

  it('in a body list are each an id', () => {
    expect(idListSchema.parse([1, 2])).toEqual([1, 2]);
    expect(idListSchema.safeParse([1, 2147483648]).error?.issues[0]?.path).toEqual([1]);
    expect(messages(idListSchema.safeParse('1,2'))).toEqual([FIELD_MESSAGES.idList]);
  });

  it('in a query string are a comma list or repeated, each an id', () => {
    expect(idListParamSchema.parse('1, 2,,3')).toEqual([1, 2, 3]);
    expect(idListParamSchema.parse(['4', '5'])).toEqual([4, 5]);
    for (const bad of ['12345678901234567890', '1,2147483648', '0', 'a', '1.5']) {
      expect(messages(idListParamSchema.safeParse(bad))).toEqual([FIELD_MESSAGES.idCommaList]);
    }
  });
});

describe('bounded numbers', () => {
  const temperature = boundedNumberSchema({ min: -573, max: 538 });

  it('take finite numbers within the range', () => {
    expect(temperature.parse(-40.25)).toBe(-40.25);
    expect(temperature.parse(538)).toBe(538);
  });

  it('refuse what a real column cannot hold or the field cannot mean, saying the range', () => {
    for (const bad of [1e308, -1e308, 1e20, 539, '5', null]) {
      expect(messages(temperature.safeParse(bad))).toContain('must be a number from -573 to 538');
    }
  });

  it('whole numbers refuse fractions', () => {
    const count = boundedIntSchema({ min: 0, max: 500 });
    expect(count.parse(500)).toBe(500);
    expect(messages(count.safeParse(1.5))).toContain('must be a whole number from 0 to 500');
  });
});
