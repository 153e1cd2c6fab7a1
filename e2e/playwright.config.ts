import { defineConfig } from '@playwright/test';
import { E2E_PORT } from './support/servers';

export default defineConfig({
  testDir: './specs',
  fullyParallel: true,
  workers: 2,
  // One more try for a test that fails once: on two shared cores a software-rendered map or a
  // busy moment can stall one run past its budget. A test that fails twice fails the suite, and
  // one that passed only on its retry is listed as flaky in the report.
  retries: 1,
  forbidOnly: true,
  reporter: [['list']],
  // Budgets against a hang, not a measure of speed (bench/ measures that): the machine is
  // shared, and a busy moment slows every page several-fold. One budget for every test and
  // every wait, so no test needs its own.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    // DOM snapshots of a failing test's retry, without a screencast of every frame the
    // software-rendered map draws. Recording every first run cost the browser and the runner a
    // third of the suite's CPU to help the few tests that fail, and a test that fails twice
    // still leaves the trace of its second run.
    trace: { mode: 'on-first-retry', screenshots: false },
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
  // The demo installation, a configured one and the stand-in map services, started together.
  globalSetup: './support/start-servers.ts',
});
