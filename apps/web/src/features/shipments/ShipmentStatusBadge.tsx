import { Badge } from '@mantine/core';
import {
  SHIPMENT_MARKER_COLOURS,
  SHIPMENT_STATUS_LABELS,
  type ShipmentStatus,
} from '@waymark/domain';

/** A shipment's status in its marker's colour (spec 001 §4), on lists, details and the public page. */
export function ShipmentStatusBadge({ status }: { status: ShipmentStatus }) {
  return (
    <Badge color={SHIPMENT_MARKER_COLOURS[status]} variant="light" size="sm">
      {SHIPMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
