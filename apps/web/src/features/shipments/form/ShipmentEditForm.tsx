import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Box, Button, Group, Stack, TextInput, Title, Tooltip } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { isOngoing, type Shipment } from '@waymark/domain';
import { ApiError } from '../../../api/client';
import { useEndShipment, useUpdateShipment } from '../../../api/shipments';
import { toast } from '../../../app/toast';
import { ShipmentStatusBadge } from '../ShipmentStatusBadge';
import { shipmentDetailsPath } from '../navigation';
import { DeleteShipmentButton } from './DeleteShipmentButton';
import { NotifyAtSelect } from './NotifyAtSelect';
import { placeLabel } from './previewPlaces';
import { RecipientInputs } from './RecipientInputs';
import { ScheduleInputs } from './ScheduleInputs';
import {
  editFormOf,
  editPayloadOf,
  SAVE_FAILED,
  SAVED,
  serverFieldErrors,
  shownErrors,
  validateEdit,
  type FieldErrors,
  type ShipmentEditValues,
} from './shipmentForm';
import { useLeftFields } from '../../../components/useLeftFields';

interface ShipmentEditFormProps {
  accountId: number;
  shipment: Shipment;
  /** After Save and after End: back to the details. */
  onDone: () => void;
  onDeleted: () => void;
}

/**
 * ShipmentEditView's form (spec 001 §2): the tracker and the locations read-only; End, Save,
 * Cancel and Delete. Save stays disabled while the name is empty or an end or save runs.
 */
export function ShipmentEditForm({
  accountId,
  shipment,
  onDone,
  onDeleted,
}: ShipmentEditFormProps) {
  const [values, setValues] = useState<ShipmentEditValues>(() => editFormOf(shipment));
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [touched, leave] = useLeftFields();
  const update = useUpdateShipment(accountId, shipment.id);
  const end = useEndShipment(accountId, shipment.id);
  const busy = update.isPending || end.isPending;

  const clientErrors = useMemo(
    () => shownErrors(validateEdit(values), touched, submitted),
    [values, touched, submitted],
  );
  const errors = { ...serverErrors, ...clientErrors };

  const set = (patch: Partial<ShipmentEditValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setServerErrors({});
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validateEdit(values)).length > 0) return;
    update.mutate(editPayloadOf(values), {
      onSuccess: () => {
        toast.success(SAVED);
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError) setServerErrors(serverFieldErrors(error.errors));
        toast.error(SAVE_FAILED);
      },
    });
  };

  // Spec 001 §8: a failed End only gives the button back.
  const endNow = () => end.mutate(undefined, { onSuccess: onDone });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Edit Shipment">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3}>Edit Shipment</Title>
          <ShipmentStatusBadge status={shipment.status} />
        </Group>
        <TextInput
          label="Name"
          withAsterisk
          value={values.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          onBlur={() => leave('name')}
          error={errors.name}
        />
        <ScheduleInputs
          start={values.start}
          end={values.end}
          onStart={(start) => set({ start })}
          onEnd={(end) => set({ end })}
          onBlur={leave}
          startError={errors.start_at}
          endError={errors.end_at}
        />
        <TextInput
          label="Carrier"
          value={values.carrier}
          onChange={(e) => set({ carrier: e.currentTarget.value })}
          onBlur={() => leave('carrier')}
          error={errors.carrier}
        />
        <TextInput label="Tracker" value={shipment.device?.name ?? ''} readOnly variant="filled" />
        <TextInput
          label="Begin location"
          value={placeLabel(shipment, 'from')}
          readOnly
          variant="filled"
        />
        <TextInput
          label="End location"
          value={placeLabel(shipment, 'to')}
          readOnly
          variant="filled"
        />
        <NotifyAtSelect
          value={values.notifyAt}
          onChange={(notifyAt) => set({ notifyAt })}
          onBlur={() => leave('notify_at')}
          error={errors.notify_at}
        />
        <RecipientInputs
          emails={values.emails}
          phones={values.phones}
          onEmails={(emails) => set({ emails })}
          onPhones={(phones) => set({ phones })}
          onBlur={leave}
          emailsError={errors.notification_emails}
          phonesError={errors.notification_phone_numbers}
        />
        <Group justify="space-between" mt="sm" gap="xs">
          <Group gap="xs">
            <DeleteShipmentButton
              accountId={accountId}
              id={shipment.id}
              disabled={busy}
              onDeleted={onDeleted}
            />
            {isOngoing(shipment.status) && (
              <Tooltip label="End shipment now">
                {/* A disabled button fires no mouse events: the wrapper shows the tooltip. */}
                <Box component="span">
                  <Button
                    variant="light"
                    leftSection={<IconFlag size={16} />}
                    onClick={endNow}
                    loading={end.isPending}
                    disabled={update.isPending}
                  >
                    End
                  </Button>
                </Box>
              </Tooltip>
            )}
          </Group>
          <Group gap="xs">
            <Button
              variant="default"
              component={Link}
              to={shipmentDetailsPath(shipment.id)}
              replace
            >
              Cancel
            </Button>
            <Button
              type="submit"
              disabled={values.name.trim() === '' || busy}
              loading={update.isPending}
            >
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
