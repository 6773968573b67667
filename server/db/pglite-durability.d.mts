/** Types of pglite-durability.mjs (plain JS so the database worker can import it under node, tsx and vitest). */
import type { PGlite } from '@electric-sql/pglite';

export const PGLITE_SHARED_BUFFERS: string;
export const DURABLE_START_PARAMS: string[];
/** fsync(2) calls made for PGlite files by the thread that opened it (the database worker; see pglite-thread.ts). */
export const pgliteFsyncStats: { calls: number; paths: Set<string> };
export function installNodeFsFsync(client: PGlite): void;
/** Opens PGlite on a directory so that a committed transaction is on disk when the commit returns. */
export function createDurablePglite(dataDir: string, options?: { durable?: boolean }): Promise<PGlite>;
