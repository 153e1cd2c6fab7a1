import { encodeGt06Login } from '../../apps/server/src/ingest/protocols/gt06/gt06.device';
import { GT06_CAPTURES } from '../../apps/server/src/ingest/protocols/gt06/gt06.captures';
import { gt06Protocol } from '../../apps/server/src/ingest/protocols/gt06/gt06.decoder';
import { JT808_CAPTURES } from '../../apps/server/src/ingest/protocols/jt808/jt808.captures';
import { jt808Protocol } from '../../apps/server/src/ingest/protocols/jt808/jt808.decoder';
import { SUNTECH_FIXTURES } from '../../apps/server/src/ingest/protocols/suntech/suntech.fixtures';
import { suntechProtocol } from '../../apps/server/src/ingest/protocols/suntech/suntech.decoder';
import { RUPTELA_CAPTURES } from '../../apps/server/src/ingest/protocols/ruptela/ruptela.captures';
import { ruptelaProtocol } from '../../apps/server/src/ingest/protocols/ruptela/ruptela.decoder';
import { TOPFLYTECH_CAPTURES } from '../../apps/server/src/ingest/protocols/topflytech/topflytech.captures';
import { topflytechProtocol } from '../../apps/server/src/ingest/protocols/topflytech/topflytech.decoder';
import {
  TRACCAR,
  WIKI,
} from '../../apps/server/src/ingest/protocols/navtelecom/navtelecom.fixtures';
import { navtelecomProtocol } from '../../apps/server/src/ingest/protocols/navtelecom/navtelecom.decoder';
import { ISTARTEK_FIXTURES } from '../../apps/server/src/ingest/protocols/istartek/istartek.fixtures';
import { istartekProtocol } from '../../apps/server/src/ingest/protocols/istartek/istartek.decoder';
import { WIALON_FIXTURES } from '../../apps/server/src/ingest/protocols/wialon/wialon.fixtures';
import { wialonProtocol } from '../../apps/server/src/ingest/protocols/wialon/wialon.decoder';
import { GALILEOSKY_FIXTURES } from '../../apps/server/src/ingest/protocols/galileosky/galileosky.fixtures';
import { galileoskyProtocol } from '../../apps/server/src/ingest/protocols/galileosky/galileosky.decoder';
import {
  fixtureBytes,
  JT600_BINARY,
  JT600_TEXT,
} from '../../apps/server/src/ingest/protocols/jt600/jt600.fixtures';
import { jt600Protocol } from '../../apps/server/src/ingest/protocols/jt600/jt600.decoder';
import { QUECLINK_BINARY_FIXTURES } from '../../apps/server/src/ingest/protocols/queclink/queclink-binary.fixtures';
import { queclinkProtocol } from '../../apps/server/src/ingest/protocols/queclink/queclink.decoder';
import type { TcpProtocol } from '../../apps/server/src/ingest/protocols/types';
import {
  TELTONIKA_CAPTURES,
  TELTONIKA_HANDSHAKES,
  TELTONIKA_UDP_CAPTURES,
} from '../../apps/server/src/ingest/protocols/teltonika/teltonika.captures';
import { teltonikaProtocol } from '../../apps/server/src/ingest/protocols/teltonika/teltonika.decoder';
import { teltonikaUdpProtocol } from '../../apps/server/src/ingest/protocols/teltonika/teltonika.udp';
import { H02_FIXTURES, h02Bytes } from '../../apps/server/src/ingest/protocols/h02/h02.fixtures';
import { h02Protocol } from '../../apps/server/src/ingest/protocols/h02/h02.decoder';
import { GPS103_FIXTURES } from '../../apps/server/src/ingest/protocols/gps103/gps103.fixtures';
import { gps103Protocol } from '../../apps/server/src/ingest/protocols/gps103/gps103.decoder';
import { WATCH_FIXTURES } from '../../apps/server/src/ingest/protocols/watch/watch.fixtures';
import { watchProtocol } from '../../apps/server/src/ingest/protocols/watch/watch.decoder';
import { QUECLINK_FIXTURES } from '../../apps/server/src/ingest/protocols/queclink/queclink.fixtures';
import { MEITRACK_FIXTURES } from '../../apps/server/src/ingest/protocols/meitrack/meitrack.fixtures';
import { meitrackProtocol } from '../../apps/server/src/ingest/protocols/meitrack/meitrack.decoder';

/**
 * One real packet of a family's fixtures, with the session it is read on: what its unit sent
 * before it on the connection (a login, a handshake), as the family's decoder tests set it up.
 */
export interface FixturePacket {
  type: string;
  bytes: Buffer;
  session: () => unknown;
}

export interface FixtureFamily {
  family: string;
  /** The fixtures file the packets come from, with their sources named there. */
  file: string;
  protocol: TcpProtocol<unknown>;
  packets: FixturePacket[];
}

const NOW = new Date('2024-05-01T12:00:00Z');
const hex = (h: string) => Buffer.from(h.replace(/\s+/g, ''), 'hex');
const fresh = (protocol: TcpProtocol<unknown>) => () => protocol.createSession();
/** A session that has read `before`, in order. */
const after =
  (protocol: TcpProtocol<unknown>, ...before: Buffer[]) =>
  () => {
    const session = protocol.createSession();
    for (const bytes of before) protocol.decode(session, bytes, NOW);
    return session;
  };
const byType = (
  protocol: TcpProtocol<unknown>,
  captures: Record<string, readonly (string | { hex: string })[]>,
): FixturePacket[] =>
  Object.entries(captures).flatMap(([type, list]) =>
    list.map((c) => ({
      type,
      bytes: hex(typeof c === 'string' ? c : c.hex),
      session: fresh(protocol),
    })),
  );
/** The fixtures named `<type>, <detail>` are counted by their type. */
const typeOf = (name: string) => name.split(',')[0]!.trim();

const gt06 = gt06Protocol as TcpProtocol<unknown>;
const navtelecom = navtelecomProtocol as TcpProtocol<unknown>;
const galileosky = galileoskyProtocol as TcpProtocol<unknown>;
const queclink = queclinkProtocol as TcpProtocol<unknown>;
const wialon = wialonProtocol as TcpProtocol<unknown>;
const jt600 = jt600Protocol as TcpProtocol<unknown>;

/** Text fixtures `{ type, text }` read each on a new connection. */
const texts = (
  protocol: TcpProtocol<unknown>,
  fixtures: readonly { type: string; text: string }[],
) =>
  fixtures.map((f) => ({
    type: f.type,
    bytes: Buffer.from(f.text, 'latin1'),
    session: fresh(protocol),
  }));
const teltonika = teltonikaProtocol as TcpProtocol<unknown>;
const teltonikaUdp = teltonikaUdpProtocol as TcpProtocol<unknown>;
const h02 = h02Protocol as TcpProtocol<unknown>;

/** The families of issue 41 first (GT06 and the ten new), then the rest of the first wave. */
export const FIXTURE_FAMILIES: readonly FixtureFamily[] = [
  {
    family: 'GT06',
    file: 'gt06/gt06.captures.ts',
    protocol: gt06,
    packets: Object.entries(GT06_CAPTURES).flatMap(([type, list]) =>
      list.map((c) => ({
        type,
        bytes: hex(c.hex),
        // Every message but the login comes after one (the IMEI the capture names, if any).
        session: type.startsWith('0x01')
          ? fresh(gt06)
          : after(gt06, encodeGt06Login(c.imei ?? '359339075012345', 1)),
      })),
    ),
  },
  {
    family: 'JT808',
    file: 'jt808/jt808.captures.ts',
    protocol: jt808Protocol as TcpProtocol<unknown>,
    packets: byType(jt808Protocol as TcpProtocol<unknown>, JT808_CAPTURES),
  },
  {
    family: 'Suntech',
    file: 'suntech/suntech.fixtures.ts',
    protocol: suntechProtocol as TcpProtocol<unknown>,
    packets: SUNTECH_FIXTURES.map((f) => ({
      type: f.type,
      bytes: f.bytes,
      session: fresh(suntechProtocol as TcpProtocol<unknown>),
    })),
  },
  {
    family: 'Ruptela',
    file: 'ruptela/ruptela.captures.ts',
    protocol: ruptelaProtocol as TcpProtocol<unknown>,
    packets: byType(ruptelaProtocol as TcpProtocol<unknown>, RUPTELA_CAPTURES),
  },
  {
    family: 'Topflytech',
    file: 'topflytech/topflytech.captures.ts',
    protocol: topflytechProtocol as TcpProtocol<unknown>,
    packets: byType(topflytechProtocol as TcpProtocol<unknown>, TOPFLYTECH_CAPTURES),
  },
  {
    family: 'Navtelecom',
    file: 'navtelecom/navtelecom.fixtures.ts',
    protocol: navtelecom,
    // Traccar's captures are one connection: *>S, the FLEX 3.0 negotiation, then the rest.
    packets: [
      {
        type: '*>S identification',
        bytes: hex(TRACCAR.identification),
        session: fresh(navtelecom),
      },
      { type: '*>S identification', bytes: hex(WIKI.identification), session: fresh(navtelecom) },
      ...[TRACCAR.negotiation30, ...TRACCAR.negotiation10].map((h) => ({
        type: '*>FLEX negotiation',
        bytes: hex(h),
        session: after(navtelecom, hex(TRACCAR.identification)),
      })),
      {
        type: '*>FLEX negotiation',
        bytes: hex(WIKI.negotiation),
        session: after(navtelecom, hex(WIKI.identification)),
      },
      {
        type: '*@ command answer',
        bytes: hex(TRACCAR.commandAnswer),
        session: after(navtelecom, hex(TRACCAR.identification), hex(TRACCAR.negotiation30)),
      },
      {
        type: '~A archive',
        bytes: hex(TRACCAR.archive),
        session: after(navtelecom, hex(TRACCAR.identification), hex(TRACCAR.negotiation30)),
      },
    ],
  },
  {
    family: 'iStartek',
    file: 'istartek/istartek.fixtures.ts',
    protocol: istartekProtocol as TcpProtocol<unknown>,
    packets: ISTARTEK_FIXTURES.map((f) => ({
      type: f.type,
      bytes: Buffer.from(f.text, 'latin1'),
      session: fresh(istartekProtocol as TcpProtocol<unknown>),
    })),
  },
  {
    family: 'Wialon IPS',
    file: 'wialon/wialon.fixtures.ts',
    protocol: wialon,
    // A login opens the connection; the rest come after one. A datagram names its unit first.
    packets: WIALON_FIXTURES.map((f) => {
      const udp = !f.text.startsWith('#');
      return {
        type: `${udp ? 'UDP ' : ''}#${f.type}#`,
        bytes: Buffer.from(f.text, 'utf8'),
        session: udp || f.type === 'L' ? fresh(wialon) : () => ({ serial: '42001300083' }),
      };
    }),
  },
  {
    family: 'Galileosky',
    file: 'galileosky/galileosky.fixtures.ts',
    protocol: galileosky,
    // Read after the head packet of unit 868204001549087: the captures without an IMEI need one.
    packets: Object.entries(GALILEOSKY_FIXTURES).map(([name, h]) => ({
      type:
        name === 'headPacket'
          ? 'head packet'
          : name.endsWith('Answer')
            ? 'command answer'
            : 'main packet',
      bytes: hex(h),
      session: after(galileosky, hex(GALILEOSKY_FIXTURES.headPacket)),
    })),
  },
  {
    family: 'JT600',
    file: 'jt600/jt600.fixtures.ts',
    protocol: jt600,
    packets: [...JT600_BINARY, ...JT600_TEXT].map((f) => ({
      type: `${f.frame.startsWith('(') ? 'text' : 'binary'} ${typeOf(f.name)}`,
      bytes: fixtureBytes(f),
      session: fresh(jt600),
    })),
  },
  {
    family: 'Queclink HEX',
    file: 'queclink/queclink-binary.fixtures.ts',
    protocol: queclink,
    // Frames that name the unit only by its device name come after one that gave its IMEI.
    packets: QUECLINK_BINARY_FIXTURES.map((f) => ({
      type: f.name,
      bytes: hex(f.hex),
      session: f.needsImeiFirst ? () => ({ serial: '865084030003675' }) : fresh(queclink),
    })),
  },
  {
    family: 'Teltonika',
    file: 'teltonika/teltonika.captures.ts',
    protocol: teltonika,
    // The packets after the IMEI handshake are read on a connection that made it.
    packets: [
      ...TELTONIKA_HANDSHAKES.map((c) => ({
        type: 'IMEI handshake',
        bytes: hex(c.hex),
        session: fresh(teltonika),
      })),
      ...Object.entries(TELTONIKA_CAPTURES).flatMap(([type, list]) =>
        list.map((c) => ({
          type,
          bytes: hex(c.hex),
          session: () => ({ serial: '356307042441013' }),
        })),
      ),
    ],
  },
  {
    family: 'Teltonika UDP',
    file: 'teltonika/teltonika.captures.ts',
    protocol: teltonikaUdp,
    packets: byType(teltonikaUdp, TELTONIKA_UDP_CAPTURES),
  },
  {
    family: 'H02',
    file: 'h02/h02.fixtures.ts',
    protocol: h02,
    // A frame without a terminal number needs one the connection already knows.
    packets: H02_FIXTURES.map((f) => ({
      type: f.type,
      bytes: h02Bytes(f),
      session: () => ({ serial: '2705171109' }),
    })),
  },
  {
    family: 'GPS103',
    file: 'gps103/gps103.fixtures.ts',
    protocol: gps103Protocol as TcpProtocol<unknown>,
    packets: texts(gps103Protocol as TcpProtocol<unknown>, GPS103_FIXTURES),
  },
  {
    family: 'Watch',
    file: 'watch/watch.fixtures.ts',
    protocol: watchProtocol as TcpProtocol<unknown>,
    packets: texts(watchProtocol as TcpProtocol<unknown>, WATCH_FIXTURES),
  },
  {
    family: 'Queclink',
    file: 'queclink/queclink.fixtures.ts',
    protocol: queclink,
    packets: texts(queclink, QUECLINK_FIXTURES),
  },
  {
    family: 'Meitrack',
    file: 'meitrack/meitrack.fixtures.ts',
    protocol: meitrackProtocol as TcpProtocol<unknown>,
    packets: MEITRACK_FIXTURES.map((f) => ({
      type: f.type,
      bytes: f.bytes,
      session: fresh(meitrackProtocol as TcpProtocol<unknown>),
    })),
  },
];
