import http from 'node:http';

/** The `data` of an answer, read for the few fields the soak needs. */
export interface Answer {
  data: Record<string, unknown>;
}

/** A call to the server: status and JSON body, status 0 when the process is gone. */
export function call(
  port: number,
  method: string,
  path: string,
  { body, token }: { body?: unknown; token?: string } = {},
): Promise<{ status: number; json: Answer }> {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => {
          let json = { data: {} } as Answer;
          try {
            json = JSON.parse(text) as Answer;
          } catch {
            // a non-JSON answer: the status says enough
          }
          resolve({ status: response.statusCode ?? 0, json });
        });
        response.on('error', () => resolve({ status: 0, json: { data: {} } }));
      },
    );
    request.setTimeout(20_000, () => request.destroy());
    request.on('error', () => resolve({ status: 0, json: { data: {} } }));
    request.end(payload);
  });
}
