import type pg from 'pg';

/**
 * Statements whose text begins with this comment are run as named prepared statements on
 * PostgreSQL: each pooled connection parses and plans them once instead of on every call (pg keeps
 * the names it has prepared per connection). Kysely passes only text and values, so the name is
 * given here, one per distinct text. PGlite ignores the comment.
 */
export const PREPARED_MARK = '/* prepared */';

const names = new Map<string, string>();
const wrapped = new WeakSet<pg.PoolClient>();

function nameFor(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `prepared_${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}

/** The pooled client, answering marked statements by name (the rest as before). */
export function withPreparedStatements(client: pg.PoolClient): pg.PoolClient {
  if (wrapped.has(client)) return client;
  wrapped.add(client);
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (first: unknown, ...rest: unknown[]) => {
    if (typeof first === 'string' && first.startsWith(PREPARED_MARK) && Array.isArray(rest[0])) {
      return query({ name: nameFor(first), text: first, values: rest[0] }, ...rest.slice(1));
    }
    return query(first, ...rest);
  };
  return client;
}
