import type { Page } from '@playwright/test';
import { apiGet, type Session } from '../../support/session';
import { expect, test } from '../../support/test';

interface Tracker {
  id: number;
  name: string;
}
interface Template {
  title: string;
  commands: string;
  has_arguments: boolean;
  is_category: boolean;
}

/** A tracker with more than one page of events and a command that takes no arguments. */
async function trackerWithEventsAndCommand(page: Page, session: Session) {
  const trackers = await apiGet<Tracker[]>(
    page,
    session,
    `/accounts/${session.accountId}/device-list`,
  );
  const pages = await Promise.all(
    trackers.map(async (tracker) => {
      const response = await page.request.get(
        `/api/accounts/${session.accountId}/devices/${tracker.id}/events?per_page=5`,
        { headers: { Authorization: `Bearer ${session.token}` } },
      );
      return ((await response.json()) as { meta: { last_page: number } }).meta.last_page;
    }),
  );
  for (const [i, tracker] of trackers.entries()) {
    if ((pages[i] ?? 0) < 2) continue;
    const templates = await apiGet<Template[]>(page, session, `/devices/${tracker.id}/commands`);
    const command = templates.find((t) => !t.has_arguments && !t.is_category);
    if (command) return { tracker, command };
  }
  throw new Error('The demo fleet has no tracker with two pages of events and a plain command');
}

test('an admin edits the note, sends a command and pages the events of a tracker', async ({
  page,
  signIn,
}) => {
  const session = await signIn('admin');
  const { tracker, command } = await trackerWithEventsAndCommand(page, session);

  await page.goto(`/trackers/${tracker.id}`);
  await expect(page.getByRole('heading', { name: tracker.name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'All Trackers' })).toBeVisible();

  // The note: Save stays disabled until the text changes; the saved note survives a reload.
  const note = `Checked by e2e ${Date.now()}`;
  await page.getByRole('button', { name: 'Edit note' }).click();
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();
  await page.getByRole('textbox', { name: 'Note' }).fill(note);
  await save.click();
  await expect(page.getByText('Saved successfully!')).toBeVisible();
  await page.reload();
  await expect(page.getByText(note)).toBeVisible();

  // A command: nothing chosen is refused with the spec's message, then the template is sent.
  await page.getByRole('button', { name: 'Commands' }).click();
  await page.getByRole('button', { name: 'Send command' }).click();
  await expect(page.getByText('Please select a command to send')).toBeVisible();
  await page.getByRole('combobox', { name: 'Command', exact: true }).click();
  await page.getByRole('option', { name: command.title }).click();
  await page.getByRole('button', { name: 'Send command' }).click();
  await expect(page.getByText('Command sent')).toBeVisible();
  const log = page.getByRole('table', { name: 'Message log' });
  await expect(log.getByRole('row').nth(1)).toContainText(command.commands);

  // Events come five a page; the second page shows other events.
  await page.getByRole('button', { name: 'Events' }).click();
  const events = page.getByRole('list', { name: 'Events' });
  await expect(events.getByRole('listitem')).toHaveCount(5);
  const firstPage = await events.innerText();
  await page
    .getByRole('navigation', { name: 'Events pages' })
    .getByRole('button', { name: '2' })
    .click();
  await expect(events).not.toHaveText(firstPage);
  await expect(events.getByRole('listitem').first()).toBeVisible();
});
