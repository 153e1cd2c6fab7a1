import pg from 'pg';

/** The machine's PostgreSQL (PITFALLS.md); BENCH_DATABASE_URL points elsewhere. */
export const DEFAULT_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';

/** `postgres://…/test` → the same server, another database. */
export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminQuery<T extends object>(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * A database for one bench run, named `waymark_bench_<kind>_<pid>`: databases of earlier runs
 * of this kind whose process is gone (killed runs) are dropped first. `drop` removes it again.
 */
export async function benchDatabase(serverUrl: string, kind: string) {
  const prefix = `waymark_bench_${kind}_`;
  const rows = await adminQuery<{ datname: string }>(
    serverUrl,
    `SELECT datname FROM pg_database WHERE datname LIKE '${prefix.replace(/_/g, '\\_')}%'`,
  );
  for (const { datname } of rows) {
    const pid = Number(datname.slice(prefix.length));
    if (Number.isInteger(pid) && !alive(pid)) {
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  }
  const name = `${prefix}${process.pid}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  let dropped: Promise<void> | undefined;
  return {
    name,
    url: withDatabase(serverUrl, name),
    drop: () =>
      (dropped ??= adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(
        () => undefined,
      )),
  };
}
