import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['src/test/jsdom-setup.ts'],
    // scripts/: the build-time basemap builders (their tests run under Node, see each file).
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
  },
});
