import type { ProcessRole } from '../config';
import type { StartedMessage } from './started-message';

/**
 * The start-up message of `npm run cluster`, in the words of `npm start`'s: where the web app
 * is, the device ports, who can sign in; and which processes run.
 */
export function clusterBanner(
  messages: StartedMessage[],
  processes: { role: ProcessRole; pid: number }[],
) {
  const api = messages.find((m) => m.appUrl);
  const ingest = messages.find((m) => m.deviceLines);
  const database = messages[0]?.database ?? 'postgres';
  const counts = (['api', 'ingest', 'worker'] as const)
    .map((role) => {
      const pids = processes.filter((p) => p.role === role).map((p) => p.pid);
      return pids.length > 0 ? `${pids.length} ${role} (pid ${pids.join(', ')})` : undefined;
    })
    .filter(Boolean)
    .join(', ');
  const lines = [''];
  lines.push(
    api
      ? `Waymark is running at ${api.appUrl} (database: ${database}, bus: NATS)`
      : `Waymark is running without an api process (database: ${database}, bus: NATS)`,
  );
  if (api) lines.push(`API documentation: ${api.appUrl}/api/docs`);
  lines.push(`Processes: ${counts}`);
  if (ingest?.deviceLines) lines.push(...ingest.deviceLines);
  if (api && api.hasPlatformAdmin === false)
    lines.push(
      'No platform admin yet. Create one and set its password from the link it prints:',
      '  npm run create-admin -- --email you@example.com',
    );
  return lines.join('\n') + '\n';
}
