import { parseArgs } from 'node:util';
import { PROTOCOLS, parseMix } from './fleet';
import type { SimulatorOptions } from './simulator';
import type { Ports } from './trackers/tracker';

export const USAGE = `Usage: npm run simulate -- [options]
  --host <address>        server address (default 127.0.0.1)
  --devices <n>           number of virtual trackers (default 100)
  --rate <r>              reports per second per device, fractions allowed (default 0.0333: every 30 s)
  --mix <o:g:t[:...]>     weights osmand:gt06:teltonika:h02:gps103:watch:queclink:meitrack:jt808:wialon:suntech:istartek:teltonikaUdp:ruptela:wialonUdp:topflytech:navtelecom:galileosky:jt600
                          (default 1:1:1)
  --serial-prefix <digits> serials are prefix + zero-padded index, 15 digits (default 35000)
  --ports <o:g:t[:...]>   osmand:gt06:teltonika:h02:gps103:watch:queclink:meitrack:jt808:wialon:suntech:istartek:teltonikaUdp:ruptela:wialonUdp:topflytech:navtelecom:galileosky:jt600 ports
                          (default 5055:5023:5027:5013:5001:5093:5004:5020:5015:5039:5011:5225:5027:5046:5039:5094:5180:5034:5014)
  --duration <seconds>    stop after this long (default: run until Ctrl-C)
  --history-days <d>      continue the vehicles of d days of generated history
  --help`;

/** `--ports 5055:5023:5027`; an empty part keeps that protocol's default. */
export function parsePorts(text: string): Partial<Ports> {
  const parts = text.split(':');
  const names = PROTOCOLS;
  if (parts.length > names.length)
    throw new Error(`--ports must be ${names.join(':')}, got ${JSON.stringify(text)}`);
  const ports: Partial<Ports> = {};
  parts.forEach((part, i) => {
    if (part === '') return;
    const port = Number(part);
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      throw new Error(`--ports: ${names[i]} port must be 1 to 65535, got ${JSON.stringify(part)}`);
    }
    ports[names[i]!] = port;
  });
  return ports;
}

function positiveNumber(name: string, text: string, integer = false): number {
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n))) {
    throw new Error(
      `--${name} must be a positive ${integer ? 'integer' : 'number'}, got ${JSON.stringify(text)}`,
    );
  }
  return n;
}

/** Command-line arguments to simulator options; throws with the flag's rule on bad input. */
export function parseCliOptions(
  argv: string[],
  now = new Date(),
): { help: true } | { help: false; options: SimulatorOptions } {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      host: { type: 'string' },
      devices: { type: 'string' },
      rate: { type: 'string' },
      mix: { type: 'string' },
      'serial-prefix': { type: 'string' },
      ports: { type: 'string' },
      duration: { type: 'string' },
      'history-days': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return { help: true };
  const options: SimulatorOptions = {
    host: values.host ?? '127.0.0.1',
    devices: positiveNumber('devices', values.devices ?? '100', true),
    rate: values.rate === undefined ? 1 / 30 : positiveNumber('rate', values.rate),
    mix: parseMix(values.mix ?? '1:1:1'),
    serialPrefix: values['serial-prefix'] ?? '35000',
  };
  if (values.ports !== undefined) options.ports = parsePorts(values.ports);
  if (values.duration !== undefined)
    options.durationS = positiveNumber('duration', values.duration);
  if (values['history-days'] !== undefined) {
    const days = positiveNumber('history-days', values['history-days']);
    options.historyFrom = new Date(+now - days * 86_400_000);
  }
  return { help: false, options };
}
