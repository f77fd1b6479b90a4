import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { ChangeFeed } from '../../server/src/changes';
import type { ChangeEvent, FeedSink } from '../../server/src/changes';
import { migrate } from '../../server/src/db/connection';
import { openPostgres } from '../../server/src/db/postgres';
import { storageMigrations } from '../../server/src/storage/metadata/migrations';
import type { PostgresCluster } from './postgres-cluster';
import { startPostgresCluster } from './postgres-cluster';

/**
 * Two change feeds on one PostgreSQL database, as two server processes have: a change one
 * records reaches the other's clients by LISTEN/NOTIFY, long before the fallback poll (set
 * to a minute here, so only the notification can deliver in time), also after the listening
 * connection was cut.
 */
const FALLBACK_POLL_MS = 60_000;

let cluster: PostgresCluster | undefined;
let databaseUrl: string;
const dbs: Kysely<unknown>[] = [];
let writer: ChangeFeed;
let reader: ChangeFeed;

beforeAll(async () => {
  // The cluster of `npm run test:pg`, else one of this file's own.
  const base = process.env['CUMULUS_TEST_POSTGRES'] ?? (cluster = await startPostgresCluster()).url;
  databaseUrl = `${base}/change_notify_${randomBytes(6).toString('hex')}`;
  for (let i = 0; i < 2; i += 1) dbs.push(await openPostgres<unknown>(databaseUrl, { poolSize: 2 }));
  await migrate(dbs[0]!, storageMigrations);
  const options = { pollIntervalMs: FALLBACK_POLL_MS, fallbackPollIntervalMs: FALLBACK_POLL_MS, onError: () => undefined };
  writer = new ChangeFeed(dbs[0]!, options);
  reader = new ChangeFeed(dbs[1]!, options);
  await Promise.all([writer.start(), reader.start()]);
}, 120_000);

afterAll(async () => {
  await Promise.all([writer?.stop(), reader?.stop()]);
  for (const db of dbs) await db.destroy();
  await cluster?.stop();
});

/** Subscribes to the reader's feed; `next()` resolves with the next changes and when they came. */
async function subscribe(uid: string): Promise<{ next(timeoutMs: number): Promise<{ events: readonly ChangeEvent[]; at: number }>; stop(): void }> {
  const waiting: ((value: { events: readonly ChangeEvent[]; at: number }) => void)[] = [];
  const arrived: { events: readonly ChangeEvent[]; at: number }[] = [];
  const sink: FeedSink = {
    ready: () => undefined,
    changes: (events) => {
      const item = { events, at: Date.now() };
      const wake = waiting.shift();
      if (wake) wake(item);
      else arrived.push(item);
    },
    refetch: () => undefined,
    heartbeat: () => undefined,
    close: () => undefined,
  };
  const stop = await reader.subscribe(uid, null, sink);
  return {
    next: (timeoutMs) =>
      new Promise((resolve, reject) => {
        const ready = arrived.shift();
        if (ready) return resolve(ready);
        const timer = setTimeout(() => reject(new Error(`No change within ${timeoutMs} ms`)), timeoutMs);
        waiting.push((item) => {
          clearTimeout(timer);
          resolve(item);
        });
      }),
    stop,
  };
}

/** Ends the reader's listening connection from the server side, as a restart of PostgreSQL or a network cut would. */
async function cutListeners(): Promise<number> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const result = await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()");
    return result.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

describe('the change feed across processes on PostgreSQL (LISTEN/NOTIFY)', () => {
  it('delivers another process\'s change at its NOTIFY, far sooner than the poll', async () => {
    const client = await subscribe('alice');
    const lags: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const sent = Date.now();
      const arrival = client.next(FALLBACK_POLL_MS / 2);
      await writer.emit({ uid: 'alice', path: `/n${i}.txt`, fileid: 100 + i, type: 'file', etag: `e${i}` });
      const { events, at } = await arrival;
      expect(events.map((event) => event.path)).toEqual([`/n${i}.txt`]);
      lags.push(at - sent);
    }
    // Without the notification nothing would arrive for a minute; a busy machine still answers in well under 5 s.
    expect(Math.max(...lags)).toBeLessThan(5000);
    client.stop();
  }, 60_000);

  it('listens again after its connection was cut, and catches up on what was written meanwhile', async () => {
    const client = await subscribe('bob');
    // Every process listens: the writer's connection goes too.
    expect(await cutListeners()).toBe(2);
    await writer.emit({ uid: 'bob', path: '/while-cut.txt', fileid: 200, type: 'file', etag: 'w' });
    const { events } = await client.next(FALLBACK_POLL_MS / 2);
    expect(events.map((event) => event.path)).toEqual(['/while-cut.txt']);
    // And the notifications work again.
    const arrival = client.next(FALLBACK_POLL_MS / 2);
    await writer.emit({ uid: 'bob', path: '/after.txt', fileid: 201, type: 'file', etag: 'a' });
    expect((await arrival).events.map((event) => event.path)).toEqual(['/after.txt']);
    client.stop();
  }, 60_000);
});
