import { request } from 'node:http';
import type { Agent } from 'node:http';

/**
 * What the benches measure with alike: the request body of a listing, how
 * runs are summed up, and CPU time read from /proc.
 */

/**
 * The PROPFIND body the files app sends for a listing (product §7), every
 * property of the issue; kept as literal text so both benches send the same
 * bytes whatever the SDK's formatting.
 */
export const PROPFIND_BODY = `<?xml version="1.0"?>
<d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns" xmlns:nc="http://nextcloud.org/ns" xmlns:ocs="http://open-collaboration-services.org/ns">
  <d:prop>
    <d:getcontentlength/><d:getcontenttype/><d:getetag/><d:getlastmodified/><d:creationdate/><d:displayname/>
    <d:quota-available-bytes/><d:resourcetype/><nc:has-preview/><nc:is-encrypted/><nc:mount-type/>
    <oc:comments-unread/><oc:favorite/><oc:fileid/><oc:id/><oc:owner-display-name/><oc:owner-id/>
    <oc:permissions/><oc:size/><nc:upload_time/><nc:hidden/><oc:share-types/><nc:share-attributes/><ocs:share-permissions/>
  </d:prop>
</d:propfind>`;

/** One frame at 60 Hz, and a frame counted as dropped in the page benchmarks (1.5 frames). */
export const FRAME_MS = 1000 / 60;
export const DROPPED_FRAME_MS = 1.5 * FRAME_MS;

/**
 * The median of the finite `values` (a figure a run could not measure is
 * NaN and left out), or NaN when there is none.
 */
export function median(values: number[]): number {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/**
 * Sends the chunks of a chunked upload (v2), `parallel` at a time, numbered from 1: `total`
 * bytes cut at `chunk.length`, the last one shorter. `put` sends one and returns its status.
 */
export async function sendChunks(put: (n: number, body: Buffer) => Promise<number>, total: number, chunk: Buffer, parallel: number): Promise<void> {
  const count = Math.ceil(total / chunk.length);
  let next = 1;
  const worker = async (): Promise<void> => {
    while (next <= count) {
      const n = next++;
      const size = n === count ? total - chunk.length * (count - 1) : chunk.length;
      const status = await put(n, chunk.subarray(0, size));
      if (status !== 201) throw new Error(`chunk ${n} answered ${status}`);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

/** What {@link timedRequest} tells of one request. */
export interface TimedResponse {
  status: number;
  /** Bytes of the body. */
  size: number;
  /** From sending to the body's end. */
  ms: number;
}

/** One request to the server on `port` of 127.0.0.1, as `authorization`, its body read and timed. */
export function timedRequest(
  target: { port: number; agent: Agent; authorization: string },
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: Buffer | string,
): Promise<TimedResponse> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = request({ host: '127.0.0.1', port: target.port, method, path, agent: target.agent, headers: { authorization: target.authorization, ...headers } }, (res) => {
      let size = 0;
      res.on('data', (chunk: Buffer) => (size += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, size, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * The CPU seconds (user + system) in a `/proc/<pid>/stat` line: the process's own, and
 * those of its children it has waited for (a finished `rclone` or `dd`).
 */
export function procStatCpu(stat: string): { own: number; children: number } {
  // After the command name (which may hold spaces): utime, stime, cutime and cstime are the
  // 12th to 15th fields, in clock ticks (100 a second on Linux).
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return { own: (Number(fields[11]) + Number(fields[12])) / 100, children: (Number(fields[13]) + Number(fields[14])) / 100 };
}
