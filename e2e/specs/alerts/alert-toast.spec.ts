import { storeNotificationSettings } from '../../support/alerts';
import { apiGet } from '../../support/session';
import { expect, test } from '../../support/test';

interface Tracker {
  id: number;
  name: string;
  serial: string;
  current_position: { lat: number; lng: number } | null;
}

test('an alert reaches a power user in the app as a toast on any screen', async ({
  page,
  signIn,
  sessionOf,
}) => {
  const session = await signIn('user');
  const admin = await sessionOf('admin');
  const trackers = await apiGet<Tracker[]>(
    page,
    session,
    `/accounts/${session.accountId}/device-list?with_current_position=1`,
  );
  // Not the tracker other tests move (Reefer 10); one with a place to stay at.
  const tracker = trackers.filter((t) => t.current_position && t.name !== 'Reefer 10').at(-1)!;
  const { api_token } = await apiGet<{ api_token: string }>(
    page,
    admin,
    `/accounts/${admin.accountId}/api-token`,
  );
  await storeNotificationSettings(page, session, [
    { code: 'notify_low_charge', value: 1 },
    { code: 'notify_via_mobile', value: 1 },
  ]);
  try {
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();

    // A full battery, then an empty one: one low-battery event. Tried again until the page's
    // socket has subscribed (an alert in the app reaches the tabs open when it is sent).
    await expect(async () => {
      const at = Date.now() + 60_000;
      const { lat, lng } = tracker.current_position!;
      const ingest = await page.request.post('/api/ingest/positions', {
        headers: { Authorization: `Bearer ${api_token}` },
        data: {
          positions: [
            {
              serial: tracker.serial,
              timestamp: new Date(at).toISOString(),
              lat,
              lng,
              battery: 90,
            },
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
      await expect(page.getByText(`${tracker.name} battery is low (5%)`).first()).toBeVisible({
        timeout: 10_000,
      });
    }).toPass();
  } finally {
    await storeNotificationSettings(page, session, [
      { code: 'notify_low_charge', value: 0 },
      { code: 'notify_via_mobile', value: 0 },
    ]);
  }
});
