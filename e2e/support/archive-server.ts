import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// The test archive writer of the server's tests: one maker of PMTiles for both suites.
import { writeStreetArchive } from '../../apps/server/src/test/pmtiles-archive';
import { E2E_PORT } from './servers';
import { ready, stop, waymarkServer } from './start-servers';

/** A third installation, started by the spec that needs it: its street map is an archive. */
export const ARCHIVE_PORT = E2E_PORT + 4;
export const archiveUrl = `http://localhost:${ARCHIVE_PORT}`;

/** Where the test archive has its streets: downtown Dallas. */
export const ARCHIVE_CENTRE: [number, number] = [-96.8, 32.78];

/**
 * Starts a Waymark server whose MAP_PMTILES names an archive made here (one highway across
 * downtown Dallas at every zoom, support of apps/server's tests), with the demo to sign in to
 * (still: no simulator). Resolves to its stop function.
 */
export async function startArchiveServer(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'waymark-e2e-archive-'));
  const archive = join(dir, 'dallas.pmtiles');
  writeStreetArchive(archive, ARCHIVE_CENTRE);
  const server = waymarkServer('archive', ARCHIVE_PORT, join(dir, 'data'), {
    MAP_PMTILES: archive,
    MAP_STYLE_URL: '',
    DEMO_SIMULATOR: 'false',
  });
  const teardown = async () => {
    await stop(server);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await ready(server, Date.now() + 300_000);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
