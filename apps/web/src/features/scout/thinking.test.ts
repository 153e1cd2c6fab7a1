import { describe, expect, it } from 'vitest';
import { displayItems, isTyping, preview, thoughtDuration, type MessageLike } from './thinking';

let id = 0;
const at = (seconds: number) => new Date(Date.UTC(2026, 10, 29, 8, 0, seconds)).toISOString();
const user = (text: string, s: number): MessageLike => ({
  id: ++id,
  role: 'user',
  content: [{ type: 'text', text }],
  stop_reason: null,
  created_at: at(s),
});
const step = (s: number, ...content: MessageLike['content']): MessageLike => ({
  id: ++id,
  role: 'assistant',
  content,
  stop_reason: 'tool_calls',
  created_at: at(s),
});
const answer = (text: string, s: number, ...more: MessageLike['content']): MessageLike => ({
  id: ++id,
  role: 'assistant',
  content: [{ type: 'text', text }, ...more],
  stop_reason: 'stop',
  created_at: at(s),
});

describe('thoughtDuration', () => {
  it('says less than 1 second, seconds, or minutes and seconds', () => {
    expect(thoughtDuration(400)).toBe('less than 1 second');
    expect(thoughtDuration(1000)).toBe('1 second');
    expect(thoughtDuration(42_500)).toBe('42 seconds');
    expect(thoughtDuration(60_000)).toBe('1 minute');
    expect(thoughtDuration(125_000)).toBe('2 minutes 5 seconds');
  });
});

describe('preview', () => {
  it('keeps 60 characters on one line', () => {
    const long =
      'Looking up the trackers that have not moved\nin the last 24 hours, then filtering';
    expect(preview(long)).toBe('Looking up the trackers that have not moved in the last 24 h…');
    expect(preview('Short')).toBe('Short');
  });
});

describe('isTyping', () => {
  it('types until a message with stop_reason stop is last', () => {
    expect(isTyping([])).toBe(false);
    expect(isTyping([user('Hi', 0)])).toBe(true);
    expect(isTyping([user('Hi', 0), step(1, { type: 'text', text: 'Looking' })])).toBe(true);
    expect(isTyping([user('Hi', 0), answer('Hello', 2)])).toBe(false);
  });
});

describe('displayItems', () => {
  it("folds a turn's intermediate messages into one group before its answer", () => {
    const filter = { type: 'tool_call', name: 'ui_filter_devices', arguments: { ids: [1, 2] } };
    const messages = [
      user('Which devices have not moved in 24 hours?', 0),
      step(1, { type: 'text', text: 'Checking the last movement of every tracker' }),
      step(2, { type: 'tool_call', name: 'trackers_not_moved', arguments: {} }, filter),
      answer('Two trackers have not moved.', 3),
    ];
    const items = displayItems(messages, false);
    expect(items.map((i) => i.kind)).toEqual(['user', 'thought', 'answer']);
    const thought = items[1]!;
    expect(thought.kind === 'thought' && thought.label).toBe('Thought for 3 seconds');
    expect(thought.kind === 'thought' && thought.preview).toBe(
      'Checking the last movement of every tracker',
    );
    expect(thought.kind === 'thought' && thought.messages).toHaveLength(2);
    const final = items[2]!;
    expect(final.kind === 'answer' && final.actions.map((a) => a.name)).toEqual([
      'ui_filter_devices',
    ]);
  });

  it("shows 'Thinking' while the answer has not come", () => {
    const items = displayItems([user('Hi', 0), step(0, { type: 'text', text: 'Reading' })], true);
    expect(items[1]).toMatchObject({ kind: 'thought', label: 'Thinking', preview: 'Reading' });
  });

  it('gives a quick answer no group, and a quick group less than 1 second', () => {
    expect(displayItems([user('Hi', 0), answer('Hello', 0)], false).map((i) => i.kind)).toEqual([
      'user',
      'answer',
    ]);
    const quick = displayItems(
      [user('Hi', 0), step(0, { type: 'text', text: 'x' }), answer('Hello', 0)],
      false,
    );
    expect(quick[1]).toMatchObject({ label: 'Thought for less than 1 second' });
  });
});
