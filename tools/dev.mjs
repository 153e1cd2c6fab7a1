// `npm run dev`: the server with reload on change and the Vite dev server with hot reload.
import { spawn } from 'node:child_process';

const children = [
  // From the repository root, so ./data is the same folder npm start uses.
  spawn('node', ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    detached: true,
  }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit', detached: true }),
];

function stop() {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
