import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../../server/db/client';
import { repoRoot } from '../../scripts/paths';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite (initdb + every migration); each test database loads a copy. */
    pgliteTemplate: string;
  }
}

/**
 * What a template is made of: PGlite's version and every file of server/db but its tests (the code that opens and
 * migrates it: initdb options, the worker, the migrator; the schema; every migration). Same key, same template, so one
 * dump serves every vitest process of a run (`npm test` starts three) and the next runs; a change to any of them makes
 * a new one.
 */
function templateKey(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(path.join(repoRoot, 'node_modules/@electric-sql/pglite/package.json')));
  const db = path.join(repoRoot, 'server/db');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (!name.includes('.test.')) hash.update(`${path.relative(db, file)}\0`).update(readFileSync(file));
    }
  };
  walk(db);
  return hash.digest('hex').slice(0, 20);
}

/**
 * Provides the migrated PGlite template, built in a main process (no test worker pays initdb + migrate) and
 * kept in the system's temporary folder under its key. Written under a temporary name and renamed, so processes
 * building it at the same moment never read half a file; older templates are removed after a day.
 */
export default async function setup(project: TestProject) {
  const dir = path.join(tmpdir(), 'gg-pglite-templates');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${templateKey()}.tar`);
  if (!existsSync(file)) {
    const database = await openDatabase({});
    await migrateDatabase(database);
    const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    await database.close();
    const temporary = `${file}.${process.pid}.${Date.now()}`;
    await writeFile(temporary, Buffer.from(await dump.arrayBuffer()));
    await rename(temporary, file);
  }
  for (const name of readdirSync(dir)) {
    const other = path.join(dir, name);
    if (other !== file && Date.now() - statSync(other).mtimeMs > 24 * 60 * 60_000) rmSync(other, { force: true });
  }
  project.provide('pgliteTemplate', file);
}
