import type { AppContext } from '../app-context';
import type { RuleEngine } from '../modules/rules/rule-engine';
import type { ShipmentClock } from '../modules/shipments/shipment-clock';
import type { PositionPipeline } from '../pipeline/pipeline';

/** What the worker role holds beside the shared context: the position path and its followers. */
export interface WorkerParts {
  pipeline: PositionPipeline;
  /** Moves ongoing shipments on as their trackers' positions are committed. */
  shipmentClock: ShipmentClock;
  /** Fires enabled rules on committed positions and device events; actions run as jobs. */
  rules: RuleEngine;
  /**
   * Rebuilds a tracker's trips from its late fixes (the trips-rebuild job): in the pipeline
   * that holds its state, this process's or, split, its stream partition owner's.
   */
  rebuildTrips: (deviceId: number, from: Date) => Promise<void>;
}

/** The context the worker's jobs run with. */
export type WorkerContext = AppContext & WorkerParts;
