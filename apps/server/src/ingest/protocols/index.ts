export * from './types';
export { gt06Protocol } from './gt06/gt06.decoder';
export type { Gt06Session } from './gt06/gt06.decoder';
export { encodeGt06Command } from './gt06/gt06.encoder';
export { teltonikaProtocol } from './teltonika/teltonika.decoder';
export type { TeltonikaSession } from './teltonika/teltonika.decoder';
export { encodeCodec12Command, decodeCodec12Response } from './teltonika/teltonika.codec12';
export { decodeOsmAnd } from './osmand/osmand.decoder';
export type { OsmAndRequest, OsmAndResult } from './osmand/osmand.decoder';
