import { describe, expect, it } from 'vitest';
import { boxOf, frameFit, framePadding, isPointBox } from './framing';

describe('framePadding', () => {
  it('keeps a fifth of each side around the data', () => {
    expect(framePadding(1000, 600)).toEqual({ top: 120, bottom: 120, left: 200, right: 200 });
  });

  it('never less than 40 px, never more than a third of a side', () => {
    expect(framePadding(300, 240)).toEqual({ top: 48, bottom: 48, left: 60, right: 60 });
    expect(framePadding(100, 90)).toEqual({ top: 30, bottom: 30, left: 100 / 3, right: 100 / 3 });
  });
});

describe('boxOf', () => {
  it('spans the points as [[west, south], [east, north]]', () => {
    const box = boxOf([
      [-118.24, 34.05],
      [-80.19, 25.76],
      [-85.76, 38.25],
    ]);
    expect(box).toEqual([
      [-118.24, 25.76],
      [-80.19, 38.25],
    ]);
    expect(isPointBox(box!)).toBe(false);
  });

  it('is null without points and a point box for one place', () => {
    expect(boxOf([])).toBeNull();
    expect(
      isPointBox(
        boxOf([
          [1, 2],
          [1, 2],
        ])!,
      ),
    ).toBe(true);
  });
});

describe('frameFit', () => {
  it('gives the larger share of the view the data spans and whether it is all on screen', () => {
    const fit = frameFit(
      [
        { x: 100, y: 50 },
        { x: 500, y: 250 },
      ],
      1000,
      500,
    );
    expect(fit).toEqual({ share: 0.4, inside: true });
  });

  it('sees data that runs off the view', () => {
    expect(
      frameFit(
        [
          { x: -10, y: 50 },
          { x: 500, y: 250 },
        ],
        1000,
        500,
      ).inside,
    ).toBe(false);
    expect(
      frameFit(
        [
          { x: 10, y: 50 },
          { x: 500, y: 501 },
        ],
        1000,
        500,
      ).inside,
    ).toBe(false);
  });
});
