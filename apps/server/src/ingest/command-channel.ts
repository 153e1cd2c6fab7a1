import { encodeGt06Command } from './protocols/gt06/gt06.encoder';
import type { Gt06Session } from './protocols/gt06/gt06.decoder';
import { encodeCodec12Command } from './protocols/teltonika/teltonika.codec12';
import { encodeH02Command } from './protocols/h02/h02.encoder';
import type { H02Session } from './protocols/h02/h02.decoder';
import { encodeGps103Command } from './protocols/gps103/gps103.encoder';
import type { Gps103Session } from './protocols/gps103/gps103.decoder';
import { encodeWatchCommand } from './protocols/watch/watch.encoder';
import type { WatchSession } from './protocols/watch/watch.decoder';
import { encodeQueclinkCommand } from './protocols/queclink/queclink.encoder';
import type { QueclinkSession } from './protocols/queclink/queclink.decoder';
import { encodeMeitrackCommand } from './protocols/meitrack/meitrack.encoder';
import type { MeitrackSession } from './protocols/meitrack/meitrack.decoder';
import { encodeJt808Command } from './protocols/jt808/jt808.encoder';
import type { Jt808Session } from './protocols/jt808/jt808.decoder';
import { encodeWialonCommand } from './protocols/wialon/wialon.encoder';
import type { WialonSession } from './protocols/wialon/wialon.decoder';
import { encodeSuntechCommand } from './protocols/suntech/suntech.encoder';
import type { SuntechSession } from './protocols/suntech/suntech.decoder';
import { encodeIstartekCommand } from './protocols/istartek/istartek.encoder';
import type { IstartekSession } from './protocols/istartek/istartek.decoder';
import { encodeRuptelaCommand } from './protocols/ruptela/ruptela.encoder';
import { encodeTopflytechCommand } from './protocols/topflytech/topflytech.encoder';
import type { TopflytechSession } from './protocols/topflytech/topflytech.decoder';
import { encodeNavtelecomCommand } from './protocols/navtelecom/navtelecom.encoder';
import type { NavtelecomSession } from './protocols/navtelecom/navtelecom.decoder';
import { encodeGalileoskyCommand } from './protocols/galileosky/galileosky.encoder';
import type { GalileoskySession } from './protocols/galileosky/galileosky.decoder';
import { encodeJt600Command } from './protocols/jt600/jt600.encoder';
import type { Jt600Session } from './protocols/jt600/jt600.decoder';
import type { ConnectionRegistry, DeviceConnection } from './tcp-listener';

let gt06SerialNo = 0;
/** Galileosky's command number: any number the server picks; the unit's answer repeats it. */
let galileoskyCommandNo = 0;

/** Bytes that carry a text command in the connection's protocol, or undefined when it has none. */
function encodeFor(connection: DeviceConnection, text: string): Uint8Array | undefined {
  if (connection.protocol === 'gt06') {
    const session = connection.session as Gt06Session;
    gt06SerialNo = (gt06SerialNo + 1) & 0xffff;
    return encodeGt06Command(session, gt06SerialNo, text);
  }
  if (connection.protocol === 'teltonika') return encodeCodec12Command(text);
  if (connection.protocol === 'h02') {
    return encodeH02Command(connection.session as H02Session, text, new Date());
  }
  if (connection.protocol === 'gps103') {
    return encodeGps103Command(connection.session as Gps103Session, text);
  }
  if (connection.protocol === 'watch') {
    return encodeWatchCommand(connection.session as WatchSession, text);
  }
  if (connection.protocol === 'queclink') {
    return encodeQueclinkCommand(connection.session as QueclinkSession, text);
  }
  if (connection.protocol === 'meitrack') {
    return encodeMeitrackCommand(connection.session as MeitrackSession, text);
  }
  if (connection.protocol === 'jt808') {
    return encodeJt808Command(connection.session as Jt808Session, text);
  }
  if (connection.protocol === 'wialon') {
    return encodeWialonCommand(connection.session as WialonSession, text);
  }
  if (connection.protocol === 'suntech') {
    return encodeSuntechCommand(connection.session as SuntechSession, text);
  }
  if (connection.protocol === 'istartek') {
    return encodeIstartekCommand(connection.session as IstartekSession, text);
  }
  if (connection.protocol === 'ruptela') return encodeRuptelaCommand(text);
  if (connection.protocol === 'topflytech') {
    return encodeTopflytechCommand(connection.session as TopflytechSession, text);
  }
  if (connection.protocol === 'navtelecom') {
    return encodeNavtelecomCommand(connection.session as NavtelecomSession, text);
  }
  if (connection.protocol === 'galileosky') {
    galileoskyCommandNo = (galileoskyCommandNo + 1) >>> 0;
    return encodeGalileoskyCommand(
      connection.session as GalileoskySession,
      text,
      galileoskyCommandNo,
    );
  }
  if (connection.protocol === 'jt600') {
    return encodeJt600Command(connection.session as Jt600Session, text);
  }
  return undefined;
}

/**
 * Writes commands to trackers' open connections in their own protocol (GT06 online command
 * 0x80, Teltonika Codec 12, H02 `*HQ` text, GPS103 `**,imei:`, Watch `[MF*ID*LEN*...]`,
 * Queclink `AT+GT...$`, Meitrack `@@...`, JT808 0x8300 text or 0x8103 parameters, Wialon IPS `#M#`, Suntech
 * `<model>CMD;`, iStartek `$$:`, Ruptela SMS via GPRS 108, Topflytech 0x81, Navtelecom NTCB `*!`,
 * Galileosky 0xE0/0xE1 command packets, JT600 `(...)`). Answers arrive through the listener's
 * `onCommandResponse`.
 */
export class CommandChannel {
  constructor(readonly connections: ConnectionRegistry) {}

  /** True when the command was written to the tracker's open connection. */
  send(serial: string, text: string): boolean {
    const connection = this.connections.get(serial);
    if (!connection) return false;
    const bytes = encodeFor(connection, text);
    if (!bytes) return false;
    connection.write(bytes);
    return true;
  }
}
