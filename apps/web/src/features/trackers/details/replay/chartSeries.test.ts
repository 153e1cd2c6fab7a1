import { describe, expect, it } from 'vitest';
import { NO_HISTORY } from '../../../../api/historyColumns';
import { chartMeasures } from './chartSeries';

describe('chartMeasures', () => {
  const history = {
    ...NO_HISTORY,
    times: [0, 10_000, 20_000],
    speed: [10, null, 0],
    temperature: [null, null, null],
    humidity: [60, 61, null],
    battery: [null, null, null],
  };

  it('charts the measures some fix reported, in the screens’ units', () => {
    const measures = chartMeasures(history);
    expect(measures.map((m) => m.key)).toEqual(['speed', 'humidity']);
    expect(measures[0]!.values).toEqual([expect.closeTo(22.37, 2), null, 0]);
  });

  it('draws a measure in the API’s unit from the history’s own column, not a copy', () => {
    expect(chartMeasures(history)[1]!.values).toBe(history.humidity);
  });
});
