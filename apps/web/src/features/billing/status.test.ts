import { describe, expect, it } from 'vitest';
import { billingStatusColour, billingStatusLabel } from './status';

describe('billing status badges', () => {
  it("paints the domain's shared colours with Mantine's names", () => {
    expect(billingStatusColour('active')).toBe('green');
    expect(billingStatusColour('pending-shipment')).toBe('blue');
    expect(billingStatusColour('pending-cancellation')).toBe('yellow');
    expect(billingStatusColour('cancelled')).toBe('red');
    expect(billingStatusColour('draft')).toBe('gray');
    expect(billingStatusColour('pending-approval')).toBe('violet');
  });

  it('labels order statuses in words and subscriptions as trackers do', () => {
    expect(billingStatusLabel('pending-shipment')).toBe('Pending Shipment');
    expect(billingStatusLabel('pending-cancellation')).toBe('Pending Cancellation');
    expect(billingStatusLabel('archived', 'subscription')).toBe('Cancelled');
  });
});
