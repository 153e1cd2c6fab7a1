import { isIP } from 'node:net';
import type { DeviceSetup, DeviceSetupConnection } from '@waymark/domain';
import type { SetupGuide } from './setup-guides';
import type { SetupModelRow } from './device-setup.queries';

/** Where units must report: the host (DEVICE_HOST, else the host the caller reached us at). */
export interface SetupTarget {
  host: string;
  host_source: DeviceSetup['host_source'];
  ingestEnabled: boolean;
}

/** Hosts a unit on the mobile network cannot reach: this machine, or a private network. */
const UNREACHABLE_HOST =
  /^(localhost|127\.\d+\.\d+\.\d+|::1|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+)$/i;

/** The family's guide for the model, with host and port filled in; pure. */
export function presentDeviceSetup(
  model: SetupModelRow,
  guide: SetupGuide,
  connections: DeviceSetupConnection[],
  target: SetupTarget,
): DeviceSetup {
  const port = connections[0]?.port ?? null;
  const fill = (text: string) =>
    text
      .replaceAll('{host}', target.host)
      .replaceAll('{port}', port === null ? '<port>' : String(port));
  const hostKind = isIP(target.host) ? 'ip' : 'name';
  const commands = guide.commands
    .filter((c) => c.hostKind === undefined || c.hostKind === hostKind)
    .map(({ label, via, text }) => ({ label, via, text: fill(text) }));
  const steps = [
    `Add the tracker in Waymark first, with the model ${model.title} and as its serial: ${lowerFirst(guide.serial)}.`,
    ...guide.steps.map(fill),
  ];
  if (commands.some((c) => c.text.includes('<apn>'))) {
    steps.push(
      "Where a command says <apn>, put the APN of the unit's SIM (its operator names it).",
    );
  }
  return {
    model,
    family: guide.family,
    host: target.host,
    host_source: target.host_source,
    connections,
    serial: guide.serial,
    steps,
    commands,
    notices: notices(connections, target),
  };
}

function notices(connections: DeviceSetupConnection[], target: SetupTarget): string[] {
  const found: string[] = [];
  if (!target.ingestEnabled) {
    found.push(
      'The device listeners are off on this server (INGEST_ENABLED=false): no unit is heard until they are on.',
    );
  } else {
    for (const c of connections.filter((one) => one.port === null)) {
      found.push(
        `Nothing listens for ${c.transport.toUpperCase()} on this server: ${c.setting} is 0. Units set up this way are not heard until it names a port.`,
      );
    }
  }
  if (target.host_source === 'request' && UNREACHABLE_HOST.test(target.host)) {
    found.push(
      `Units on the mobile network cannot reach ${target.host}: set DEVICE_HOST to the server's public host name or IP address.`,
    );
  }
  return found;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
