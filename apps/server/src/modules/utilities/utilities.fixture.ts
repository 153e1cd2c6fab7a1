import {
  authHeader,
  createAccount,
  createModel,
  createUser,
  type TestApp,
} from '../../test/test-app';

let serialSequence = 0;

/** A serial no other test of the run uses (15 digits, as the demo's IMEIs). */
export const freshSerial = () =>
  `35${Date.now().toString().slice(-8)}${String(serialSequence++ % 100_000).padStart(5, '0')}`;

/** A platform admin, an account with its own admin, a model, and a caller for the actions. */
export async function utilitiesFixture(t: TestApp) {
  const root = await createUser(t, { is_gpx_admin: true });
  const account = await createAccount(t, { title: `Utility Freight ${serialSequence++}` });
  const accountAdmin = await createUser(t, { account, role: 'admin' });
  const model = await createModel(t, { title: 'Mobile 200' });
  const rootHeaders = await authHeader(t, root.email);
  const adminHeaders = await authHeader(t, accountAdmin.email);
  const run = (action: string, payload: object, headers: object = rootHeaders) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/utilities/${action}`,
      headers: headers as Record<string, string>,
      payload,
    });
  /** The account's tracker list as its own admin reads it. */
  const deviceList = async () => {
    const response = await t.app.inject({
      url: `/api/accounts/${account.id}/device-list`,
      headers: adminHeaders,
    });
    return response.json().data as { id: number; serial: string; name: string }[];
  };
  /** Audit entries whose summary or path contains the text, newest first. */
  const audit = async (text: string) => {
    const response = await t.app.inject({
      url: `/api/admin/audit-log?per_page=50&query=${encodeURIComponent(text)}`,
      headers: rootHeaders,
    });
    return response.json().data as { path: string; status_code: number; summary: string | null }[];
  };
  return { root, account, accountAdmin, model, rootHeaders, adminHeaders, run, deviceList, audit };
}
