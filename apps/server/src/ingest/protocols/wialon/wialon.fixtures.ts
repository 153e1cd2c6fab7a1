import type { DecodedKind } from '../fuzz-ascii';

/**
 * Real Wialon IPS packets: the field captures and protocol examples published as the test
 * strings of Traccar's WialonProtocolDecoderTest.java (github.com/traccar/traccar, Apache-2.0,
 * the version at commit 014cf82a9e63a36e944e293932f9edf27e452919): logins of 1.1 and 2.0 units,
 * a ping, short (SD) and extended (D) data with and without the 2.0 CRC16, UDP-style packets
 * naming their unit (`99999999#SD#`), and black box (B) packets. That test passes packets
 * already split from the stream; the `\r\n` that ends each on the wire is put back here.
 * `decodes` is what Waymark makes of each, decoded on a connection whose unit has logged in.
 */
export interface WialonFixture {
  type: string;
  text: string;
  decodes: DecodedKind;
}

const f = (decodes: DecodedKind, packet: string): WialonFixture => ({
  type: /#([A-Z]+)#/.exec(packet)![1]!,
  text: `${packet}\r\n`,
  decodes,
});

export const LOGIN_20 = '#L#2.0;42001300083;;CE45\r\n';
export const LOGIN_11 = '#L#123456789012345;test\r\n';
export const PING = '#P#\r\n';
export const SHORT_DATA = '#SD#270413;205601;5544.6025;N;03739.6834;E;1;2;3;4\r\n';
export const UDP_SHORT_DATA = '99999999#SD#270413;205601;5544.6025;N;03739.6834;E;1;2;3;4\r\n';
export const DATA =
  '#D#270413;205601;5544.6025;N;03739.6834;E;1;2;3;4;0.0;0;0;14.77,0.02,3.6;NA;count1:1:564,fuel:2:45.8,hw:3:V4.5\r\n';
export const DATA_CRC =
  '#D#101118;061143;0756.0930;N;12338.6403;E;18.223;99.766;-4.000;10;0.800;NA;NA;NA;NA;101_521347:1:521249,101_521126:1:6593598,101_521127:1:774780,101_521072_21.1:1:0,101_521072_21.2:1:71353;F24A\r\n';
export const BLACK_BOX =
  '#B#080914;073235;5027.50625;N;03026.19321;E;0.700;0.000;NA;4;NA;NA;NA;;NA;Батарея:3:100 %|080914;073420;5027.50845;N;03026.18854;E;1.996;292.540;NA;4;NA;NA;NA;;NA;Батарея:3:100 %\r\n';

export const WIALON_FIXTURES: WialonFixture[] = [
  { type: 'L', text: LOGIN_20, decodes: 'answered' },
  f(
    'position',
    '#D#NA;NA;5429.681944502211763;N;02654.60403650999069;E;NA;NA;NA;NA;NA;NA;NA;1.0;NA;m1:1:9196679,d1:1:15397,t1:1:20,b1:1:162,fuel1:2:21588.0,pv1:2:35.98,finish:1:1;0x9b0',
  ),
  f(
    'status',
    '#D#120319;112003;NA;NA;NA;NA;0.000;NA;NA;0;NA;NA;NA;NA;NA;101_521347:1:521246,101_158:1:510,101_521055:1:510,101_521055_2.9:1:509,101_521056:1:3;626B',
  ),
  { type: 'L', text: LOGIN_11, decodes: 'answered' },
  f('answered', '#L#2002;NA'),
  { type: 'P', text: PING, decodes: 'status' },
  { type: 'D', text: DATA_CRC, decodes: 'position' },
  f('position', `99999999${DATA_CRC.slice(0, -2)}`),
  f(
    'position',
    '#D#151216;135910;5321.1466;N;04441.7929;E;87;156;265.000000;12;1.000000;241;NA;NA;NA;odo:2:0.000000,total_fuel:1:430087,can_fls:1:201,can_taho:1:11623,can_mileage:1:140367515',
  ),
  f(
    'position',
    '#D#151216;140203;5312.59514;N;04830.37834;E;53;273;NA;10;NA;NA;NA;NA;NA;EvId:1:1,Board:2:12.81,Accum:2:4.28',
  ),
  { type: 'SD', text: SHORT_DATA, decodes: 'position' },
  { type: 'SD', text: UDP_SHORT_DATA, decodes: 'position' },
  f('position', '#SD#021214;065947;2237.7552;N;11404.8851;E;0.000;;170.9;5'),
  { type: 'D', text: DATA, decodes: 'position' },
  f(
    'position',
    '#D#190114;051312;4459.6956;N;04105.9930;E;35;306;204.000000;12;NA;452986639;NA;106.000000;NA;sats_gps:1:9,sats_glonass:1:3,balance:2:12123.000000,stay_balance:1:0',
  ),
  f('position', '#D#021214;065947;2237.7552;N;11404.8851;E;0.000;;170.9;5;1.74;NA;NA;NA;NA;NA'),
  f('position', '#D#021214;065947;2237.7552;N;11404.8851;E;0.000;;170.9;5;1.74;NA;NA;;NA;NA'),
  { type: 'B', text: BLACK_BOX, decodes: 'position' },
  f(
    'position',
    '#B#110914;102132;5027.50728;N;03026.20369;E;1.979;288.170;NA;NA;NA;NA;NA;;NA;Батарея:3:100 %',
  ),
  // 53°64' N: minutes past 60 are no latitude; the record is refused and answered #AB#0.
  f(
    'answered',
    '#B#110315;045857;5364.0167;N;06127.8262;E;0;155;965;7;2.40;4;0;;NA;Uacc:2:3.4,Iacc:2:0.000,Uext:2:13.2,Tcpu:2:14.4,Balance:2:167.65,GPS:3:Off',
  ),
  // 53°64' N: minutes past 60 are no latitude; the record is refused and answered #AB#0.
  f(
    'answered',
    '#B#110315;045857;5364.0167;N;06127.8262;E;0;155;965;7;2.40;4;0;14.77,0.02,3.6;AB45DF01145;',
  ),
];
