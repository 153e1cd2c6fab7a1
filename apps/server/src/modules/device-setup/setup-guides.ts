import type { DeviceSetupCommand, DeviceSetupConnection } from '@waymark/domain';
import type { Protocol } from '../../db/schema';
import type { ListenerName } from '../../ingest/device-ports';

/**
 * What to set on a unit of each protocol family so that it reports here: docs/device-protocols.md,
 * "Device setup", one entry per family. In steps and command texts `{host}` and `{port}` are
 * filled in by the guide (the port of the family's first connection); `<apn>` (the SIM's access
 * point) is left for the reader, who alone knows it.
 */
export interface SetupGuide {
  family: string;
  connections: { transport: DeviceSetupConnection['transport']; listener: ListenerName }[];
  /** What becomes the tracker's serial in Waymark. */
  serial: string;
  steps: string[];
  commands: (DeviceSetupCommand & {
    /** Only for a host name, or only for an IP address (GT06's SERVER takes either form). */
    hostKind?: 'name' | 'ip';
  })[];
}

const tcp = (listener: ListenerName) => [{ transport: 'tcp' as const, listener }];
const IMEI = 'The IMEI (15 digits, on the unit\'s label and in "IMEI#" answers)';
/** The steps of a family set up with its maker's tool, which takes the three values. */
const withTool = (tool: string, extra: string[] = []) => [
  `In ${tool}: the SIM's APN, then server {host}, port {port}, protocol TCP.`,
  ...extra,
  'Save the settings to the unit; it connects within a minute once it has the mobile network.',
];

export const SETUP_GUIDES: Record<Protocol, SetupGuide> = {
  osmand: {
    family: 'OsmAnd / Traccar Client (phone apps)',
    connections: [{ transport: 'http', listener: 'osmand' }],
    serial: "The app's device identifier",
    steps: [
      "In the app's settings, set the server URL below.",
      "Set the device identifier to the tracker's serial in Waymark.",
      'Start the service: the app reports at its interval (300 s unless changed).',
    ],
    commands: [{ label: 'Server URL', via: 'app', text: 'http://{host}:{port}' }],
  },
  gt06: {
    family: 'Concox GT06 (GT06N, GT06E, GK310, JM-VL03, VL103, AT4, X1, LW4G, AZ735 …)',
    connections: tcp('gt06'),
    serial: IMEI,
    steps: [
      "Text the commands below to the unit's SIM, in order; the unit answers each by SMS.",
      'PARAM# and GPRSSET# read the settings back.',
    ],
    commands: [
      { label: 'APN', via: 'sms', text: 'APN,<apn>#' },
      { label: 'Server and port', via: 'sms', text: 'SERVER,1,{host},{port},0#', hostKind: 'name' },
      { label: 'Server and port', via: 'sms', text: 'SERVER,0,{host},{port},0#', hostKind: 'ip' },
      { label: 'Keep the unit on UTC', via: 'sms', text: 'GMT,E,0,0#' },
      { label: 'Report every 30 s moving, 300 s parked', via: 'sms', text: 'TIMER,30,300#' },
      { label: 'Read the settings back', via: 'sms', text: 'GPRSSET#' },
    ],
  },
  teltonika: {
    family: 'Teltonika FMB / FMC (TCP or UDP)',
    connections: [
      { transport: 'tcp', listener: 'teltonika' },
      { transport: 'udp', listener: 'teltonikaUdp' },
    ],
    serial: IMEI,
    steps: [
      'In Teltonika Configurator: GPRS → Server settings: Domain {host}, Port {port}, Protocol TCP or UDP; the APN in GPRS settings.',
      'Or by SMS with setparam (below): with no SMS login and password set, the text starts with two spaces.',
    ],
    commands: [
      { label: 'APN', via: 'sms', text: '  setparam 2001:<apn>' },
      { label: 'Server, port, TCP', via: 'sms', text: '  setparam 2004:{host};2005:{port};2006:0' },
    ],
  },
  h02: {
    family: 'H02 (Sinotrack ST-901 / ST-906 …)',
    connections: tcp('h02'),
    serial: "The unit's ID (its IMEI or the ID printed on it)",
    steps: [
      "Text the commands below to the unit's SIM (password 0000 by default).",
      "The unit's manual names the exact form for its firmware.",
    ],
    commands: [
      { label: 'APN', via: 'sms', text: '8030000 <apn>' },
      { label: 'Server and port', via: 'sms', text: '8040000 {host} {port}' },
    ],
  },
  gps103: {
    family: 'GPS103 / Coban TK103 and clones',
    connections: tcp('gps103'),
    serial: IMEI,
    steps: ["Text the commands below to the unit's SIM, in order (password 123456 by default)."],
    commands: [
      { label: 'APN', via: 'sms', text: 'apn123456 <apn>' },
      { label: 'Server and port', via: 'sms', text: 'adminip123456 {host} {port}' },
      { label: 'Report over GPRS', via: 'sms', text: 'gprs123456' },
      { label: 'Report every 30 s', via: 'sms', text: 't030s***n123456' },
    ],
  },
  watch: {
    family: 'Watch (3G/4G watches, pendants)',
    connections: tcp('watch'),
    serial: "The watch's 10-digit ID",
    steps: ["Text the commands below to the watch's SIM (password 123456 by default)."],
    commands: [
      { label: 'Server and port', via: 'sms', text: 'pw,123456,ip,{host},{port}#' },
      { label: 'APN', via: 'sms', text: 'pw,123456,apn,<apn>#' },
    ],
  },
  queclink: {
    family: 'Queclink @Track (GL300, GL500, GV300 …)',
    connections: tcp('queclink'),
    serial: IMEI,
    steps: [
      'In Queclink Manage Tool, or by AT+GTBSI (the APN) and AT+GTSRI over SMS: report mode TCP long connection, main server {host}, port {port}, SACK enabled.',
      'Keep the ASCII report format: the HEX mode is refused.',
    ],
    commands: [],
  },
  meitrack: {
    family: 'Meitrack (MVT340, MVT380, MVT600, T1, T333, T366)',
    connections: tcp('meitrack'),
    serial: IMEI,
    steps: [
      "Text A21 to the unit's SIM (password 0000 by default): connection mode 1 (TCP), server, port and APN; or set the same in Meitrack Manager.",
    ],
    commands: [
      { label: 'Server, port and APN', via: 'sms', text: '0000,A21,1,{host},{port},<apn>,,' },
    ],
  },
  jt808: {
    family: 'JT/T 808 (Huabao and most vehicle terminals made in China)',
    connections: tcp('jt808'),
    serial: "The terminal's phone number (often its IMEI's last 12 digits, or the SIM's number)",
    steps: [
      "By SMS or the maker's tool, per the terminal's manual: main server {host}, TCP port {port}, the APN.",
      'A terminal already connected to Waymark takes the parameters below as a command (Send command, custom text, over data).',
    ],
    commands: [
      { label: 'Main server and TCP port', via: 'gprs', text: '0x0013={host};0x0018={port}' },
    ],
  },
  wialon: {
    family: 'Wialon IPS 1.1 and 2.0 (TCP or UDP)',
    connections: [
      { transport: 'tcp', listener: 'wialon' },
      { transport: 'udp', listener: 'wialonUdp' },
    ],
    serial: 'The unit ID it sends: its IMEI, or the ID it is set to send',
    steps: [
      "In the unit's configurator: server {host}, port {port}, protocol Wialon IPS (2.0 adds the CRC16), transport TCP or UDP, the APN.",
      'No password is checked. Over UDP, a NAT must keep the mapping for a few seconds for the answers.',
    ],
    commands: [],
  },
  suntech: {
    family: 'Suntech (ST300, ST340, ST4xx, ST600 …)',
    connections: tcp('suntech'),
    serial: "The unit's ID (its serial or IMEI, as its reports carry it)",
    steps: withTool("Suntech's configuration tool (or its NTW command)"),
    commands: [],
  },
  istartek: {
    family: 'iStartek (VT200, VT600, VT900, PT60)',
    connections: tcp('istartek'),
    serial: IMEI,
    steps: withTool("the unit's SMS commands, per its manual"),
    commands: [],
  },
  ruptela: {
    family: 'Ruptela (FM-Eco4, FM-Pro4, FM-Tco4, Trace5)',
    connections: tcp('ruptela'),
    serial: IMEI,
    steps: withTool('Ruptela Device Center'),
    commands: [],
  },
  topflytech: {
    family: 'Topflytech T880x (T8803, T8806, T8808, TLW, TLD, solar units)',
    connections: tcp('topflytech'),
    serial: IMEI,
    steps: withTool("Topflytech's configuration tool, or the SMS commands of the unit's manual", [
      'Commands sent from Waymark take the same texts as the SMS commands (RELAY,1# …).',
    ]),
    commands: [],
  },
  navtelecom: {
    family: 'Navtelecom Signal and SMART',
    connections: tcp('navtelecom'),
    serial: IMEI,
    steps: withTool("NTC Configurator (or the unit's SMS commands)", ['Choose the FLEX protocol.']),
    commands: [],
  },
  galileosky: {
    family: 'Galileosky (v5.0, v5.1, v7.0, 10, BOXFINDER)',
    connections: tcp('galileosky'),
    serial: IMEI,
    steps: withTool("Galileosky's Configurator, or the SMS commands of the unit's manual", [
      'Send standard packets, not compressed ones, and put the IMEI in the head packet (HeadPack with tag 0x03).',
    ]),
    commands: [],
  },
  jt600: {
    family: 'Jointech JT600 family (JT600, JT701, JT707)',
    connections: tcp('jt600'),
    serial: "The unit's 10-digit ID, printed on it and sent in every frame",
    steps: withTool("Jointech's configuration tool, or SMS per the unit's manual"),
    commands: [],
  },
};
