import type { DialogCreated, DialogFile, DialogMessage } from '@waymark/domain';
import type { Attachment } from './cases';
import type { World } from './world';

/**
 * Scout asked the way the web app asks it: a dialog created with the first message (POST
 * /v2/accounts/{id}/dialogs), later messages posted to it, files uploaded first, and the
 * answer read back from GET /v2/dialogs/{id}/messages once its final message (stop_reason
 * 'stop') is there. The latency is the server's own: from the question's created_at to the
 * answer's.
 */
export interface Asked {
  answer: DialogMessage;
  latencyMs: number;
}

const TIMEOUT_MS = 60_000;

export class ScoutClient {
  constructor(
    private readonly httpUrl: string,
    private readonly token: string,
    private readonly accountId: number,
  ) {}

  private async call<T>(path: string, init: RequestInit = {}): Promise<T> {
    const response = await fetch(`${this.httpUrl}/api${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
      },
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { data: T }).data;
  }

  /** A file the answer offers, as text (ui_create_file's download_url, under /api). */
  async download(url: string) {
    const path = url.replace(/^\/api/, '');
    const response = await fetch(`${this.httpUrl}/api${path}`, {
      headers: { authorization: `Bearer ${this.token}` },
    });
    return response.ok ? response.text() : '';
  }

  private async upload(file: Attachment, w: World) {
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(await file.body(w))], { type: file.mime }),
      file.name,
    );
    return this.call<DialogFile>('/v2/files/upload', { method: 'POST', body: form });
  }

  private async finalAfter(dialogId: number, questionId: number): Promise<DialogMessage> {
    const started = Date.now();
    for (let wait = 10; ; wait = Math.min(wait * 1.5, 200)) {
      const messages = await this.call<DialogMessage[]>(`/v2/dialogs/${dialogId}/messages`);
      const answer = messages.find((m) => m.id > questionId && m.stop_reason === 'stop');
      if (answer) return answer;
      if (Date.now() - started > TIMEOUT_MS)
        throw new Error(`no answer in dialog ${dialogId} after ${TIMEOUT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  /** Asks `turns` in one new dialog, the file with the last; answers the last answer. */
  async ask(turns: string[], w: World, attach?: Attachment): Promise<Asked> {
    let dialogId: number | undefined;
    let asked: Asked | undefined;
    for (const [i, message] of turns.entries()) {
      const files = attach && i === turns.length - 1 ? [(await this.upload(attach, w)).id] : [];
      const body = JSON.stringify({ message, files });
      let question: DialogMessage;
      if (dialogId === undefined) {
        const dialog = await this.call<DialogCreated>(`/v2/accounts/${this.accountId}/dialogs`, {
          method: 'POST',
          body,
        });
        dialogId = dialog.id;
        question = dialog.messages.find((m) => m.role === 'user')!;
      } else {
        question = await this.call<DialogMessage>(`/v2/dialogs/${dialogId}/messages`, {
          method: 'POST',
          body,
        });
      }
      const answer = await this.finalAfter(dialogId, question.id);
      asked = {
        answer,
        latencyMs: Date.parse(answer.created_at) - Date.parse(question.created_at),
      };
    }
    return asked!;
  }
}
