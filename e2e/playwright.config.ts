import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CONFIGURED_PORT, E2E_PORT, mapAssetsUrl } from './support/servers';

// A fresh embedded database for every run; the server seeds the demo data into it.
const demoDataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'waymark-e2e-'));
const configuredDataDir = mkdtempSync(join(tmpdir(), 'waymark-e2e-configured-'));

/** A Waymark server on `port` with the demo data in a fresh embedded database, plus `env`. */
function waymarkServer(port: number, dataDir: string, env: Record<string, string> = {}) {
  return {
    command: 'node --import tsx ../apps/server/src/main.ts',
    url: `http://localhost:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      // Free ports for the device listeners, so parallel runs on one machine do not clash.
      OSMAND_PORT: '0',
      GT06_PORT: '0',
      TELTONIKA_PORT: '0',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...env,
    },
  };
}

export default defineConfig({
  testDir: './specs',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  // Budgets against a hang, not a measure of speed (bench/ measures that): the machine is
  // shared, and a busy moment slows every page several-fold. One budget for every test and
  // every wait, so no test needs its own.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    // DOM snapshots and a screenshot of the failure, without a screencast of every frame the
    // software-rendered map draws (that costs every test CPU to help the few that fail).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--enable-unsafe-swiftshader',
      ],
    },
  },
  webServer: [
    waymarkServer(E2E_PORT, demoDataDir),
    {
      command: 'node --import tsx support/map-assets-server.ts',
      url: `${mapAssetsUrl}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    waymarkServer(CONFIGURED_PORT, configuredDataDir, {
      // Its demo fleet stays still: one moving fleet is enough for the machine's two cores.
      DEMO_SIMULATOR: 'false',
      MAP_STYLE_URL: `${mapAssetsUrl}/style.json`,
      SATELLITE_URL: `${mapAssetsUrl}/tiles/{z}/{x}/{y}.png`,
    }),
  ],
});
