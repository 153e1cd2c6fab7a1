// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { showCount } from './clusterLabel';

describe('showCount', () => {
  it('writes the abbreviated count and the accessible name', () => {
    const label = document.createElement('div');
    showCount(label, 12_345, '12.3k', 'trackers');
    expect(label.textContent).toBe('12.3k');
    expect(label.getAttribute('aria-label')).toBe('Cluster of 12345 trackers');
  });

  it('follows a cluster id that names a cluster of another size after a new clustering', () => {
    const label = document.createElement('div');
    showCount(label, 40, undefined, 'trackers');
    showCount(label, 7, undefined, 'trackers');
    expect(label.textContent).toBe('7');
    expect(label.getAttribute('aria-label')).toBe('Cluster of 7 trackers');
  });
});
