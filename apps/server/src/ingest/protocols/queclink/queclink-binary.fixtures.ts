import type { DecodedKind } from '../fuzz-ascii';

/**
 * Real @Track HEX-mode frames, as hex, each with its source:
 *
 * - `traccar-binary`: the field captures of GB100 units (device type 0x45, IMEI
 *   865084030003675, Portugal) in Traccar's Gl200BinaryProtocolDecoderTest.java
 *   (github.com/traccar/traccar, Apache-2.0, commit 014cf82a9e63a36e944e293932f9edf27e452919),
 *   every one of its seven.
 * - `traccar-frame`: the +LGN of Traccar's Gl200FrameDecoderTest.java (same repository, commit
 *   0cd2d9e4d78fd586f71027e4eab486b047a7383e).
 * - `gv200-document`: the +HBD example of the GV200 @Track Air Interface Protocol
 *   (TRACGV200AN003 §4.6, IMEI 359231036735270). The same document's +RSP example (§4.3) is not
 *   used: the published copies lost a byte (103 bytes under a length of 104).
 *
 * `decodes` is what a fresh connection makes of the frame alone; `first` says the frame needs
 * an earlier one that gave the IMEI (it names the unit by its device name).
 */
export interface QueclinkBinaryFixture {
  name: string;
  source: 'traccar-binary' | 'traccar-frame' | 'gv200-document';
  hex: string;
  decodes: DecodedKind;
  needsImeiFirst?: true;
}

/** +EVT GTVGN (type 0x2D, virtual ignition on), one point, the fix failed (HDOP 0). */
export const EVT_VGN =
  '2b4556542d00fc1fbf0063450102020956325403000343056437f8220700000200000000010000160100f2007eff75a1f0025c6b1a07e1080108241a02680003189c1ac500000000000002100800000000000000000007e1080108241a19e24e4e0d0a';
/** +RSP GTFRI (type 7), one point. */
export const RSP_FRI =
  '2b5253500700fc1fbf005d4501020209563254030003430564377e42071001000000000000007eff75a151025c6a8107e10801081a2a02680003189c1ac500000000000002100700000000000000000007e1080108241019e17ebe0d0a';
/** +EVT GTPDP (type 0x0C, data connection up), one point. */
export const EVT_PDP =
  '2b4556540c00fc1fbf005c4501010108563254030003430564312a41090100000000003f007dff75a11a025c6a7807e1070a14041202680003189c1ac500000000000000000000000000000000000007e1070b041134054e5c6e0d0a';
/** +RSP GTLBC (type 3, location by call), unique ID the device name "gb100-Do", Shanghai. */
export const RSP_LBC =
  '2B5253500300FC1FFF0064450102020867623130302D446F642F442105007018217345005F010100000001100045073C4D4101DB86BD07E106130B2B0F0460000018770013000000030000000106020F2300002714301107E106130B2B1003424EFB0D0A';
/** +INF GTINF (type 1), unique ID the device name "gb100". */
export const INF =
  '2b494e4601fd7f0076676231303000000045010202090104020500004100054007e107150b061d0000003f010e02580000000000d0312a1013648935103226313921591f1200000000000302680003189c1ac3001b02680003189c1ac4000d02680003189c1ac5001207e107150b0d3704f658060d0a';
/** +ACK (type 1), unique ID the device name "gb100", command serial number FFFF. */
export const ACK = '2b41434b017f244501010108676231303000000000ffff07e1070b03112d054dfe030d0a';
/** +HBD with mask EB: device type, firmware, IMEI, send time, count (no protocol version). */
export const HBD = '2B484244EB1E010C01235C1F0343231B0007DC011E092026000DE29C0D0A';
/** +RSP of type 100, a compressed report of 265 points (Traccar's "MSG_RSP_COMPRESSED"). */
export const RSP_COMPRESSED =
  '2b5253506400fc1fbf058e450102020956325403000343056438ed2205010e61c6f0ff75a1b4025c6af959803d8ba07ffe17dea03f7e1fdda0007df7dfa03e7e3fd0a0befdf7cea001fddfd8a000fdefdca042fd9fe1a0427d6fe9a0017db7dca0407d47e7a0027d67e5bfc0fd77eca03ffd8fe4bfff7dcfddbffd7dbfdebffdfddfe2bfbe7e0fe1bf7f7e67e2bf7bfed7e2bf7c7f5fe2bffbffc7e3a12880a7daa0b9013fe3a0f801b7dfa0bd81efe1a03f8207e0a03e8217e4a07e023fe9a0bd824feca03a02affda07b02d004a07f02e007a00002d808a041830001a003834fefa00402b7eebf8382a7ebbfc28267e9bf81821fe3bf0181d7e3bf01016fe9bf010117edbf4080c7f6bf7f8087fabfbf805ff9a0fa8097fca23401300aa0b4016019a13a817026a13b81883ea0be81a83fa0bd81b03ba00101d83abfc0039874bfc081b835bfbf819834bfc081982fa01004702ea00502500da002827802bfc0825fffbf41821fffbf4081d801bf3f816802bec180fffebec20077fdbf80002801bfc0000800a000000800e0e0a202804ffba14a8127eea0460107e4a0cc809fd9a0c4004fcda0c2004fcaa080007fbfa0410067bebfc100c7b6a03f8037c1bfbf004fc6a03f0057c6a0410027c5a081001fbaa0418017baa001001fb8a0007fe7bca000ffdfb7a0817fc7b7a040ffbfb3a0407fb7b4a0407fb7b1bf807fbfb3a0007fb7b5a0007fb7b1a0007fb7b2a0007fbfb3a0407fafaba000ffb7ada0017f97aba040ff7faca001ff77b6bf3fff67b3bf007f87bea082ff47b4bfc27f17c1bfffff3fc2bebdff9fcabe3effbfe0bf3cff47e9a03c002ff0a1740097e9a1f8813fe1a12f01f7fca0fa028ff8a07f02a7fea041829007a00302bff8bf810287f2a0080257e1a0050207dbbfc481cfd3a044819fcda043015fc3a043810fc2a0c680a7b2a0448027b0a0857fa7aea0c37f67a2a0017ee7a7a0407f0f9fa000ff079fa03ffeffa1a03ffeffa2a07fff17a0a03fff1fa0a03fff2fa2a03fff3fa0a07fff47a2a0007f579fa03fff4f9da03fff679ca0007f679ea000ff4f9ca07fff5f9ca0007f579cbfc07f5f9fbf407f6fa6bf807f6fabbfc07f7fadbf807f87b2a0407f87b0a0407f77aba000ff77afbfc07f77aea03fff7fada07fff7faca000ff7fada0007f77abbfc0ff77b0a000ff7faea042ff2faba0037ee7ada0437e57a1a0037e27abbfc1fdf7bcbf827defc5bf01fe0fcebf017e3fd5bfc17e2fdca0ff7e27d7a13cfe27cba0bd7e0fa7a07d7e6fb9a07d7eb7b3a07efedfaea03ffef7afa0c07eefa7a07f7f07a3a03fff0fa3a03f7f27a2a03f7f37a4bfff7f6fa3bfff7f5fa3a07eff979fa03f7fbfa2a03f7fdfa1bfbf8017a5bfbf0037adbeff004fb8bfbf004fc1beff804fcbbf7f8047d5bf408027debf408007e8a03e804fdebf7e8027f2bf00ffefffa0400017efa0418017f1a041002feca0410017edbf007fbffea0007fdff6a1018027e4bf81ffc7f6a1008017dca0c10087bea0018097baa083ffc7cda0837fafc7a102ff0fc8a0c27effb9a0c2fe87c1a143fbf78ea07f7dcfc0a0bd7dffb3a03d7e47b1a03ffe77afa07ffe77ada0007e77aebfc07e77afbfc07e8faea03ffea7afbfbf7ecfb4bfbcfeffbbbf7bff8fb8bf7d0027bebffb809fc7bffa00ffc9bf78813fd9a03d8197e1a03b81d7e6a07e01efdda00081bfdda00101bfdba03f81a7dfbfc001afdbbfbd81a7f1bfbe0187eebf80814feea0028127e7a081813fe2a0010147e6a03e8147f4a0408167eca040817fe7a0018157e4bfc8011fdaa08b002fd1a009ffa7d5a009fe57f6a04b7df7f4a0097e07eca0027df7edbf807e2feca000fe3feca07ffe37f0a0407e0ff7a040fde7f0a0007de7eea000fdcff4a001fddffaa000fdcff8a0027dcffda07f7dbff3a03f7dc7f402680003189c355300000109000002120700000000000000000007e1080108290019e63b5c0d0a';
/** +LGN, the login frame of later firmwares (length at offset 6). */
export const LGN = '2b4c474e00ff0026fe110b07020106563454040d054905000007e4031911213905083abd0d0a';

export const QUECLINK_BINARY_FIXTURES: QueclinkBinaryFixture[] = [
  { name: '+EVT GTVGN', source: 'traccar-binary', hex: EVT_VGN, decodes: 'position' },
  { name: '+RSP GTFRI', source: 'traccar-binary', hex: RSP_FRI, decodes: 'position' },
  { name: '+EVT GTPDP', source: 'traccar-binary', hex: EVT_PDP, decodes: 'position' },
  {
    name: '+RSP GTLBC',
    source: 'traccar-binary',
    hex: RSP_LBC,
    decodes: 'position',
    needsImeiFirst: true,
  },
  {
    name: '+INF GTINF',
    source: 'traccar-binary',
    hex: INF,
    decodes: 'status',
    needsImeiFirst: true,
  },
  {
    name: '+ACK',
    source: 'traccar-binary',
    hex: ACK,
    decodes: 'command response',
    needsImeiFirst: true,
  },
  { name: '+RSP compressed', source: 'traccar-binary', hex: RSP_COMPRESSED, decodes: 'status' },
  { name: '+HBD', source: 'gv200-document', hex: HBD, decodes: 'status' },
  { name: '+LGN', source: 'traccar-frame', hex: LGN, decodes: 'nothing' },
];
