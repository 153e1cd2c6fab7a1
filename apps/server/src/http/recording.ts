/**
 * A byte stream produced once and read by any number of readers: each gets every chunk from
 * the first, however late it started reading, and the source's failure after the chunks that
 * came before it. The source is read at once, whether or not anyone reads yet.
 */
export class Recording {
  private readonly chunks: Buffer[] = [];
  private ended = false;
  private failure: { error: unknown } | undefined;
  private waiting: (() => void)[] = [];
  /** Settles (never rejects) when the source has ended or failed. */
  readonly done: Promise<void>;

  constructor(source: AsyncIterable<Buffer>) {
    this.done = this.record(source);
  }

  private async record(source: AsyncIterable<Buffer>) {
    try {
      for await (const chunk of source) {
        this.chunks.push(chunk);
        this.wakeReaders();
      }
      this.ended = true;
    } catch (error) {
      this.failure = { error };
    }
    this.wakeReaders();
  }

  private wakeReaders() {
    const waiting = this.waiting;
    this.waiting = [];
    for (const wake of waiting) wake();
  }

  async *read(): AsyncGenerator<Buffer> {
    for (let next = 0; ;) {
      if (next < this.chunks.length) yield this.chunks[next++]!;
      else if (this.failure) throw this.failure.error;
      else if (this.ended) return;
      else await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }
}
