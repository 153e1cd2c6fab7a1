import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dialog, DialogMessage } from '@waymark/domain';
import { createTestApp, type TestApp } from '../../test/test-app';
import { scoutFleet, type ScoutFleetFixture } from './scout.fixture';

let t: TestApp;
let f: ScoutFleetFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await scoutFleet(t);
});
afterAll(() => t.close());

const dialogsUrl = (accountId = f.account.id, path = '') =>
  `/api/v2/accounts/${accountId}/dialogs${path}`;

describe('POST /api/v2/accounts/{id}/dialogs', () => {
  it('creates a dialog titled by its question with the user message, then Scout answers', async () => {
    const created = await f.start('Which devices have not moved in 24 hours?');
    expect(created).toEqual({
      id: expect.any(Number),
      title: 'Which devices have not moved in 24 hours?',
      created_at: expect.any(String),
      updated_at: expect.any(String),
      messages: [
        {
          id: expect.any(Number),
          dialog_id: created.id,
          role: 'user',
          content: [{ type: 'text', text: 'Which devices have not moved in 24 hours?' }],
          stop_reason: null,
          created_at: expect.any(String),
          files: [],
          feedback: null,
        },
      ],
    });
    const all = await f.messages(created.id);
    expect(all.at(-1)).toMatchObject({ role: 'assistant', stop_reason: 'stop' });
    // The steps between (tool calls, results) carry no stop_reason.
    expect(all.slice(1, -1).every((m) => m.stop_reason === null)).toBe(true);
  });

  it('refuses an empty message with the message named', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: dialogsUrl(),
      headers: f.headers.admin,
      payload: { message: '   ' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ message: ['message is required'] });
  });

  it('refuses more than 5 files and files that are not the caller’s', async () => {
    const six = await t.app.inject({
      method: 'POST',
      url: dialogsUrl(),
      headers: f.headers.admin,
      payload: { message: 'hi', files: [1, 2, 3, 4, 5, 6] },
    });
    expect(six.statusCode).toBe(422);
    expect(six.json().errors.files).toEqual(['Maximum 5 files allowed per message.']);
    const unknown = await t.app.inject({
      method: 'POST',
      url: dialogsUrl(),
      headers: f.headers.admin,
      payload: { message: 'hi', files: [2_000_000] },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.files).toEqual(['files must be files you uploaded']);
  });

  it('is 403 without use Ai (a viewer, an account without AI) and 404 in another account', async () => {
    for (const [as, url] of [
      [f.headers.viewer, dialogsUrl()],
      [f.headers.noAiAdmin, dialogsUrl(f.noAi.id)],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: as,
        payload: { message: 'hi' },
      });
      expect(response.statusCode).toBe(403);
      const list = await t.app.inject({ url, headers: as });
      expect(list.statusCode).toBe(403);
    }
    const foreign = await t.app.inject({
      method: 'POST',
      url: dialogsUrl(),
      headers: f.headers.otherAdmin,
      payload: { message: 'hi' },
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('GET /api/v2/accounts/{id}/dialogs', () => {
  it('lists the caller’s own dialogs, latest first, searched by title and message text', async () => {
    const first = await f.start('Where is Alpha Truck?');
    const second = await f.start('Which shipments are running late?');
    await f.messages(second.id);
    await f.start('A question of the second admin', f.headers.secondAdmin);
    const list = await t.app.inject({
      url: dialogsUrl(f.account.id, '?per_page=100'),
      headers: f.headers.admin,
    });
    expect(list.statusCode).toBe(200);
    const { data, meta } = list.json<{ data: Dialog[]; meta: { total: number } }>();
    const ids = data.map((d) => d.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(data.some((d) => d.title === 'A question of the second admin')).toBe(false);
    expect(meta.total).toBe(data.length);

    const byTitle = await t.app.inject({
      url: dialogsUrl(f.account.id, '?search=alpha%20truck'),
      headers: f.headers.admin,
    });
    expect(byTitle.json<{ data: Dialog[] }>().data.map((d) => d.id)).toContain(first.id);
    // "Load 7 to Milwaukee" is only in Scout's answer, not in the title.
    const byAnswer = await t.app.inject({
      url: dialogsUrl(f.account.id, '?search=milwaukee'),
      headers: f.headers.admin,
    });
    expect(byAnswer.json<{ data: Dialog[] }>().data.map((d) => d.id)).toEqual([second.id]);
  });
});

describe('PUT and DELETE /api/v2/accounts/{id}/dialogs/{id}', () => {
  it('renames and deletes the caller’s dialog; another user’s or account’s is 404', async () => {
    const dialog = await f.start('Where is Bravo Van?');
    const url = dialogsUrl(f.account.id, `/${dialog.id}`);
    const renamed = await t.app.inject({
      method: 'PUT',
      url,
      headers: f.headers.admin,
      payload: { title: ' Bravo ' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ id: dialog.id, title: 'Bravo' });

    const empty = await t.app.inject({
      method: 'PUT',
      url,
      headers: f.headers.admin,
      payload: { title: '' },
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ title: ['title is required'] });

    for (const as of [f.headers.secondAdmin, f.headers.otherAdmin]) {
      const put = await t.app.inject({ method: 'PUT', url, headers: as, payload: { title: 'x' } });
      expect(put.statusCode).toBe(404);
      const del = await t.app.inject({ method: 'DELETE', url, headers: as });
      expect(del.statusCode).toBe(404);
      const read = await t.app.inject({
        url: `/api/v2/dialogs/${dialog.id}/messages`,
        headers: as,
      });
      expect(read.statusCode).toBe(404);
    }
    await f.messages(dialog.id);
    const deleted = await t.app.inject({ method: 'DELETE', url, headers: f.headers.admin });
    expect(deleted.statusCode).toBe(200);
    const gone = await t.app.inject({
      url: `/api/v2/dialogs/${dialog.id}/messages`,
      headers: f.headers.admin,
    });
    expect(gone.statusCode).toBe(404);
  });
});

describe('POST /api/v2/dialogs/{id}/messages', () => {
  it('adds a message to the dialog and Scout answers it', async () => {
    const dialog = await f.start('Which trackers are low on battery?');
    await f.messages(dialog.id);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/v2/dialogs/${dialog.id}/messages`,
      headers: f.headers.admin,
      payload: { message: 'export these as CSV' },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json<{ data: DialogMessage }>().data).toMatchObject({
      dialog_id: dialog.id,
      role: 'user',
      content: [{ type: 'text', text: 'export these as CSV' }],
    });
    const all = await f.messages(dialog.id);
    expect(all.filter((m) => m.stop_reason === 'stop')).toHaveLength(2);
  });

  it('is 404 for another user’s dialog', async () => {
    const dialog = await f.start('Where is Alpha Truck?');
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v2/dialogs/${dialog.id}/messages`,
      headers: f.headers.secondAdmin,
      payload: { message: 'hello' },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('feedback', () => {
  it('rates an answer good, bad with a comment, and removes the rating', async () => {
    const { dialog, answer, all } = await f.ask('Where is Alpha Truck?');
    const url = `/api/v2/dialogs/${dialog.id}/messages/${answer.id}/feedback`;
    const good = await t.app.inject({
      method: 'POST',
      url,
      headers: f.headers.admin,
      payload: { rate: 1 },
    });
    expect(good.statusCode).toBe(200);
    expect(good.json().data).toEqual({ rate: 1, comment: null });
    const bad = await t.app.inject({
      method: 'POST',
      url,
      headers: f.headers.admin,
      payload: { rate: -1, comment: 'Wrong address' },
    });
    expect(bad.json().data).toEqual({ rate: -1, comment: 'Wrong address' });
    expect((await f.messages(dialog.id)).at(-1)!.feedback).toEqual({
      rate: -1,
      comment: 'Wrong address',
    });
    const removed = await t.app.inject({ method: 'DELETE', url, headers: f.headers.admin });
    expect(removed.statusCode).toBe(200);
    expect((await f.messages(dialog.id)).at(-1)!.feedback).toBeNull();

    const invalid = await t.app.inject({
      method: 'POST',
      url,
      headers: f.headers.admin,
      payload: { rate: 0 },
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors.rate).toEqual(['rate must be 1 (good) or -1 (bad)']);
    const question = `/api/v2/dialogs/${dialog.id}/messages/${all[0]!.id}/feedback`;
    const notAnswer = await t.app.inject({
      method: 'POST',
      url: question,
      headers: f.headers.admin,
      payload: { rate: 1 },
    });
    expect(notAnswer.statusCode).toBe(422);
    const foreign = await t.app.inject({
      method: 'POST',
      url,
      headers: f.headers.otherAdmin,
      payload: { rate: 1 },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
