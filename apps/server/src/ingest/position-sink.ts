import type { DeviceStatus, RawPosition } from '@waymark/domain';

/**
 * Where the listeners hand decoded reports: the pipeline of this process (`npm start`), or the
 * position stream to the workers (a split set-up). Resolves once they are durable, the moment
 * the device may be acknowledged; a rejection means not stored, so not acknowledged.
 */
export interface PositionSink {
  submit(
    items: RawPosition[],
    protocol: string,
    remoteAddress?: string,
    statuses?: DeviceStatus[],
  ): Promise<unknown>;
  /** Resolves when everything submitted so far is durable (a listener closing). */
  flush(): Promise<void>;
}
