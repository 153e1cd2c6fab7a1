/** Ports of the servers support/start-servers.ts starts for the browser tests. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
/** The GT06 listener of the demo installation, for tests that drive a tracker over TCP. */
export const DEMO_GT06_PORT = E2E_PORT + 3;
/** A second installation with its own map style and satellite imagery. */
export const CONFIGURED_PORT = E2E_PORT + 1;
/** The stand-in for the outside map services that installation uses. */
export const MAP_ASSETS_PORT = E2E_PORT + 2;

export const configuredUrl = `http://localhost:${CONFIGURED_PORT}`;
export const mapAssetsUrl = `http://localhost:${MAP_ASSETS_PORT}`;
