import { describe, expect, it, vi } from 'vitest';
import { listenersFixture } from '../../test/listener-fixture';
import { nextCommitted } from '../../test/tracker-socket';
import type { IngestMetrics } from '../ingest-metrics';
import { isSent, type BentFrame, type Exchange, type KeepOpenCase } from './keep-open.case';
import { KEEP_OPEN_CASES } from './keep-open.cases';

// Issue 41: "a keep-alive, a bad checksum and a wrong length keep the connection open", per
// family, over a real socket to the real listener. Each family's packets are in its own folder
// (<family>.keep-open.ts); this file plays them all the same way: the opening, the keep-alive,
// the bad checksum, the wrong length, then a live position that must reach the tracker's current
// position with its acknowledgement on the same connection. Where a family's framing cannot
// find the next frame after a wrong length, the server hangs up and the unit reconnects.

// One app serves every family's listener: a file of twelve apps would spend most of its time starting them.
const fixture = listenersFixture(KEEP_OPEN_CASES.map((c) => c.listener));
type Fixture = ReturnType<typeof fixture.of>;

/** The device's end, over TCP or UDP: what it sends, and the server's next answer. */
async function connect(f: Fixture, c: KeepOpenCase) {
  if (c.transport === 'udp') {
    const socket = await f.udp();
    return {
      send: (bytes: Buffer) => void socket.send(bytes),
      answer: async (_length: number) => socket.answer(),
      closed: () => Promise.reject(new Error('a UDP socket does not close')),
      close: () => socket.close(),
    };
  }
  const socket = await f.tcp();
  return {
    send: (bytes: Buffer) => void socket.write(bytes),
    answer: (length: number) => socket.until((b) => b.length >= length),
    /** Resolves once the server has hung up. */
    closed: () =>
      socket
        .until(() => false)
        .then(
          () => {
            throw new Error('the connection stayed open');
          },
          (error: Error) => error.message,
        ),
    close: () => socket.close(),
  };
}
type Link = Awaited<ReturnType<typeof connect>>;

/**
 * Sends `step` and checks the server's answer byte for byte (none arrives where none is due).
 * A bent frame that gets no answer is waited for by its counter, so that the next frame is
 * not read with it (a close then would drop its notice).
 */
async function exchange(f: Fixture, link: Link, step: Exchange | BentFrame) {
  const counter = 'counts' in step ? step.counts : undefined;
  const before = counter ? f.listener.metrics[counter] : 0;
  link.send(step.send);
  if (step.answer) {
    expect((await link.answer(step.answer.length)).toString('hex')).toBe(
      step.answer.toString('hex'),
    );
  } else if (counter) {
    await vi.waitFor(() => expect(f.listener.metrics[counter]).toBe(before + 1));
  }
}

function title(c: KeepOpenCase): string {
  const keepAlive = isSent(c.keepAlive)
    ? `a keep-alive${c.keepAlive.answer ? ' (answered)' : ' (not answered)'}`
    : c.keepAlive.none;
  const checksum = isSent(c.badChecksum) ? c.badChecksum.what : c.badChecksum.none;
  if (!isSent(c.wrongLength)) throw new Error(`${c.family}: every family sends a bent length`);
  const through = `${keepAlive}; ${checksum}`;
  return c.wrongLength.closes
    ? `stays open through ${through}; ${c.wrongLength.what} closes it (nothing to resynchronise on), and the reconnected unit's position is stored${c.command ? '' : ' and acknowledged'}`
    : `stays open through ${through}; ${c.wrongLength.what}; then ${c.command ? 'stores a position and delivers a command' : 'stores and acknowledges a position'} on the same connection`;
}

/** How much each counter must move: one per bent frame that counts, one close. */
function expectedCounts(c: KeepOpenCase): Partial<Record<keyof IngestMetrics, number>> {
  const counts: Partial<Record<keyof IngestMetrics, number>> = {
    malformed: 0,
    crcMismatches: 0,
    resynchronised: 0,
    skippedFrames: 0,
  };
  for (const step of [c.badChecksum, c.wrongLength]) {
    if (isSent(step) && step.counts) counts[step.counts] = (counts[step.counts] ?? 0) + 1;
  }
  if (isSent(c.wrongLength) && c.wrongLength.closes) counts.malformed = 1;
  return counts;
}

for (const c of KEEP_OPEN_CASES) {
  describe(`${c.family} listener`, () => {
    const f = fixture.of(c.listener);

    it(title(c), async () => {
      const device = await f.unit(c.serial);
      const before = { ...f.listener.metrics };
      let link = await connect(f, c);
      for (const step of c.opening) await exchange(f, link, step);
      if (isSent(c.keepAlive)) await exchange(f, link, c.keepAlive);
      if (isSent(c.badChecksum)) await exchange(f, link, c.badChecksum);
      if (isSent(c.wrongLength) && c.wrongLength.closes) {
        link.send(c.wrongLength.send);
        expect(await link.closed()).toMatch(/^connection closed/);
        link = await connect(f, c);
        for (const step of c.opening) await exchange(f, link, step);
      } else if (isSent(c.wrongLength)) {
        await exchange(f, link, c.wrongLength);
      }

      const time = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
      // That fix's commit: a protocol that acknowledges nothing (iStartek) gives no moment at
      // which the opening's own fixes are known to be committed, and on PostgreSQL they can be
      // committed after this is set up.
      const committed = nextCommitted(
        f.t.ctx.bus,
        device.id,
        (p) => p.timestamp === time.toISOString(),
      );
      const position = c.position(time);
      await exchange(f, link, position);
      expect(await committed).toMatchObject({ timestamp: time.toISOString() });
      if (!position.answer) {
        // Nothing acknowledges a report: a command reaching the unit shows the connection open.
        if (!c.command) throw new Error(`${c.family}: a protocol without acks needs a command`);
        f.command(c.serial, c.command.text);
        expect((await link.answer(c.command.bytes.length)).toString('latin1')).toBe(
          c.command.bytes.toString('latin1'),
        );
      }
      const row = await f.current(device.id);
      expect(row!.fix_time).toEqual(time);

      const metrics = f.listener.metrics;
      const moved = Object.fromEntries(
        Object.keys(expectedCounts(c)).map((k) => {
          const key = k as keyof IngestMetrics;
          return [key, metrics[key] - before[key]];
        }),
      );
      expect(moved).toEqual(expectedCounts(c));
      link.close();
    });
  });
}
