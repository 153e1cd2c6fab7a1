import { expect, expectSignedIn, test } from '../../support/test';

const file = (name: string, mimeType: string, text: string) => ({
  name,
  mimeType,
  buffer: Buffer.from(text),
});

test('files are attached to a question with the checks of spec 001 §5, sent, and downloaded again', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/trackers');
  await expectSignedIn(page, 'admin');
  const scout = page.getByRole('region', { name: 'Scout' });
  await scout.getByRole('button', { name: 'New Chat' }).click();

  const attach = async (...files: ReturnType<typeof file>[]) => {
    const chooser = page.waitForEvent('filechooser');
    await scout.getByRole('button', { name: 'Attach files' }).click();
    await (await chooser).setFiles(files);
  };

  // More than five at once: none taken.
  await attach(...Array.from({ length: 6 }, (_, i) => file(`stop-${i}.txt`, 'text/plain', 'x')));
  await expect(page.getByText('Maximum 5 files allowed per message.')).toBeVisible();
  const attached = scout.getByRole('list', { name: 'Attached files' });
  await expect(attached).toHaveCount(0);

  // A program is refused by name; the CSV and the note are uploaded.
  await attach(
    file('setup.exe', 'application/x-msdownload', 'MZ'),
    file('stops.csv', 'text/csv', 'name,lat,lng\nDock 4,41.88,-87.63\n'),
    file('notes.txt', 'text/plain', 'Gate code 1234'),
  );
  await expect(
    page.getByText(
      'File setup.exe is not supported. Allowed formats: TXT, CSV, MD, JSON, XML, YAML, JPG, PNG, GIF, WEBP, PDF.',
    ),
  ).toBeVisible();
  await expect(attached).toContainText('stops.csv');
  await expect(attached).toContainText('notes.txt');
  await expect(attached.getByLabel('Uploading')).toHaveCount(0);
  await attached.getByRole('button', { name: 'Remove notes.txt' }).click();
  await expect(attached).not.toContainText('notes.txt');

  await scout.getByLabel('Message Scout').fill('Which of these stops are depots?');
  await scout.getByRole('button', { name: 'Send' }).click();
  await expect(scout.getByTestId('scout-question')).toContainText(
    'Which of these stops are depots?',
  );
  // The question keeps its file, to download again.
  const link = scout.getByRole('button', { name: 'stops.csv' });
  await expect(link).toBeVisible();
  const download = page.waitForEvent('download');
  await link.click();
  expect((await download).suggestedFilename()).toBe('stops.csv');
});
