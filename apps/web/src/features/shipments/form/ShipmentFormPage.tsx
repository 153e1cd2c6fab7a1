import { Box, Center, Loader, Paper, SimpleGrid } from '@mantine/core';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useShipment } from '../../../api/shipments';
import { useCurrentAccount } from '../../../app/session/useSession';
import { cameFromShipments, shipmentDetailsPath, SHIPMENTS_PATH } from '../navigation';
import { ShipmentCreateForm } from './ShipmentCreateForm';
import { ShipmentEditForm } from './ShipmentEditForm';
import { ShipmentPositionHistory } from './ShipmentPositionHistory';

/** The create view titled New Shipment (/shipments/create). */
export function ShipmentCreatePage() {
  const accountId = useCurrentAccount()?.id ?? null;
  const navigate = useNavigate();
  if (accountId === null) return null;
  return (
    <ShipmentCreateForm
      accountId={accountId}
      onSaved={(id) => void navigate(shipmentDetailsPath(id), { replace: true })}
      onCancel={() => void navigate(SHIPMENTS_PATH)}
    />
  );
}

/**
 * ShipmentEditView (/shipments/{id}/edit). Opened other than from the details or the list,
 * it goes to the details instead (spec 002 §2.2), as the geofence edit page does.
 */
export function ShipmentEditPage() {
  const accountId = useCurrentAccount()?.id ?? null;
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const location = useLocation();
  const allowed = cameFromShipments(location.state);
  const shipment = useShipment(accountId, allowed && Number.isInteger(id) && id > 0 ? id : null);
  if (!allowed) return <Navigate to={shipmentDetailsPath(id)} replace />;
  if (accountId === null || !shipment.data) {
    return (
      <Center h={200}>
        <Loader size="sm" aria-label="Loading shipment" />
      </Center>
    );
  }
  const details = () => void navigate(shipmentDetailsPath(id), { replace: true });
  return (
    <Box p={{ base: 'sm', sm: 'md' }} maw={1400} mx="auto">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="md">
          <ShipmentEditForm
            key={shipment.data.id}
            accountId={accountId}
            shipment={shipment.data}
            onDone={details}
            onDeleted={() => void navigate(SHIPMENTS_PATH, { replace: true })}
          />
        </Paper>
        <Paper withBorder p="md">
          <ShipmentPositionHistory accountId={accountId} id={shipment.data.id} />
        </Paper>
      </SimpleGrid>
    </Box>
  );
}
