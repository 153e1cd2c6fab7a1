import type { DeviceStatus, RawPosition } from '@waymark/domain';

/** One message of the position stream: what one read of one device's connection brought. */
export type StreamMessage =
  | {
      kind: 'reports';
      protocol: string;
      remoteAddress?: string;
      items: RawPosition[];
      statuses: DeviceStatus[];
    }
  /** A trips rebuild after late fixes, run by the worker that holds the device's state. */
  | { kind: 'rebuild'; deviceId: number; from: string };

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function encodeMessage(message: StreamMessage): Uint8Array {
  return encoder.encode(JSON.stringify(message));
}

/** Reads a message back, with its reports' times as Dates again. */
export function decodeMessage(data: Uint8Array): StreamMessage {
  const message = JSON.parse(decoder.decode(data)) as StreamMessage;
  if (message.kind === 'reports') {
    for (const item of message.items) item.deviceTime = new Date(item.deviceTime);
    for (const status of message.statuses) status.time = new Date(status.time);
  }
  return message;
}
