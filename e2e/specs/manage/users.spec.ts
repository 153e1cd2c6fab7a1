import type { Locator, Page } from '@playwright/test';
import { linkIn, mailTo } from '../../support/mail';
import { uniqueName } from '../../support/session';
import { expect, test } from '../../support/test';

/** Types into a Mantine multi-select and clicks the option. */
async function choose(page: Page, field: Locator, option: string) {
  await field.click();
  await field.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

const trackerList = (page: Page) => page.getByRole('list', { name: 'Trackers' });

test('an admin invites a user, who joins in another browser; limiting their access shows at once', async ({
  page,
  browser,
  baseURL,
  signIn,
}) => {
  const name = uniqueName('Invitee');
  const email = `${name.toLowerCase().replace(/\s+/g, '-')}@invitee.test`;
  await signIn('admin');
  await page.goto('/manage/users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  // The demo's limited users: their trackers are counted through their groups too.
  const dana = page.getByRole('row').filter({ hasText: 'dana@demo.test' });
  await expect(dana).toContainText('Power User');
  await expect(dana).toContainText(/\d+ Devices/);

  await page.getByRole('button', { name: 'Invite Users' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite New User' });
  await invite.getByLabel('Emails').fill(' ; , ');
  await invite.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(invite.getByText('Incorrect list of emails provided.')).toBeVisible();
  await expect(invite.getByRole('combobox', { name: 'Role' })).toHaveValue('Account Manager');
  await expect(invite.getByRole('switch', { name: 'Access to all devices' })).toBeChecked();
  await invite.getByLabel('Emails').fill(`${email};`);
  await invite.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByText('The user was successfully invited')).toBeVisible();
  await expect(invite).toBeHidden();

  // The invitee opens the mailed link in a browser of their own.
  const mail = await mailTo(page.request, email);
  expect(mail.subject).toBe('You are invited to Demo Logistics on Waymark');
  const invitee = await browser.newContext({ baseURL: baseURL! });
  const theirs = await invitee.newPage();
  await theirs.goto(linkIn(mail.text, '/create-account'));
  await expect(
    theirs.getByText('You are invited to Demo Logistics as Account Manager'),
  ).toBeVisible();
  await theirs.getByLabel('Name').fill(name);
  await theirs.getByLabel('Password', { exact: true }).fill('invited-pass-1');
  await theirs.getByLabel('Confirm password').fill('invited-pass-1');
  await theirs.getByRole('button', { name: 'Create Account' }).click();
  await expect(theirs).toHaveURL(/\/trackers/);
  await expect(theirs.getByRole('button', { name })).toBeVisible();
  // Every tracker of the account, by name: the list opens on the containers.
  await expect(trackerList(theirs).getByRole('listitem', { name: 'Container 05' })).toBeVisible();

  // The admin limits them to one tracker and the Cold Chain group.
  await page.getByLabel('Search users').fill(email);
  // The user's row (with its actions menu), not the invitation's of Pending Invitations.
  const row = page
    .getByRole('row')
    .filter({ hasText: email })
    .filter({ has: page.getByRole('button', { name: `Actions for ${name}` }) });
  await expect(row).toContainText('Account Manager');
  await expect(row).toContainText('All Devices');
  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Edit User' }).click();
  const editor = page.getByRole('dialog');
  await expect(editor.getByRole('heading', { name: `Editing ${name} Permissions` })).toBeVisible();
  await expect(editor.getByText('Demo Logistics')).toBeVisible();
  await editor.getByRole('switch', { name: 'Access to all devices' }).uncheck();
  await choose(page, editor.getByRole('combobox', { name: 'Trackers' }), 'Truck 07');
  // A multi-select stays open for more choices: a click elsewhere closes it.
  await editor.getByRole('heading').click();
  await choose(page, editor.getByRole('combobox', { name: 'Groups' }), 'Cold Chain');
  await editor.getByRole('heading').click();
  await editor.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('The user permissions were successfully updated')).toBeVisible();
  await expect(row).toContainText(/\d+ Devices/);

  // Applied by the server: their list now holds Truck 07 and the Cold Chain reefers only.
  await theirs.reload();
  await expect(trackerList(theirs).getByRole('listitem', { name: 'Truck 07' })).toBeVisible();
  await expect(trackerList(theirs).getByRole('listitem', { name: 'Reefer 04' })).toBeVisible();
  await expect(trackerList(theirs).getByRole('listitem', { name: 'Container 05' })).toHaveCount(0);

  // Removed, they lose the account.
  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Remove' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove User' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Success!')).toBeVisible();
  await expect(row).toHaveCount(0);

  // Invited again, now with a login: the same answer, and they join only by accepting.
  await page.getByRole('button', { name: 'Invite Users' }).click();
  await invite.getByLabel('Emails').fill(email);
  await invite.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByText('The user was successfully invited').first()).toBeVisible();
  let again = mail;
  await expect
    .poll(async () => (again = await mailTo(page.request, email)).text)
    .toContain('enter your Waymark password to accept');
  await theirs.goto(linkIn(again.text, '/create-account'));
  await expect(theirs.getByRole('heading', { name: 'Accept your invitation' })).toBeVisible();
  await expect(theirs.getByLabel('Name')).toHaveCount(0);
  await theirs.getByLabel('Password', { exact: true }).fill('not my password');
  await theirs.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(theirs.getByText('These credentials do not match our records.')).toBeVisible();
  await theirs.getByLabel('Password', { exact: true }).fill('invited-pass-1');
  await theirs.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(theirs).toHaveURL(/\/trackers/);
  await expect(trackerList(theirs).getByRole('listitem', { name: 'Container 05' })).toBeVisible();
  await invitee.close();
});

test('an admin cannot edit or remove themselves; a used link says so', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/manage/users');
  const me = page.getByRole('row').filter({ hasText: 'admin@demo.test' });
  await expect(me).toContainText('All Devices');
  await expect(me.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);

  await page.goto('/create-account?account=1&token=not-a-token');
  await expect(page.getByText('This invitation link is invalid or has expired.')).toBeVisible();
});
