import type { Page } from '@playwright/test';
import { expect } from './test';
import type { Session } from './session';

export interface NotificationSetting {
  code: string;
  value: 0 | 1;
}

/** Stores notification settings for the session's user through the API. */
export async function storeNotificationSettings(
  page: Page,
  session: Session,
  settings: NotificationSetting[],
) {
  const response = await page.request.put(
    `/api/accounts/${session.accountId}/notification-settings`,
    { headers: { Authorization: `Bearer ${session.token}` }, data: { settings } },
  );
  expect(response.ok(), 'PUT notification-settings').toBe(true);
  return ((await response.json()) as { data: NotificationSetting[] }).data;
}
