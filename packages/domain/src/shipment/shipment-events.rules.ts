import type { ShipmentHappening } from './shipment.rules';

/** The names an event's description uses. */
export interface ShipmentEventNames {
  shipment: string;
  /** Null when the place is gone (its geofence deleted). */
  from: string | null;
  to: string | null;
}

/** "1 h 20 min", "45 min", "2 h": a lateness people read at a glance. */
export function formatDelay(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/**
 * The description of a shipment event, as the shipment's events, the tracker's events, the
 * public page and the notification texts show it (the spec shows none of these texts). The
 * public page shows it too, so it never names the tracker.
 */
export function describeShipmentEvent(event: ShipmentHappening, names: ShipmentEventNames) {
  const shipment = `Shipment ${names.shipment}`;
  const to = names.to ?? 'its destination';
  switch (event.type) {
    case 'shipment-begin':
      return event.awayFromStart
        ? `${shipment} started away from ${names.from ?? 'its start'}`
        : `${shipment} left ${names.from ?? 'its start'}`;
    case 'shipment-end':
      if (event.byHand) {
        return event.late
          ? `${shipment} was ended after its scheduled end`
          : `${shipment} was ended`;
      }
      return event.late ? `${shipment} arrived at ${to} late` : `${shipment} arrived at ${to}`;
    case 'shipment-late':
      return event.expectedLateMs === undefined
        ? `${shipment} is running late: it has not reached ${to} by its scheduled end`
        : `${shipment} is running late: expected at ${to} ${formatDelay(event.expectedLateMs)} after its scheduled end`;
    case 'shipment-notify': {
      const hours = event.hours ?? 0;
      return `${shipment} is due at ${to} in ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
    }
  }
}
