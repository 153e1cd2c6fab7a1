import { useState } from 'react';
import { Button, Group, Loader, NumberInput, SimpleGrid } from '@mantine/core';
import type { DeviceTriggers } from '@waymark/domain';
import { useDeviceTriggers, useSaveTriggers } from '../../../api/deviceDetails';
import { toast } from '../../../app/toast';
import { failureMessage } from './feedback';
import { SLA_MESSAGES, SLA_PLACEHOLDERS, slaFormFrom, triggersFrom, type SlaForm } from './slaForm';

interface SlaPanelProps {
  accountId: number;
  deviceId: number;
  hasTemperature: boolean;
  hasHumidity: boolean;
  canUpdate: boolean;
}

/** Temperature and humidity SLAs, for models with those sensors (spec 001 §2, §5). */
export function SlaPanel({ deviceId, ...props }: SlaPanelProps) {
  const triggers = useDeviceTriggers(deviceId, true);
  if (!triggers.data) return <Loader size="sm" />;
  // Keyed by the stored values, so a save or a refetch starts the form from them again.
  return (
    <SlaFields
      key={JSON.stringify(triggers.data)}
      deviceId={deviceId}
      triggers={triggers.data}
      {...props}
    />
  );
}

function SlaFields({
  accountId,
  deviceId,
  triggers,
  hasTemperature,
  hasHumidity,
  canUpdate,
}: SlaPanelProps & { triggers: DeviceTriggers }) {
  const [form, setForm] = useState<SlaForm>(() => slaFormFrom(triggers));
  const [errors, setErrors] = useState<Partial<Record<keyof SlaForm, string>>>({});
  const saveTriggers = useSaveTriggers(accountId, deviceId);

  const field = (name: keyof SlaForm, label: string) => (
    <NumberInput
      label={label}
      placeholder={SLA_PLACEHOLDERS[name]}
      value={form[name]}
      onChange={(value) =>
        setForm((f) => ({ ...f, [name]: typeof value === 'number' ? value : '' }))
      }
      error={errors[name]}
      disabled={!canUpdate}
      allowDecimal
      hideControls
    />
  );

  const submit = () => {
    const checked = triggersFrom(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    saveTriggers.mutate(checked.triggers, {
      onSuccess: () => toast.success(SLA_MESSAGES.saved),
      onError: (error) => {
        const message = failureMessage(error, SLA_MESSAGES.failed);
        if (message) toast.error(message);
      },
    });
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <SimpleGrid cols={2} spacing="sm">
        {hasTemperature && field('min_temperature', 'Min temperature (°F)')}
        {hasTemperature && field('max_temperature', 'Max temperature (°F)')}
        {hasHumidity && field('min_humidity', 'Min humidity (%)')}
        {hasHumidity && field('max_humidity', 'Max humidity (%)')}
      </SimpleGrid>
      {canUpdate && (
        <Group justify="flex-end" mt="sm">
          <Button type="submit" size="xs" loading={saveTriggers.isPending}>
            Save SLAs
          </Button>
        </Group>
      )}
    </form>
  );
}
