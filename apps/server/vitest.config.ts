import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // Each file opens its own database copy and app, so files share no state; keeping the
    // module graph between the files of one worker saves its import and start-up per file
    // (about 2.5 s each, in both the PGlite and the PostgreSQL run).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
