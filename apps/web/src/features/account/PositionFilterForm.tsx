import { useState, type FormEvent } from 'react';
import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { positionFilterSchema, type PositionFilterSettings } from '@waymark/domain';
import { useSavePositionFilter } from '../../api/account';
import { ApiError } from '../../api/client';
import { toast } from '../../app/toast';

export const POSITION_FILTER_SAVED = 'Position filter has been updated.';

/**
 * The account's bounds for fixes that cannot be true (issue 36): a fix implying a faster hop
 * from the last accepted one, or a cell or Wi-Fi fix coarser than the bound, is kept as
 * filtered and moves nothing. Admins only (the page shows it to those who manage the account).
 */
export function PositionFilterForm({
  accountId,
  saved,
}: {
  accountId: number;
  saved: PositionFilterSettings;
}) {
  const [values, setValues] =
    useState<Record<keyof PositionFilterSettings, number | string>>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSavePositionFilter(accountId);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = positionFilterSchema.safeParse({
      max_speed_kmh: values.max_speed_kmh === '' ? undefined : Number(values.max_speed_kmh),
      max_accuracy_m: values.max_accuracy_m === '' ? undefined : Number(values.max_accuracy_m),
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => toast.success(POSITION_FILTER_SAVED),
      onError: (error) => {
        if (error instanceof ApiError)
          setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0]!])));
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          Fixes that cannot be true are kept but filtered: they move no position, distance, geofence
          visit or report.
        </Text>
        <NumberInput
          label="Maximum speed (km/h)"
          description="A fix further from the last one than this speed allows is a jump."
          min={0}
          allowDecimal={false}
          value={values.max_speed_kmh}
          onChange={(max_speed_kmh) => setValues((v) => ({ ...v, max_speed_kmh }))}
          error={errors.max_speed_kmh}
        />
        <NumberInput
          label="Maximum accuracy (m)"
          description="Cell and Wi-Fi fixes coarser than this are filtered."
          min={0}
          allowDecimal={false}
          value={values.max_accuracy_m}
          onChange={(max_accuracy_m) => setValues((v) => ({ ...v, max_accuracy_m }))}
          error={errors.max_accuracy_m}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Update position filter
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
