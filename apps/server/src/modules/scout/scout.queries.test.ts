import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { scoutFleet, type ScoutFleetFixture } from './scout.fixture';
import { insertMessage, messagesForAnswer } from './scout.queries';

let t: TestApp;
let f: ScoutFleetFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await scoutFleet(t);
});
afterAll(() => t.close());

describe('messagesForAnswer', () => {
  it('reads a long dialog’s latest messages from a question, the asked one and any after', async () => {
    const dialog = await f.start('Where is Alpha Truck?');
    await f.messages(dialog.id);
    // Twenty more exchanges of a question, a tool step and an answer: 60 messages.
    const text = (s: string) => [{ type: 'text' as const, text: s }];
    let asked = 0;
    for (let i = 0; i < 20; i++) {
      const question = await insertMessage(t.db, {
        dialogId: dialog.id,
        role: 'user',
        content: text(`question ${i}`),
      });
      if (i === 18) asked = question.id;
      await insertMessage(t.db, {
        dialogId: dialog.id,
        role: 'assistant',
        content: [
          { type: 'tool_result', tool_call_id: `c${i}`, name: 'fleet_query', content: '{}' },
        ],
      });
      await insertMessage(t.db, {
        dialogId: dialog.id,
        role: 'assistant',
        content: text(`answer ${i}`),
        stopReason: 'stop',
      });
    }
    const rows = await messagesForAnswer(t.db, dialog.id, asked, 9);
    // The 9 latest up to question 18 start at a tool step: the read starts at the next question.
    expect(rows[0]!.role).toBe('user');
    expect(rows.map((r) => (r.content[0]?.type === 'text' ? r.content[0].text : 'step'))).toEqual([
      'question 16',
      'step',
      'answer 16',
      'question 17',
      'step',
      'answer 17',
      'question 18',
      'step',
      'answer 18',
      'question 19',
      'step',
      'answer 19',
    ]);
    // A short dialog is read whole.
    const all = await messagesForAnswer(t.db, dialog.id, asked, 1000);
    expect(all[0]!.content).toEqual(text('Where is Alpha Truck?'));
  });
});
