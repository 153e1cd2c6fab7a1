import { useRef, useState, type ReactNode } from 'react';
import { Box } from '@mantine/core';
import { MAX_LEFT_WIDTH, MIN_COLUMN_WIDTH, readLeftWidth, writeLeftWidth } from './preferences';

/**
 * Left and centre columns with a drag handle between them (spec 000 §2.3). The left width
 * is kept in a cookie for 365 days; the centre takes the rest while Scout's column is absent.
 */
export function ResizableColumns({
  left,
  center,
  showLeft,
}: {
  left: ReactNode;
  center: ReactNode;
  showLeft: boolean;
}) {
  const [width, setWidth] = useState(() => readLeftWidth());
  const boxRef = useRef<HTMLDivElement>(null);

  const startDrag = (event: React.PointerEvent<HTMLDivElement>) => {
    const box = boxRef.current?.getBoundingClientRect();
    if (!box) return;
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
    let latest = width;
    const move = (e: PointerEvent) => {
      const percent = ((e.clientX - box.left) / box.width) * 100;
      latest = Math.min(MAX_LEFT_WIDTH, Math.max(MIN_COLUMN_WIDTH, percent));
      setWidth(latest);
    };
    const up = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
      writeLeftWidth(latest);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
  };

  const nudge = (delta: number) => {
    const next = Math.min(MAX_LEFT_WIDTH, Math.max(MIN_COLUMN_WIDTH, width + delta));
    setWidth(next);
    writeLeftWidth(next);
  };

  return (
    <Box ref={boxRef} style={{ display: 'flex', flex: 1, minHeight: 0, minWidth: 0 }}>
      {showLeft && (
        <>
          <Box
            style={{ width: `${width}%`, display: 'flex', flexDirection: 'column', minWidth: 0 }}
          >
            {left}
          </Box>
          <Box
            role="separator"
            aria-orientation="vertical"
            aria-label="Resize the trackers list"
            aria-valuenow={Math.round(width)}
            aria-valuemin={MIN_COLUMN_WIDTH}
            aria-valuemax={MAX_LEFT_WIDTH}
            tabIndex={0}
            onPointerDown={startDrag}
            onKeyDown={(e) => {
              if (e.key === 'ArrowLeft') nudge(-2);
              if (e.key === 'ArrowRight') nudge(2);
            }}
            style={{
              width: 6,
              flex: 'none',
              cursor: 'col-resize',
              background: 'var(--mantine-color-gray-2)',
              touchAction: 'none',
            }}
          />
        </>
      )}
      <Box style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>{center}</Box>
    </Box>
  );
}
