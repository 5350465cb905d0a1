// `npm run bench reports`: the RMM import of a 100,000-row export (rows/s and peak RSS, against parsing the same file
// alone) and every client report over all clients at 1,000,000 devices (against the raw SQL of the same rows), each on
// a fresh database of its own, embedded and (with BENCH_DATABASE_URL or TEST_DATABASE_URL) PostgreSQL.
import { migrate } from '../src/server/db/migrate.js';
import { importBench } from './reports-import.js';
import { reportQueriesBench } from './reports-queries.js';
import { benchDatabase } from './support.js';

export async function reportsBench(label: string, url: string | undefined): Promise<void> {
  {
    const { database, drop } = await benchDatabase(url);
    try {
      await migrate(database.pool);
      await importBench(database, { label });
    } finally {
      await database.close();
      await drop();
    }
  }
  {
    const { database, drop } = await benchDatabase(url);
    try {
      await reportQueriesBench(database, { label });
    } finally {
      await database.close();
      await drop();
    }
  }
}
