import { PGlite } from '@electric-sql/pglite';
const dir = '/tmp/pgl-test2-' + process.pid;
let pg = await PGlite.create({ dataDir: dir });
await pg.exec(`alter system set fsync = on`);
await pg.exec(`alter system set wal_sync_method = 'fsync'`);
await pg.close();
pg = await PGlite.create({ dataDir: dir });
for (const g of ['fsync', 'wal_sync_method']) console.log(g, (await pg.query(`show ${g}`)).rows[0]);
await pg.close();
