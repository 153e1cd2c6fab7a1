/** Logs in through POST /api/token: a bearer token for the API. */
export async function login(httpUrl: string, email: string, password: string) {
  const response = await fetch(`${httpUrl}/api/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`POST /api/token answered ${response.status}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}
