import { describe, expect, it } from 'vitest';
import { SHIPMENT_LEGEND } from './colours';

describe('shipment legend', () => {
  it('has one line per marker colour, naming its statuses (spec 001 §4)', () => {
    expect(SHIPMENT_LEGEND).toEqual([
      { colour: 'gray', label: 'Not Started' },
      { colour: 'blue', label: 'In Progress' },
      { colour: 'red', label: 'Running Late, Completed Late' },
      { colour: 'green', label: 'Completed' },
    ]);
  });
});
