import { randomUUID } from 'node:crypto';

/**
 * Requests made from the OpenAPI document, for tests that call every operation (bad input,
 * isolation): the schema's JSON form, and a value each field takes.
 */

export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  minItems?: number;
}
export interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema: JsonSchema;
}
export interface OpenApiOperation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

function dateFor(name: string) {
  const hour = 3600_000;
  return new Date(Date.now() - (/from/.test(name) ? hour : 0)).toISOString();
}

/**
 * A value the schema takes (as far as its JSON form tells), the `known` real value where the
 * field's name has one, so the handlers behind the schema run.
 */
export function sample(schema: JsonSchema, name: string, known: Record<string, unknown>): unknown {
  const option = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (name in known) return known[name];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (option) return sample(option, name, known);
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, sub]) => [key, sample(sub, key, known)]),
      );
    case 'array': {
      if (Array.isArray(schema.items)) return schema.items.map((sub) => sample(sub, name, known));
      const item = sample(schema.items ?? {}, name, known);
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => item);
    }
    case 'number':
    case 'integer':
      return Math.min(Math.max(1, schema.minimum ?? 1), schema.maximum ?? 1);
    case 'boolean':
      return true;
    default:
      if (schema.format === 'date') return dateFor(name).slice(0, 10);
      if (/date|time/.test(name)) return dateFor(name);
      if (schema.format === 'uuid') return randomUUID();
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
  }
}

/** The document's path template (`/api/x/{id}`) with the values, and the query string. */
export function urlOf(
  template: string,
  path: Record<string, string>,
  query: Record<string, string | string[]>,
) {
  const filled = template.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(path[name] ?? ''),
  );
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const one of Array.isArray(value) ? value : [value]) search.append(name, one);
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

/** Every operation of the document, with its method and path template. */
export const operationsOf = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );
