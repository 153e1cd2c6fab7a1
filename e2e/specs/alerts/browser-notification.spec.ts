import type { Page } from '@playwright/test';
import { storeNotificationSettings } from '../../support/alerts';
import { apiGet, type Session } from '../../support/session';
import { expect, test } from '../../support/test';

interface Tracker {
  id: number;
  name: string;
  serial: string;
  current_position: { lat: number; lng: number } | null;
}

interface Recorded {
  title: string;
  body: string;
}

declare global {
  interface Window {
    __notifications: Recorded[];
  }
}

// Both tests turn the viewer's in-app alerts on and off: one after the other.
test.describe.configure({ mode: 'default' });

/**
 * Records every Notification the page constructs, and makes the tab report itself hidden: the
 * app raises a browser notification only for a tab in the background (AlertToasts.tsx), and a
 * headless page is always visible.
 */
async function recordNotifications(page: Page) {
  await page.addInitScript(() => {
    window.__notifications = [];
    const Native = window.Notification;
    class RecordedNotification extends Native {
      constructor(title: string, options?: NotificationOptions) {
        window.__notifications.push({ title, body: options?.body ?? '' });
        super(title, options);
      }
    }
    window.Notification = RecordedNotification;
    Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' });
    Object.defineProperty(document, 'hidden', { get: () => true });
  });
}

/** The viewer's n-th tracker with a position, and the admin's key to report its positions. */
async function trackerAndKey(page: Page, viewer: Session, admin: Session, n: number) {
  const trackers = await apiGet<Tracker[]>(
    page,
    viewer,
    `/accounts/${viewer.accountId}/device-list?with_current_position=1`,
  );
  const tracker = trackers.filter((t) => t.current_position && t.name !== 'Reefer 10')[n]!;
  const { api_token } = await apiGet<{ api_token: string }>(
    page,
    admin,
    `/accounts/${admin.accountId}/api-token`,
  );
  return { tracker, apiToken: api_token };
}

/** A full battery, then an empty one: one low-battery event through the ingest API. */
async function lowBattery(page: Page, tracker: Tracker, apiToken: string) {
  const at = Date.now() + 60_000;
  const { lat, lng } = tracker.current_position!;
  const ingest = await page.request.post('/api/ingest/positions', {
    headers: { Authorization: `Bearer ${apiToken}` },
    data: {
      positions: [
        { serial: tracker.serial, timestamp: new Date(at).toISOString(), lat, lng, battery: 90 },
        {
          serial: tracker.serial,
          timestamp: new Date(at + 1000).toISOString(),
          lat,
          lng,
          battery: 5,
        },
      ],
    },
  });
  expect(ingest.ok()).toBe(true);
}

const IN_APP_ON = [
  { code: 'notify_low_charge', value: 1 },
  { code: 'notify_via_mobile', value: 1 },
] as const;
const IN_APP_OFF = [
  { code: 'notify_low_charge', value: 0 },
  { code: 'notify_via_mobile', value: 0 },
] as const;

test('with notifications allowed, an alert in a background tab is a browser notification', async ({
  page,
  baseURL,
  signIn,
  sessionOf,
}) => {
  await page.context().grantPermissions(['notifications'], { origin: baseURL });
  await recordNotifications(page);
  const viewer = await signIn('viewer');
  const { tracker, apiToken } = await trackerAndKey(page, viewer, await sessionOf('admin'), 0);
  const description = `${tracker.name} battery is low (5%)`;
  await storeNotificationSettings(page, viewer, [...IN_APP_ON]);
  try {
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
    expect(await page.evaluate(() => Notification.permission)).toBe('granted');

    // Tried again until the page's socket has subscribed.
    await expect(async () => {
      await lowBattery(page, tracker, apiToken);
      await expect
        .poll(() => page.evaluate(() => window.__notifications), { timeout: 10_000 })
        .toContainEqual({ title: tracker.name, body: description });
    }).toPass();
    // A browser notification instead of the toast, not both.
    await expect(page.getByText(description)).toHaveCount(0);
  } finally {
    await storeNotificationSettings(page, viewer, [...IN_APP_OFF]);
  }
});

test('with notifications denied, an alert is a toast and no browser notification', async ({
  page,
  baseURL,
  signIn,
  sessionOf,
}) => {
  // Playwright grants permissions but cannot deny one: Chromium's own protocol can.
  const cdp = await page.context().newCDPSession(page);
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  await cdp.send('Browser.setPermission', {
    permission: { name: 'notifications' },
    setting: 'denied',
    origin: new URL(baseURL!).origin,
    browserContextId: targetInfo.browserContextId,
  });
  await recordNotifications(page);
  const viewer = await signIn('viewer');
  const { tracker, apiToken } = await trackerAndKey(page, viewer, await sessionOf('admin'), 1);
  const description = `${tracker.name} battery is low (5%)`;
  await storeNotificationSettings(page, viewer, [...IN_APP_ON]);
  try {
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
    expect(await page.evaluate(() => Notification.permission)).toBe('denied');

    await expect(async () => {
      await lowBattery(page, tracker, apiToken);
      await expect(page.getByText(description).first()).toBeVisible({ timeout: 10_000 });
    }).toPass();
    const toast = page.locator('.toast-warning').filter({ hasText: description }).first();
    await expect(toast).toContainText(tracker.name);
    expect(await page.evaluate(() => window.__notifications)).toEqual([]);
  } finally {
    await storeNotificationSettings(page, viewer, [...IN_APP_OFF]);
  }
});
