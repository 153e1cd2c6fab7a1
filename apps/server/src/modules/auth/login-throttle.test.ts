import { describe, expect, it } from 'vitest';
import { retryAfterSeconds, waitSeconds, type LoginFailures } from './login-throttle';

const now = new Date('2026-11-29T12:00:00Z');
const secondsAgo = (s: number) => new Date(now.getTime() - s * 1000);
const none = { failures: 0, last: null };
const counts = (over: Partial<LoginFailures>): LoginFailures => ({
  pair: none,
  address: none,
  email: none,
  knownAddress: false,
  ...over,
});

describe('waitSeconds', () => {
  it('is 0 below the threshold, a minute at it, doubling after, at most an hour', () => {
    expect([9, 10, 11, 12, 13, 20].map((n) => waitSeconds(n, 10))).toEqual([
      0, 60, 120, 240, 480, 3600,
    ]);
  });
});

describe('retryAfterSeconds', () => {
  it('counts the wait from the latest failure of the address and e-mail', () => {
    const pair = { failures: 11, last: secondsAgo(30) };
    expect(retryAfterSeconds(counts({ pair }), 10, now)).toBe(90);
    expect(retryAfterSeconds(counts({ pair: { ...pair, last: secondsAgo(200) } }), 10, now)).toBe(
      0,
    );
  });

  it('holds back one address trying many e-mails at five times the limit', () => {
    const address = { failures: 49, last: secondsAgo(1) };
    expect(retryAfterSeconds(counts({ address }), 10, now)).toBe(0);
    expect(retryAfterSeconds(counts({ address: { ...address, failures: 50 } }), 10, now)).toBe(59);
  });

  it('never holds back a user at an address they signed in from for other e-mails', () => {
    const address = { failures: 80, last: secondsAgo(1) };
    expect(retryAfterSeconds(counts({ address, knownAddress: true }), 10, now)).toBe(0);
    // Their own failures in a row still count.
    const pair = { failures: 10, last: secondsAgo(1) };
    expect(retryAfterSeconds(counts({ address, pair, knownAddress: true }), 10, now)).toBe(59);
  });

  it('holds back strangers hammering one e-mail, never the address its user signs in from', () => {
    const email = { failures: 60, last: secondsAgo(0) };
    // Ten past the threshold of 50: the longest wait, an hour.
    expect(retryAfterSeconds(counts({ email }), 10, now)).toBe(3600);
    expect(retryAfterSeconds(counts({ email, knownAddress: true }), 10, now)).toBe(0);
  });
});
