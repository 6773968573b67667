import type { Db } from '../../server/db/client';

/**
 * The SQL texts `db`'s driver was handed while `fn` ran, with what `fn` returned: for tests that count the statements a
 * request makes. On PGlite a second instance of a test shares this driver; on PostgreSQL it has a pool of its own.
 */
export async function statementsDuring<T>(db: Db, fn: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = client.query;
  const statements: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    statements.push(typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string })?.text ?? ''));
    return original.apply(this, args);
  };
  try {
    return { result: await fn(), statements };
  } finally {
    client.query = original;
  }
}

/** Whether a statement reads (SELECTs from) one of these tables. */
export const readsFrom = (statement: string, ...tables: string[]) =>
  /^\s*select\b/i.test(statement) && tables.some((table) => new RegExp(`from "${table}"`, 'i').test(statement));
