import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { scoutFleet, textOf, toolCalls, type ScoutFleetFixture } from './scout.fixture';

/**
 * The provider path end to end: Scout configured for an OpenAI-compatible API, answered by a
 * local stand-in that speaks chat completions and returns scripted tool calls, so the AI SDK's
 * real client code runs.
 */

interface ChatRequest {
  model: string;
  stream?: boolean;
  messages: { role: string; content: unknown; tool_calls?: unknown[]; tool_call_id?: string }[];
  tools?: { type: string; function: { name: string; parameters: unknown } }[];
}

let server: Server;
/** While set, the stand-in answers every request with a server error. */
let failing = false;
const requests: ChatRequest[] = [];
let t: TestApp;
let f: ScoutFleetFixture;

const completion = (message: Record<string, unknown>, finish: string) => ({
  id: `chatcmpl-${requests.length}`,
  object: 'chat.completion',
  created: Math.floor(Date.now() / 1000),
  model: 'scripted',
  choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: finish }],
  usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
});

const toolCall = (id: string, name: string, args: object) => ({
  id,
  type: 'function',
  function: { name, arguments: JSON.stringify(args) },
});

/**
 * The script: ask for the not-moved trackers, then answer with them and a filter button. A
 * question with a file: the fleet query of the trackers the file names (the ids the message
 * gives, as a model would take them), then their names.
 */
function respond(body: ChatRequest) {
  const last = body.messages.at(-1)!;
  if (last.role === 'user' && String(last.content).includes('Attached file')) {
    const named = /names these trackers[^:]*: ([^\n]*)\./.exec(String(last.content));
    const ids = named ? [...named[1]!.matchAll(/(\d+): /g)].map((m) => Number(m[1])) : [];
    if (ids.length === 0) return completion({ content: 'I cannot read that file.' }, 'stop');
    return completion(
      {
        content: null,
        tool_calls: [toolCall('call_file', 'fleet_query', { subject: { trackers: ids } })],
      },
      'tool_calls',
    );
  }
  if (last.role === 'tool' && last.tool_call_id === 'call_file') {
    const result = JSON.parse(String(last.content)) as { rows: { name: string }[] };
    return completion(
      { content: `In the file: ${result.rows.map((r) => r.name).join(', ')}.` },
      'stop',
    );
  }
  if (last.role === 'user') {
    return completion(
      { content: null, tool_calls: [toolCall('call_1', 'trackers_not_moved', { hours: 24 })] },
      'tool_calls',
    );
  }
  const result = JSON.parse(String(last.content)) as { device_ids: number[]; count: number };
  return completion(
    {
      content: `${result.count} trackers have not moved in 24 hours.`,
      tool_calls: [
        toolCall('call_2', 'ui_filter_devices', {
          button_text: 'Show them',
          device_ids: result.device_ids,
        }),
      ],
    },
    'tool_calls',
  );
}

/** Pause between streamed chunks: longer than Scout's push interval, so each is pushed. */
const CHUNK_GAP_MS = 150;

/**
 * The same completion as server-sent chunks, as the API streams it: the text in words, then
 * each tool call, then the finish reason.
 */
async function stream(response: ServerResponse, body: ReturnType<typeof completion>) {
  const { message: reply, finish_reason } = body.choices[0]!;
  const message = reply as { content?: unknown; tool_calls?: unknown[] };
  const chunk = (delta: object, finish: string | null = null) =>
    `data: ${JSON.stringify({
      id: body.id,
      object: 'chat.completion.chunk',
      created: body.created,
      model: body.model,
      choices: [{ index: 0, delta, finish_reason: finish }],
    })}\n\n`;
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  response.write(chunk({ role: 'assistant', content: '' }));
  const content = typeof message.content === 'string' ? message.content : '';
  for (const word of content.match(/\S+\s*/g) ?? []) {
    await new Promise((resolve) => setTimeout(resolve, CHUNK_GAP_MS));
    response.write(chunk({ content: word }));
  }
  const calls = (message.tool_calls ?? []) as ReturnType<typeof toolCall>[];
  calls.forEach((call, index) => response.write(chunk({ tool_calls: [{ index, ...call }] })));
  response.write(chunk({}, finish_reason));
  response.end('data: [DONE]\n\n');
}

async function readBody(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString()) as ChatRequest;
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void readBody(request).then((body) => {
      if (request.url !== '/v1/chat/completions') {
        response.writeHead(404).end();
        return;
      }
      if (failing) {
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'model is overloaded' } }));
        return;
      }
      requests.push(body);
      if (body.stream) {
        void stream(response, respond(body));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(respond(body)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  t = await createTestApp({
    SCOUT_BASE_URL: `http://127.0.0.1:${port}/v1`,
    SCOUT_MODEL: 'scripted',
  });
  f = await scoutFleet(t);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('Scout through an OpenAI-compatible provider', () => {
  it('sends the tools, runs the tool calls it gets back with the user’s actor, and answers', async () => {
    const { all, answer } = await f.ask('Which devices have not moved in 24 hours?');
    expect(t.ctx.config.scout.provider).toBe('openai-compatible');
    expect(requests).toHaveLength(2);
    expect(requests[0]!.model).toBe('scripted');
    const tools = requests[0]!.tools!.map((tool) => tool.function.name);
    expect(tools).toEqual(
      expect.arrayContaining([
        'trackers_not_moved',
        'tracker_location',
        'ui_filter_devices',
        'ui_create_file',
      ]),
    );
    // The second request carries the tool's result, read through the services.
    const toolMessage = requests[1]!.messages.find((m) => m.role === 'tool')!;
    expect(toolMessage.tool_call_id).toBe('call_1');
    const result = JSON.parse(String(toolMessage.content)) as { device_ids: number[] };
    expect(result.device_ids.sort()).toEqual([f.bravo.id, f.charlie.id].sort());

    expect(toolCalls(all, 'trackers_not_moved')).toHaveLength(1);
    expect(answer.stop_reason).toBe('stop');
    expect(textOf(answer)).toBe('2 trackers have not moved in 24 hours.');
    expect(requests.every((r) => r.stream)).toBe(true);
    expect(toolCalls([answer], 'ui_filter_devices')[0]!.arguments).toEqual({
      button_text: 'Show them',
      device_ids: result.device_ids,
    });
  });

  it('streams the answer as it is written: one message, pushed again as it grows', async () => {
    const pushed: { id: number; text: string; stop: string | null }[] = [];
    const stop = t.ctx.bus.subscribe('dialog.message-created', ({ message }) => {
      const text = message.content.find((b) => b.type === 'text');
      pushed.push({
        id: message.id,
        text: text?.type === 'text' ? text.text : '',
        stop: message.stop_reason,
      });
    });
    try {
      const { answer } = await f.ask('Which devices have not moved in 24 hours?');
      const ofAnswer = pushed.filter((p) => p.id === answer.id);
      // Words arrive 150 ms apart: the answer was pushed while unfinished, then finished.
      expect(ofAnswer.length).toBeGreaterThan(2);
      expect(ofAnswer.at(-1)).toEqual({
        id: answer.id,
        text: '2 trackers have not moved in 24 hours.',
        stop: 'stop',
      });
      const drafts = ofAnswer.slice(0, -1);
      expect(drafts.every((p) => p.stop === null)).toBe(true);
      for (const [i, p] of drafts.entries()) {
        expect('2 trackers have not moved in 24 hours.'.startsWith(p.text.trimEnd())).toBe(true);
        if (i > 0) expect(p.text.length).toBeGreaterThan(drafts[i - 1]!.text.length);
      }
    } finally {
      stop();
    }
  });

  it('reads an attached CSV as the offline model does: its trackers become the subject', async () => {
    const boundary = '----waymark-provider-file';
    const csv = `serial\n${f.bravo.serial}\n${f.charlie.serial}\nnot a tracker\n`;
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/v2/files/upload',
      headers: { ...f.headers.admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="mine.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
      ),
    });
    expect(uploaded.statusCode).toBe(201);
    const file = uploaded.json<{ data: { id: number } }>().data;
    requests.length = 0;
    const dialog = await f.start('Where are these?', f.headers.admin, { files: [file.id] });
    const answer = (await f.messages(dialog.id)).at(-1)!;
    // The model was given the file's trackers by id and name, and its text.
    const question = String(requests[0]!.messages.find((m) => m.role === 'user')!.content);
    expect(question).toContain('Attached file "mine.csv" (text/csv)');
    expect(question).toContain(`${f.bravo.id}: Bravo Van`);
    expect(question).toContain(`${f.charlie.id}: ${f.charlie.name}`);
    expect(question).toContain('not a tracker');
    expect(textOf(answer)).toBe(
      `In the file: ${[f.bravo.name, f.charlie.name].sort().join(', ')}.`,
    );
  });

  it('tells the user when the provider fails, and the answer still ends', async () => {
    failing = true;
    try {
      const { answer } = await f.ask('Where is Alpha Truck?');
      expect(answer.stop_reason).toBe('stop');
      expect(textOf(answer)).toBe(
        'Sorry, I could not answer just now. Please try again in a moment.',
      );
    } finally {
      failing = false;
    }
  });
});
