import { Box, Checkbox, Group, Text } from '@mantine/core';
import type { Shipment } from '@waymark/domain';
import { ShipmentRow } from './ShipmentRow';

/** The rows with, for users who may manage Shipments, a select-all line and the bulk actions. */
export function ShipmentRows({
  rows,
  selected,
  onSelect,
  actions,
}: {
  rows: readonly Shipment[];
  selected: ReadonlySet<number>;
  /** Null for users who may not change shipments: no selection then. */
  onSelect: ((next: ReadonlySet<number>) => void) | null;
  actions: React.ReactNode;
}) {
  const all = rows.length > 0 && selected.size === rows.length;
  const onCheck = (id: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelect?.(next);
  };
  return (
    <Box style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
      <Group
        px="sm"
        py={6}
        justify="space-between"
        gap="xs"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        {onSelect ? (
          <Checkbox
            size="sm"
            label={selected.size > 0 ? `${selected.size} selected` : 'Select all'}
            checked={all}
            indeterminate={selected.size > 0 && !all}
            onChange={(e) =>
              onSelect(new Set(e.currentTarget.checked ? rows.map((r) => r.id) : []))
            }
          />
        ) : (
          <span />
        )}
        <Text size="xs" c="dimmed" data-testid="shipment-count">
          {rows.length} {rows.length === 1 ? 'shipment' : 'shipments'}
        </Text>
        {actions}
      </Group>
      <Box role="list" aria-label="Shipments" style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        {rows.map((s) => (
          <ShipmentRow
            key={s.id}
            shipment={s}
            checked={selected.has(s.id)}
            onCheck={onSelect ? onCheck : undefined}
          />
        ))}
      </Box>
    </Box>
  );
}
