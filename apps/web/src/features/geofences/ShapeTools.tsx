import { Button, Group, Text } from '@mantine/core';
import { IconCircle, IconPolygon } from '@tabler/icons-react';
import type { DrawTool } from '../../map';

const HINTS: Record<DrawTool, string> = {
  circle: 'Click the centre, move out, and click again to set the radius.',
  polygon: 'Click each corner, then click the first corner again to close the shape.',
};

/** The two drawing tools of the geofence map (spec 000 §5: circle and polygon only). */
export function ShapeTools({
  tool,
  onTool,
  hasShape,
}: {
  tool: DrawTool | null;
  onTool: (tool: DrawTool | null) => void;
  hasShape: boolean;
}) {
  const toggle = (next: DrawTool) => onTool(tool === next ? null : next);
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        size="xs"
        variant={tool === 'circle' ? 'filled' : 'default'}
        leftSection={<IconCircle size={14} />}
        aria-pressed={tool === 'circle'}
        onClick={() => toggle('circle')}
      >
        Circle
      </Button>
      <Button
        size="xs"
        variant={tool === 'polygon' ? 'filled' : 'default'}
        leftSection={<IconPolygon size={14} />}
        aria-pressed={tool === 'polygon'}
        onClick={() => toggle('polygon')}
      >
        Polygon
      </Button>
      <Text size="xs" c="dimmed">
        {tool
          ? `${HINTS[tool]}${hasShape ? ' The new shape replaces the current one.' : ''}`
          : 'Choose Circle or Polygon to draw the geofence on the map.'}
      </Text>
    </Group>
  );
}
