import { apiGet } from '../../support/session';
import { expect, test } from '../../support/test';

interface DueTracker {
  id: number;
  name: string;
  serial: string;
  model: { device_type: string };
}
interface SpareSim {
  iccid: string;
  phone: string | null;
}
interface TrackerDetails {
  iccid: string | null;
  phone: string | null;
  live_audio_minutes: number;
}

test('an admin replaces the SIM of a Car Charger from the banner, by the last 4 digits of the ICCID', async ({
  page,
  signIn,
}) => {
  const session = await signIn('admin');
  const account = `/accounts/${session.accountId}`;
  const due = await apiGet<DueTracker[]>(page, session, `${account}/sim-replacement/devices`);
  const spares = await apiGet<SpareSim[]>(page, session, `${account}/sim-replacement/iccids`);
  // The demo has a Mobile 200 and a Car Charger due, and spare cards (demo-sims.ts).
  const charger = due.find((d) => d.model.device_type === 'vl501')!;
  expect(charger).toBeDefined();
  expect(due.length).toBeGreaterThan(1);
  const spare = spares[0]!;
  const before = await apiGet<TrackerDetails>(page, session, `${account}/devices/${charger.id}`);

  await page.goto('/trackers');
  const banner = page.getByTestId('sim-banner');
  await expect(banner).toContainText(`Replace SIM for ${due.length} device(s)`);
  await banner.getByRole('button', { name: 'Replace Now' }).click();

  const wizard = page.getByRole('dialog', { name: 'Replace SIM' });
  await expect(wizard.getByRole('heading', { name: 'Choose a tracker' })).toBeVisible();
  const next = wizard.getByRole('button', { name: 'Continue' });
  await expect(next).toBeDisabled();
  await wizard.getByRole('radio', { name: new RegExp(`^${charger.name} \\(`) }).check();
  await next.click();

  // The Car Charger wizard: 7 steps, replacing is step 8.
  await expect(wizard.getByTestId('sim-step')).toHaveText('Step 1/8');
  await expect(wizard.getByRole('heading', { name: 'What you need' })).toBeVisible();
  for (const heading of ['Unplug the tracker', 'Open the tracker', 'Take out the old SIM card']) {
    await next.click();
    await expect(wizard.getByRole('heading', { name: heading })).toBeVisible();
  }
  await next.click();
  await expect(wizard.getByTestId('sim-step')).toHaveText('Step 5/8');
  await expect(wizard.getByRole('heading', { name: 'Choose the new SIM card' })).toBeVisible();
  await expect(next).toBeDisabled();
  await wizard.getByRole('textbox', { name: 'ICCID' }).fill(spare.iccid.slice(-4));
  await expect(wizard.getByRole('radio')).toHaveCount(1);
  await expect(wizard.getByRole('radio', { name: new RegExp(spare.iccid) })).toBeChecked();
  await next.click();
  await expect(wizard.getByRole('heading', { name: 'Insert the new SIM card' })).toBeVisible();
  await next.click();
  await expect(wizard.getByTestId('sim-step')).toHaveText('Step 7/8');
  await wizard.getByRole('button', { name: 'Swap SIM' }).click();

  await expect(wizard.getByRole('heading', { name: 'SIM card replaced' })).toBeVisible();
  await expect(wizard.getByText('We added 2 free audio hours')).toBeVisible();
  // Another tracker and other spare cards remain.
  await expect(wizard.getByRole('button', { name: 'Replace Next' })).toBeVisible();
  await wizard.getByRole('button', { name: 'Done' }).click();
  await expect(banner).toContainText(`Replace SIM for ${due.length - 1} device(s)`);

  const after = await apiGet<TrackerDetails>(page, session, `${account}/devices/${charger.id}`);
  expect(after).toMatchObject({
    iccid: spare.iccid,
    phone: spare.phone,
    live_audio_minutes: before.live_audio_minutes + 120,
  });
  const left = await apiGet<SpareSim[]>(page, session, `${account}/sim-replacement/iccids`);
  expect(left.map((s) => s.iccid)).not.toContain(spare.iccid);
});
