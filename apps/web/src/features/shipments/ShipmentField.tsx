import type { ReactNode } from 'react';
import { Text } from '@mantine/core';

/** One labelled value; a group named by its label, so a reader (or a test) finds it by name. */
export function ShipmentField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={label}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children === null || children === '' ? '—' : children}
      </Text>
    </div>
  );
}
