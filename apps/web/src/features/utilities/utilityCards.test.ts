import { describe, expect, it } from 'vitest';
import { filterCards, UTILITY_CARDS } from './utilityCards';

describe('utility cards', () => {
  it("are the spec's 19 cards in its order", () => {
    expect(UTILITY_CARDS.map((c) => c.title)).toEqual([
      'Provision',
      'Reserve',
      'Setup',
      'Assign',
      'Deactivate',
      'Change Device Type',
      'Add/Remove Minutes',
      'Set Subscription',
      'Refresh Phone Number',
      'Reserve Range',
      'Unassign Subscription',
      'Unassign Device',
      'Assign Range',
      'Send Commands',
      'Get Device Messages',
      'Swap SIM',
      'Send Bulk Command',
      'Set Flags',
      'Clear Device',
    ]);
  });

  it("'Filter Actions' matches titles and keywords, case-insensitively", () => {
    expect(filterCards(UTILITY_CARDS, 'set f').map((c) => c.title)).toEqual(['Set Flags']);
    expect(filterCards(UTILITY_CARDS, 'RANGE').map((c) => c.title)).toEqual([
      'Reserve Range',
      'Assign Range',
    ]);
    expect(filterCards(UTILITY_CARDS, '  ')).toHaveLength(UTILITY_CARDS.length);
    expect(filterCards(UTILITY_CARDS, 'zzz')).toEqual([]);
  });
});
