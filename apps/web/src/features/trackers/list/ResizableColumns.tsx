import { useRef, useState, type ReactNode } from 'react';
import { Box } from '@mantine/core';
import {
  MAX_LEFT_WIDTH,
  MAX_RIGHT_WIDTH,
  MIN_COLUMN_WIDTH,
  readColumnWidths,
  writeColumnWidths,
  type ColumnWidths,
} from './preferences';

type Side = keyof ColumnWidths;
const MAX_WIDTH: Record<Side, number> = { left: MAX_LEFT_WIDTH, right: MAX_RIGHT_WIDTH };

/**
 * The list (left), the map (centre) and, where given, Scout's chat (right), with drag handles
 * between them (spec 000 §2.3). Widths are kept in a cookie for 365 days; the centre takes the
 * rest and never shrinks below the smallest column width.
 */
export function ResizableColumns({
  left,
  center,
  right,
  showLeft,
  showRight,
}: {
  left: ReactNode;
  center: ReactNode;
  right?: ReactNode;
  showLeft: boolean;
  showRight: boolean;
}) {
  const [widths, setWidths] = useState(() => readColumnWidths());
  const boxRef = useRef<HTMLDivElement>(null);
  const hasRight = showRight && right !== undefined;

  /** The width of one side clamped to its limits and to what the other side leaves. */
  const clampFor = (side: Side, percent: number, current: ColumnWidths): number => {
    const other = side === 'left' ? (hasRight ? current.right : 0) : showLeft ? current.left : 0;
    const max = Math.min(MAX_WIDTH[side], 100 - other - MIN_COLUMN_WIDTH);
    return Math.min(max, Math.max(MIN_COLUMN_WIDTH, percent));
  };

  const startDrag = (side: Side) => (event: React.PointerEvent<HTMLDivElement>) => {
    const box = boxRef.current?.getBoundingClientRect();
    if (!box) return;
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
    let latest = widths;
    const move = (e: PointerEvent) => {
      const fromLeft = ((e.clientX - box.left) / box.width) * 100;
      const percent = side === 'left' ? fromLeft : 100 - fromLeft;
      latest = { ...latest, [side]: clampFor(side, percent, latest) };
      setWidths(latest);
    };
    const up = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
      writeColumnWidths(latest);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
  };

  const nudge = (side: Side, delta: number) => {
    const next = { ...widths, [side]: clampFor(side, widths[side] + delta, widths) };
    setWidths(next);
    writeColumnWidths(next);
  };

  const handle = (side: Side, label: string) => (
    <Box
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={Math.round(widths[side])}
      aria-valuemin={MIN_COLUMN_WIDTH}
      aria-valuemax={MAX_WIDTH[side]}
      tabIndex={0}
      onPointerDown={startDrag(side)}
      onKeyDown={(e) => {
        // Arrows move the handle; the value is the column's own width.
        const step = side === 'left' ? 2 : -2;
        if (e.key === 'ArrowLeft') nudge(side, -step);
        if (e.key === 'ArrowRight') nudge(side, step);
      }}
      style={{
        width: 6,
        flex: 'none',
        cursor: 'col-resize',
        background: 'var(--mantine-color-gray-2)',
        touchAction: 'none',
      }}
    />
  );

  const column = (width: number, content: ReactNode) => (
    <Box style={{ width: `${width}%`, display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      {content}
    </Box>
  );

  return (
    <Box ref={boxRef} style={{ display: 'flex', flex: 1, minHeight: 0, minWidth: 0 }}>
      {showLeft && (
        <>
          {column(widths.left, left)}
          {handle('left', 'Resize the trackers list')}
        </>
      )}
      <Box style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>{center}</Box>
      {hasRight && (
        <>
          {handle('right', 'Resize the Scout column')}
          {column(widths.right, right)}
        </>
      )}
    </Box>
  );
}
