import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ApiSummaryRow } from '@waymark/domain';
import { formatDay, formatMiles } from './fleetFormat';

type By = 'tracker' | 'day';

interface Bar {
  label: string;
  metres: number;
}

/** Distance summed per tracker (by name) or per period (in time order). */
export function distanceBars(rows: ApiSummaryRow[], by: By): Bar[] {
  const sums = new Map<string, number>();
  for (const row of rows) {
    const key = by === 'tracker' ? row.device_name : row.period_start;
    sums.set(key, (sums.get(key) ?? 0) + row.distance);
  }
  const bars = [...sums].map(([label, metres]) => ({ label, metres }));
  return by === 'tracker'
    ? bars.sort((a, b) => b.metres - a.metres)
    : bars
        .sort((a, b) => a.label.localeCompare(b.label))
        .map((b) => ({ ...b, label: formatDay(b.label) }));
}

const ROW = 24;
const LABEL = 140;
const WIDTH = 640;

/** The Summary as horizontal bars of distance: per tracker, or per day (the chosen period). */
export function DistanceChart({ rows }: { rows: ApiSummaryRow[] }) {
  const [by, setBy] = useState<By>('tracker');
  const bars = distanceBars(rows, by);
  const most = Math.max(1, ...bars.map((b) => b.metres));
  const room = WIDTH - LABEL - 90;
  return (
    <Stack gap="xs">
      <SegmentedControl
        w="fit-content"
        size="xs"
        value={by}
        onChange={(value) => setBy(value as By)}
        data={[
          { value: 'tracker', label: 'Per tracker' },
          { value: 'day', label: 'Per period' },
        ]}
      />
      {bars.length === 0 ? (
        <Text c="dimmed" size="sm">
          No distance in this range
        </Text>
      ) : (
        <svg
          viewBox={`0 0 ${WIDTH} ${bars.length * ROW}`}
          style={{ width: '100%', maxWidth: WIDTH }}
          role="img"
          aria-label="Distance chart"
        >
          {bars.map((bar, i) => (
            <g key={bar.label} transform={`translate(0 ${i * ROW})`}>
              <text
                x={LABEL - 8}
                y={ROW / 2 + 4}
                textAnchor="end"
                fontSize={12}
                fill="currentColor"
              >
                {bar.label}
              </text>
              <rect
                x={LABEL}
                y={4}
                height={ROW - 8}
                width={Math.max(1, (bar.metres / most) * room)}
                fill="var(--mantine-color-blue-6)"
                rx={2}
              />
              <text
                x={LABEL + (bar.metres / most) * room + 6}
                y={ROW / 2 + 4}
                fontSize={12}
                fill="currentColor"
              >
                {formatMiles(bar.metres)}
              </text>
            </g>
          ))}
        </svg>
      )}
    </Stack>
  );
}
