/**
 * The message type byte of HEX frames, as the report names of the ASCII mode, so a position
 * reads the same in either format (`report: 'GTFRI'`). Codes as the GV55/GV300/GB100 family
 * numbers them (the GV200 document's example +RSP of type 0B is its GTRTL; Traccar's
 * Gl200BinaryProtocolDecoder uses 3 LBC, 8 GEO, 6 BPL, 45 VGN, 46 VGF the same way).
 */
const LOCATION: Record<number, string> = {
  0: 'GTRTL', // the position AT+GTRTO asks for, sent while the GPS is still starting
  1: 'GTTOW',
  3: 'GTLBC',
  4: 'GTEPS',
  5: 'GTDIS',
  6: 'GTIOB',
  7: 'GTFRI',
  8: 'GTGEO',
  9: 'GTSPD',
  10: 'GTSOS',
  11: 'GTRTL',
  12: 'GTDOG',
  15: 'GTHBM',
  16: 'GTIGL',
  25: 'GTGIN',
  26: 'GTGOT',
};

const EVENT: Record<number, string> = {
  1: 'GTPNA', // power on
  2: 'GTPFA', // power off
  3: 'GTMPN', // main power connected
  4: 'GTMPF', // main power disconnected
  6: 'GTBPL',
  7: 'GTBTC',
  8: 'GTSTC',
  9: 'GTSTT',
  12: 'GTPDP',
  13: 'GTIGN',
  14: 'GTIGF',
  15: 'GTUPD',
  16: 'GTIDN',
  17: 'GTIDF',
  20: 'GTJDR',
  21: 'GTGSS',
  23: 'GTCRA',
  45: 'GTVGN',
  46: 'GTVGF',
};

const INFORMATION: Record<number, string> = {
  1: 'GTINF',
  2: 'GTGPS',
  4: 'GTCID',
  5: 'GTCSQ',
  6: 'GTVER',
  7: 'GTBAT',
  9: 'GTTMZ',
  10: 'GTGIR',
};

const hex = (type: number) => `0x${type.toString(16).padStart(2, '0')}`;

/** `GTFRI` for a +RSP of type 7; an unlisted type keeps its number (`+RSP 0x63`). */
export function reportName(head: string, type: number): string {
  const table = /RSP|BSP/.test(head) ? LOCATION : /EVT|BVT/.test(head) ? EVENT : INFORMATION;
  return table[type] ?? `${head} ${hex(type)}`;
}
