import { celsiusToFahrenheit, mpsToMph, type ApiPosition } from '@waymark/domain';

/** A measure the charts draw over the range, in the units the screens show. */
export interface ChartMeasure {
  key: 'speed' | 'temperature' | 'humidity' | 'battery';
  label: string;
  unit: string;
  colour: string;
  /** One value per position, null where the fix did not report it. */
  values: (number | null)[];
}

const MEASURES = [
  {
    key: 'speed',
    label: 'Speed',
    unit: 'mph',
    colour: '#1c7ed6',
    pick: (p) => p.speed,
    to: mpsToMph,
  },
  {
    key: 'temperature',
    label: 'Temperature',
    unit: '°F',
    colour: '#e8590c',
    pick: (p) => p.temperature,
    to: celsiusToFahrenheit,
  },
  { key: 'humidity', label: 'Humidity', unit: '%', colour: '#0ca678', pick: (p) => p.humidity },
  { key: 'battery', label: 'Battery', unit: '%', colour: '#7048e8', pick: (p) => p.battery },
] as const satisfies readonly {
  key: ChartMeasure['key'];
  label: string;
  unit: string;
  colour: string;
  pick: (p: ApiPosition) => number | null;
  to?: (value: number) => number;
}[];

/**
 * The measures of the range worth a chart: those some position reported (a truck without a
 * probe gets no temperature chart), each as a column aligned with the positions.
 */
export function chartMeasures(positions: readonly ApiPosition[]): ChartMeasure[] {
  const measures: ChartMeasure[] = [];
  for (const m of MEASURES) {
    const to: (value: number) => number = 'to' in m ? m.to : (v) => v;
    let any = false;
    const values = positions.map((p) => {
      const v = m.pick(p);
      if (v === null) return null;
      any = true;
      return to(v);
    });
    if (any) measures.push({ key: m.key, label: m.label, unit: m.unit, colour: m.colour, values });
  }
  return measures;
}
