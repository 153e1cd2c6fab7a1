import { defineConfig } from 'vitest/config';

/**
 * `npm run test:soak`: the long runs against the real server process (crash safety, soak),
 * kept out of `npm test`. One file at a time: each loads the machine on its own.
 */
export default defineConfig({
  test: {
    name: 'soak',
    root: import.meta.dirname,
    include: ['src/**/*.soak.ts'],
    fileParallelism: false,
    testTimeout: 4 * 3600_000,
  },
});
