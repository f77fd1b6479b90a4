import type { Writable } from 'node:stream';
import { sql } from 'kysely';
import { dialectOf } from '../db/connection';
import { foldExistingNames } from '../storage/metadata/migrations';
import type { Command } from './user-commands';
import { NotFound, withServices } from './user-commands';
import { println } from './io';
import { optionValue } from './args';

/** Cells of the progress bar. */
const BAR_WIDTH = 30;

/**
 * A progress bar on `out`: redrawn in place on a terminal, else a line at every tenth (a log
 * or a pipe gets no carriage returns).
 */
export function progressBar(out: Writable & { isTTY?: boolean }, label: string): { update(done: number, total: number): void; end(): void } {
  let lastTenth = -1;
  let drawn = false;
  return {
    update(done, total) {
      const share = total === 0 ? 1 : Math.min(1, done / total);
      const percent = Math.floor(share * 100);
      if (out.isTTY) {
        const filled = Math.round(share * BAR_WIDTH);
        out.write(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${String(percent).padStart(3)}% ${done}/${total}`);
        drawn = true;
        return;
      }
      const tenth = Math.floor(percent / 10);
      if (tenth === lastTenth) return;
      lastTenth = tenth;
      println(out, `${label} ${percent}% ${done}/${total}`);
    },
    end() {
      if (drawn) out.write('\n');
    },
  };
}

/** The search index's commands. */
export const searchCommands: Record<string, Command> = {
  'search:reindex': {
    usage: 'search:reindex [--user U]',
    summary: "Rebuild the name index (every user's, or one user's) from the file cache.",
    valued: ['user'],
    flags: [],
    async run(args, io, config) {
      const uid = optionValue(args, 'user');
      return withServices(config, async ({ db, accounts }) => {
        if (uid !== undefined && !(await accounts.users.get(uid))) throw new NotFound(`The user "${uid}" does not exist.`);
        const bar = progressBar(io.stderr, 'Folding names');
        const rows = await foldExistingNames(db, uid, (done, total) => bar.update(done, total));
        bar.update(rows, rows);
        bar.end();
        if (uid === undefined) {
          // Every row: the index itself is rebuilt from the column (FTS5's own rebuild, or PostgreSQL's).
          if (dialectOf(db) === 'postgres') await sql`reindex index filecache_name_trgm`.execute(db);
          else await sql`insert into filecache_names(filecache_names) values('rebuild')`.execute(db);
        }
        println(io.stdout, `Reindexed ${rows} names${uid !== undefined ? ` of ${uid}` : ''}.`);
        return 0;
      });
    },
  },
};
