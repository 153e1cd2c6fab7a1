import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest leaves one of the machine's two cores idle by default; the test files share no
    // state (each has its own database copy and port 0), so both cores run files.
    maxWorkers: 2,
    projects: ['packages/domain', 'apps/server', 'apps/web', 'packages/simulator'],
  },
});
