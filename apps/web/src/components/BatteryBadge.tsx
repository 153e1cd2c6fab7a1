import { Badge } from '@mantine/core';
import { IconBatteryCharging, IconBolt, IconBoltOff } from '@tabler/icons-react';
import { batteryLevel, formatPercent } from '@waymark/domain';

const COLOURS = { red: 'red', yellow: 'yellow', green: 'green', empty: 'red' } as const;

/** Battery badge (spec 000 §4): red below 20, yellow 20–39, green 40+, a slashed bolt at 0. */
export function BatteryBadge({
  percent,
  charging = false,
}: {
  percent: number | null;
  charging?: boolean;
}) {
  if (percent === null) return null;
  const level = batteryLevel(percent);
  const icon =
    level === 'empty' ? (
      <IconBoltOff size={12} aria-label="Battery empty" />
    ) : charging ? (
      <IconBatteryCharging size={12} aria-label="Charging" />
    ) : (
      <IconBolt size={12} />
    );
  return (
    <Badge
      color={COLOURS[level]}
      variant="light"
      size="sm"
      leftSection={icon}
      data-level={level}
      aria-label={`Battery ${formatPercent(percent)}`}
    >
      {formatPercent(percent)}
    </Badge>
  );
}
