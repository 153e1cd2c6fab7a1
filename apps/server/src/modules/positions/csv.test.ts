import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv';

describe('csvCell', () => {
  it('leaves numbers alone, negative longitudes and signed exponents too', () => {
    for (const n of ['-73.99', '-87.629800', '+1', '-0.5', '.5', '-1e5', '2.5E-3']) {
      expect(csvCell(n)).toBe(n);
    }
    expect(csvCell(-73.99)).toBe('-73.99');
  });

  it('defuses what a spreadsheet would run as a formula', () => {
    expect(csvCell('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvCell('-1+A1')).toBe("'-1+A1");
    expect(csvCell('+cmd')).toBe("'+cmd");
    expect(csvCell('@SUM(1)')).toBe("'@SUM(1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    // Quoted as well, for the line break.
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
  });

  it('quotes separators and quotes', () => {
    expect(csvLine(['Near Chicago, IL', 'say "hi"', null])).toBe(
      '"Near Chicago, IL","say ""hi""",\r\n',
    );
  });
});
