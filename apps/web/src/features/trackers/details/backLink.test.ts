import { describe, expect, it } from 'vitest';
import { backLinkFor } from './backLink';

describe('details back link', () => {
  it('goes back to all trackers by default', () => {
    expect(backLinkFor(undefined)).toEqual({ label: 'All Trackers', to: '/trackers' });
    expect(backLinkFor(null)).toEqual({ label: 'All Trackers', to: '/trackers' });
    expect(backLinkFor({ from: 'somewhere' })).toEqual({ label: 'All Trackers', to: '/trackers' });
  });

  it('goes back to the group list', () => {
    expect(backLinkFor({ from: 'groups' })).toEqual({ label: 'All Groups', to: '/groups' });
  });

  it('goes back to the group, named after it', () => {
    expect(backLinkFor({ from: { group: { id: 4, name: 'Vans' } } })).toEqual({
      label: 'Vans',
      to: '/groups/4',
    });
    expect(backLinkFor({ from: { group: { id: 4, name: '  ' } } }).label).toBe('No Name');
    expect(backLinkFor({ from: { group: { id: 4, name: null } } }).label).toBe('No Name');
  });

  it('ignores a group without an id', () => {
    expect(backLinkFor({ from: { group: { name: 'Vans' } } }).label).toBe('All Trackers');
  });
});
