import type { startListeners } from '../ingest/listeners';

type Listeners = Awaited<ReturnType<typeof startListeners>>['listeners'];

/** The start-up message's lines about device ports: the three main ones, then the families. */
export function deviceLines(listeners: Listeners) {
  const lines = [
    `Devices: OsmAnd/Traccar Client http :${listeners.osmand.port}, GT06 tcp :${listeners.gt06.port}, Teltonika tcp :${listeners.teltonika.port}`,
  ];
  // The text-protocol families (issue 17), one entry each.
  const more: [string, { port: number } | undefined][] = [
    ['H02', listeners.h02],
    ['GPS103', listeners.gps103],
    ['Watch', listeners.watch],
    ['Queclink', listeners.queclink],
    ['Meitrack', listeners.meitrack],
    ['JT808', listeners.jt808],
    ['Wialon IPS', listeners.wialon],
    ['Suntech', listeners.suntech],
    ['iStartek', listeners.istartek],
    ['Ruptela', listeners.ruptela],
    ['Topflytech', listeners.topflytech],
    ['Navtelecom', listeners.navtelecom],
    ['Galileosky', listeners.galileosky],
    ['JT600', listeners.jt600],
  ];
  const listed = more.flatMap(([name, l]) => (l ? [`${name} tcp :${l.port}`] : []));
  if (listed.length > 0) lines.push(`         ${listed.join(', ')}`);
  return lines;
}
