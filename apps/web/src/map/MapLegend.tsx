import { useState } from 'react';
import { Box, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { formatSpeed, SLOW_MAX_MPS, STOPPED_MAX_MPS } from '@waymark/domain';
import type { LegendSection } from './context';
import {
  ACCURACY_HEX,
  ANCHOR_HEX,
  CLUSTER_HEX,
  GEOFENCE_HEX,
  MARKER_HEX,
  MARKER_LEGEND,
  ROUTE_HEX,
  SHIPMENT_LEGEND,
  SPEED_HEX,
  STOP_HEX,
} from './colours';

function Swatch({ colour, shape = 'dot' }: { colour: string; shape?: 'dot' | 'ring' }) {
  return (
    <Box
      w={12}
      h={12}
      style={{
        borderRadius: '50%',
        flex: 'none',
        background: shape === 'dot' ? colour : `${colour}33`,
        border: `2px solid ${shape === 'dot' ? '#fff' : colour}`,
        boxShadow: '0 0 0 1px rgba(0,0,0,.25)',
      }}
    />
  );
}

function Item({ colour, label, shape }: { colour: string; label: string; shape?: 'ring' }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Swatch colour={colour} shape={shape} />
      <Text size="xs">{label}</Text>
    </Group>
  );
}

/** Explains the overlays that are on the map right now (spec 000 §2.4). */
export function MapLegend({
  sections,
  satellite,
  startsOpen = true,
}: {
  sections: LegendSection[];
  satellite: boolean;
  startsOpen?: boolean;
}) {
  const [open, setOpen] = useState(startsOpen);
  const has = (s: LegendSection) => sections.includes(s);
  return (
    <Paper
      pos="absolute"
      bottom={28}
      left={10}
      p={8}
      shadow="sm"
      withBorder
      style={{ zIndex: 2, maxWidth: 220 }}
      aria-label="Map legend"
      component="section"
    >
      <UnstyledButton onClick={() => setOpen((o) => !o)} aria-expanded={open} w="100%">
        <Group justify="space-between" gap={6}>
          <Text size="xs" fw={600}>
            Legend
          </Text>
          {open ? <IconChevronDown size={14} /> : <IconChevronUp size={14} />}
        </Group>
      </UnstyledButton>
      {open && (
        <Stack gap={4} mt={6}>
          {has('trackers') && (
            <>
              {MARKER_LEGEND.map(({ colour, label }) => (
                <Item key={colour} colour={MARKER_HEX[colour]} label={label} />
              ))}
              <Item colour={CLUSTER_HEX} label="Cluster of trackers" />
            </>
          )}
          {has('trail') && (
            <>
              {/* In the units of every other speed on screen (formatSpeed), not m/s. */}
              <Item
                colour={SPEED_HEX.red}
                label={`Stopped (${formatSpeed(STOPPED_MAX_MPS)} or less)`}
              />
              <Item colour={SPEED_HEX.orange} label={`Slow (up to ${formatSpeed(SLOW_MAX_MPS)})`} />
              <Item colour={SPEED_HEX[satellite ? 'white' : 'dark']} label="Moving" />
            </>
          )}
          {has('stops') && <Item colour={STOP_HEX} label="Stop" shape="ring" />}
          {has('accuracy') && (
            <>
              <Item colour={ACCURACY_HEX.cell} label="Cell accuracy" shape="ring" />
              <Item colour={ACCURACY_HEX.wifi} label="WiFi accuracy" shape="ring" />
            </>
          )}
          {has('geofences') && <Item colour={GEOFENCE_HEX} label="Geofence" shape="ring" />}
          {has('anchors') && <Item colour={ANCHOR_HEX} label="BLE anchor" />}
          {has('shipments') && (
            <>
              {SHIPMENT_LEGEND.map(({ colour, label }) => (
                <Item key={colour} colour={MARKER_HEX[colour]} label={label} />
              ))}
              <Item colour={CLUSTER_HEX} label="Cluster of shipments" />
            </>
          )}
          {has('route') && <Item colour={ROUTE_HEX} label="Planned route" />}
          {has('shipment') &&
            SHIPMENT_LEGEND.map(({ colour, label }) => (
              <Item key={colour} colour={MARKER_HEX[colour]} label={label} />
            ))}
        </Stack>
      )}
    </Paper>
  );
}
