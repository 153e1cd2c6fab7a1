import { linkIn, mailTo } from '../../support/mail';
import { uniqueName } from '../../support/session';
import { expect, expectSignedIn, test } from '../../support/test';

test('an admin sees who has not accepted an invitation yet, resends it and revokes it', async ({
  page,
  signIn,
}) => {
  const email = `${uniqueName('pending').replace(/\s+/g, '-')}@invitee.test`;
  await signIn('admin');
  await page.goto('/manage/users');
  await expectSignedIn(page, 'admin');

  await page.getByRole('button', { name: 'Invite Users' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite New User' });
  await invite.getByLabel('Emails').fill(email);
  await invite.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByText('The user was successfully invited')).toBeVisible();

  // Under the users: Pending, the role, who invited them and until when the link works.
  const pending = page.getByRole('region', { name: 'Pending Invitations' });
  const row = pending.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('Account Manager');
  await expect(row).toContainText('Alex Admin');
  // Expires: the link's last day (7 days on, checked by the API test), as billing dates read.
  await expect(row).toContainText(/[A-Z][a-z]+ \d{2}, \d{4}/);
  const firstLink = linkIn((await mailTo(page.request, email)).text, '/create-account');

  // Resend mails a new link.
  await row.getByRole('button', { name: 'Resend' }).click();
  await expect(page.getByText('The invitation was sent again')).toBeVisible();
  await expect
    .poll(async () => linkIn((await mailTo(page.request, email)).text, '/create-account'))
    .not.toBe(firstLink);

  // Revoke asks first; then the row is gone and the link no longer opens.
  await row.getByRole('button', { name: 'Revoke' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke Invitation' });
  await expect(confirm.getByText(`Revoke the invitation of ${email}?`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('The invitation was revoked')).toBeVisible();
  await expect(row).toHaveCount(0);
  const lastLink = linkIn((await mailTo(page.request, email)).text, '/create-account');
  const query = new URL(lastLink, 'http://x').searchParams;
  const lookup = await page.request.get(
    `/api/accounts/${query.get('account')}/users/invite?token=${query.get('token')}`,
  );
  expect(lookup.status()).toBe(404);
});
