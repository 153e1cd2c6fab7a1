import { celsiusToFahrenheit, mpsToMph, type HistoryColumns } from '@waymark/domain';

/** A measure the charts draw over the range, in the units the screens show. */
export interface ChartMeasure {
  key: 'speed' | 'temperature' | 'humidity' | 'battery';
  label: string;
  unit: string;
  colour: string;
  /** One value per fix, null where the fix did not report it. */
  values: readonly (number | null)[];
}

const MEASURES = [
  {
    key: 'speed',
    label: 'Speed',
    unit: 'mph',
    colour: '#1c7ed6',
    to: mpsToMph,
  },
  {
    key: 'temperature',
    label: 'Temperature',
    unit: '°F',
    colour: '#e8590c',
    to: celsiusToFahrenheit,
  },
  { key: 'humidity', label: 'Humidity', unit: '%', colour: '#0ca678' },
  { key: 'battery', label: 'Battery', unit: '%', colour: '#7048e8' },
] as const satisfies readonly {
  key: ChartMeasure['key'];
  label: string;
  unit: string;
  colour: string;
  to?: (value: number) => number;
}[];

/**
 * The measures of the range worth a chart: those some fix reported (a truck without a probe
 * gets no temperature chart), each a column aligned with the times: the history's own column
 * where the unit is the API's (humidity, battery), a converted copy where it is not.
 */
export function chartMeasures(history: HistoryColumns): ChartMeasure[] {
  const measures: ChartMeasure[] = [];
  for (const m of MEASURES) {
    const column = history[m.key];
    if (!column.some((v) => v !== null)) continue;
    const to = 'to' in m ? m.to : null;
    const values = to ? column.map((v) => (v === null ? null : to(v))) : column;
    measures.push({ key: m.key, label: m.label, unit: m.unit, colour: m.colour, values });
  }
  return measures;
}
