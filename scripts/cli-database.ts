/**
 * How a command-line tool reaches the database without ever losing work (docs/decisions/005-one-process-per-data-dir.md):
 * - PostgreSQL (DATABASE_URL): directly, alongside any running instances.
 * - Embedded PGlite, no server running: directly, holding the DATA_DIR lock meanwhile (a server starting then waits
 *   its turn by refusing, instead of opening the same files).
 * - Embedded PGlite, a server running: through that server's control routes (loopback + the token in DATA_DIR),
 *   or, when that is not possible, a refusal naming the server.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONTROL_TOKEN_FILE } from '../server/admin/admin-control.routes';
import { openConfiguredDatabase, type Database } from '../server/db/client';
import { acquireDataDirLock, DataDirLockedError, describeHolder, type LockHolder } from '../server/db/data-dir-lock';
import type { Env } from '../server/env';

export class CliRefusal extends Error {}

export interface ServerControl {
  holder: LockHolder;
  /** POSTs `body` to a control route of the running server; throws CliRefusal with the server's message on a 4xx. */
  post<T>(controlPath: string, body: unknown): Promise<T>;
}

export async function withDatabaseOrServer<T>(
  env: Env,
  command: string,
  handlers: { direct(database: Database): Promise<T>; viaServer(control: ServerControl): Promise<T> },
): Promise<T> {
  if (env.DATABASE_URL) {
    const database = await openConfiguredDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
    try {
      return await handlers.direct(database);
    } finally {
      await database.close();
    }
  }

  let lock: ReturnType<typeof acquireDataDirLock>;
  try {
    lock = acquireDataDirLock(env.dataDir, { kind: 'cli', command });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    return handlers.viaServer(serverControl(env.dataDir, error.holder));
  }
  try {
    const database = await openConfiguredDatabase({ dataDir: env.dataDir });
    try {
      return await handlers.direct(database);
    } finally {
      await database.close();
    }
  } finally {
    lock.release();
  }
}

function serverControl(dataDir: string, holder: LockHolder): ServerControl {
  const refuse = (why: string) => new CliRefusal(`${describeHolder(dataDir, holder)}\n${why}\nNothing was changed.`);
  if (holder.kind !== 'server') throw refuse('Wait until it has finished, then run this again.');
  if (!holder.controlUrl) throw refuse('It is still starting: run this again in a few seconds.');
  let token: string;
  try {
    token = readFileSync(path.join(dataDir, CONTROL_TOKEN_FILE), 'utf8').trim();
  } catch {
    throw refuse(
      `Its control token (${path.join(dataDir, CONTROL_TOKEN_FILE)}) is not readable: run this as the user who runs the server, or stop the server first.`,
    );
  }
  return {
    holder,
    async post<T>(controlPath: string, body: unknown): Promise<T> {
      let response: Response;
      try {
        response = await fetch(`${holder.controlUrl}${controlPath}`, {
          method: 'POST',
          // The server's own origin passes its cross-site check (the token is what lets us in).
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...(holder.url ? { origin: holder.url } : {}) },
          body: JSON.stringify(body),
        });
      } catch (error) {
        throw refuse(`It does not answer at ${holder.controlUrl} (${(error as Error).message}): stop it, or wait until it answers.`);
      }
      const payload = (await response.json().catch(() => ({}))) as { message?: string };
      if (response.status >= 400 && response.status < 500) throw new CliRefusal(payload.message ?? `refused (${response.status})`);
      if (!response.ok) throw new Error(`The server failed (${response.status}): ${payload.message ?? ''}`);
      return payload as T;
    },
  };
}
