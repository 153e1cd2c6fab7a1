import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { distanceMetres } from '@waymark/domain';

/** How the stand-in answers now; tests change it between fixes. */
export type OsrmBehaviour =
  /** `{ code: 'Ok' }` with the great circle × `factor` metres at `kmh`. */
  | { kind: 'ok'; factor: number; kmh: number }
  /** 400 `{ code: 'NoRoute' }`, as OSRM answers for points no road joins. */
  | { kind: 'no-route' }
  /** 500 with a body that is not JSON. */
  | { kind: 'broken' }
  /** Never answers (until the server closes). */
  | { kind: 'hang' };

/**
 * A stand-in for an OSRM server over real HTTP: `GET /route/v1/driving/{lng},{lat};{lng},{lat}`
 * under any prefix, answering as `behaviour` says, and keeping every request it was sent.
 */
export async function startOsrmStandIn(
  initial: OsrmBehaviour = { kind: 'ok', factor: 1.5, kmh: 60 },
) {
  const requests: { path: string; query: URLSearchParams; from: number[]; to: number[] }[] = [];
  let behaviour = initial;
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const match = /\/route\/v1\/driving\/([^/]+)$/.exec(url.pathname);
    const points = (match?.[1] ?? '').split(';').map((p) => p.split(',').map(Number));
    const [from, to] = points;
    if (!match || points.length !== 2 || !from || !to) {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 'InvalidUrl', message: 'URL string malformed' }));
      return;
    }
    requests.push({ path: url.pathname, query: url.searchParams, from, to });
    const answer = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(body);
    };
    if (behaviour.kind === 'hang') {
      hanging.add(response);
      return;
    }
    if (behaviour.kind === 'no-route') {
      answer(400, JSON.stringify({ code: 'NoRoute', message: 'Impossible route between points' }));
      return;
    }
    if (behaviour.kind === 'broken') {
      answer(500, '<html>Bad Gateway</html>');
      return;
    }
    const distance = distanceMetres(from[1]!, from[0]!, to[1]!, to[0]!) * behaviour.factor;
    answer(
      200,
      JSON.stringify({
        code: 'Ok',
        routes: [{ distance, duration: distance / (behaviour.kmh / 3.6), weight: 1, legs: [] }],
        waypoints: [],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    set(next: OsrmBehaviour) {
      behaviour = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
