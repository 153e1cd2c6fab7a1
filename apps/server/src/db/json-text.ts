import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * JSON written by PostgreSQL: a big list's rows as one text each, built from a field list, so
 * Node passes the texts on instead of reading every value and serialising it again (the
 * trackers screen's lists, the shipments list). Where a module also presents the same thing
 * in JavaScript (one shipment), a test holds the two equal.
 */

/** How a column becomes JSON text; `raw` columns are JSON text already. */
export type Kind = 'int' | 'float' | 'bool' | 'text' | 'enum' | 'json' | 'time' | 'raw';
export interface Field {
  name: string;
  column: AnyPgColumn | SQL;
  kind: Kind;
}

/** The JSON text of a value, or NULL (made 'null' by the caller) for a NULL value. */
export function jsonOf({ column, kind }: Field, times: 'iso' | 'ms'): SQL {
  switch (kind) {
    case 'raw':
      return sql`${column}`;
    case 'int':
    case 'bool':
      return sql`(${column})::text`;
    case 'float':
      // NaN has no JSON spelling; a reading like that is better shown as missing.
      return sql`nullif(${column}, 'NaN')::text`;
    case 'enum':
      // Values of a fixed list: nothing to escape.
      return sql`'"' || ${column} || '"'`;
    case 'text':
    case 'json':
      return sql`to_json(${column})::text`;
    case 'time':
      return times === 'ms'
        ? // date_part gives a float8, cheaper than extract's numeric at 100,000 rows.
          sql`floor(date_part('epoch', ${column}) * 1000)::bigint::text`
        : sql`'"' || to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'`;
  }
}

export const valueOf = (field: Field, times: 'iso' | 'ms') =>
  sql`coalesce(${jsonOf(field, times)}, 'null')`;

/** `'{"a":' || a || ',"b":' || b || '}'`; names are constants of this file. */
export function objectOf(fields: readonly Field[]): SQL {
  const parts = fields.map(
    (f, i) => sql`${sql.raw(`'${i === 0 ? '{' : ','}"${f.name}":'`)} || ${valueOf(f, 'iso')}`,
  );
  return sql`${sql.join(parts, sql` || `)} || '}'`;
}

/** `'[' || a || ',' || b || ']'`. */
export function arrayOf(fields: readonly Field[]): SQL {
  const parts = fields.map((f) => valueOf(f, 'ms'));
  return sql`'[' || ${sql.join(parts, sql` || ',' || `)} || ']'`;
}
