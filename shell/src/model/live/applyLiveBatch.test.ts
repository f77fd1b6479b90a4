import { describe, expect, it } from '@jest/globals';
import type { Node } from '@cumulus/sdk';
import { createAppStore } from '../../app/store';
import { createFakeServices, testNode } from '../../test-support/fakeServices';
import { seededRandom } from '../../test-support/seededRandom';
import { selectCurrentContents } from '../folder/selectors';
import { routeChanged } from '../navigation/navigationSlice';
import { BUCKETS, EMPTY_TABLE, withNodes } from '../nodes/nodeTable';
import { applyLiveBatch, buildFileidIndex, fileidIndex } from './applyLiveBatch';
import type { ResolvedChange } from './applyLiveBatch';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** One row of the reference: what a full recompute of the folder's list gives. */
interface Row {
  fileid: number;
  node: Node;
}

/** The reference: each change applied on its own to a plain list of rows, scanning it whole. */
function recompute(rows: Row[], batch: readonly ResolvedChange[]): Row[] {
  let next = rows;
  for (const { change, node } of batch) {
    const at = next.findIndex((row) => row.fileid === change.fileid);
    if (node === null || node.dirname !== '/d') next = next.filter((_, index) => index !== at);
    else if (at >= 0) next = next.map((row, index) => (index === at ? { fileid: change.fileid, node } : row));
    else next = [...next, { fileid: change.fileid, node }];
  }
  return next;
}

describe('applyLiveBatch', () => {
  it('leaves the list a full recompute gives, on seeded random batches of creations, writes, renames, moves out and deletes', async () => {
    for (const seed of [3, 11, 2024]) {
      const next = seededRandom(seed);
      const initial = Array.from({ length: 300 }, (_, i) => testNode(`/d/file ${i}.txt`, { fileid: 1000 + i, attributes: { etag: `e${i}` } }));
      const { services } = await createFakeServices({ folders: { '/d': initial } });
      const store = createAppStore(services);
      store.dispatch(routeChanged({ view: 'files', dir: '/d', fileid: null, openfile: false }));
      await settle();
      let rows: Row[] = initial.map((node) => ({ fileid: node.fileid as number, node }));
      let fresh = 5000;
      let id = 1;
      for (let round = 0; round < 40; round += 1) {
        const batch: ResolvedChange[] = [];
        // One change per node and batch, as startLiveUpdates hands them over.
        const touched = new Set<number>();
        for (let k = 1 + Math.floor(next() * 40); k > 0; k -= 1) {
          const pick = rows[Math.floor(next() * rows.length)];
          const roll = next();
          if (roll < 0.3 || pick === undefined) {
            const fileid = fresh++;
            const node = testNode(`/d/new ${fileid}.txt`, { fileid, attributes: { etag: 'n' } });
            batch.push({ change: { id: id++, folder: '/d', path: node.path, fileid, type: 'file', etag: 'n' }, node });
            continue;
          }
          if (touched.has(pick.fileid)) continue;
          touched.add(pick.fileid);
          const { fileid, node: old } = pick;
          if (roll < 0.55) {
            const node = testNode(old.path, { fileid, size: Math.floor(next() * 1000), attributes: { etag: `w${id}` } });
            batch.push({ change: { id: id++, folder: '/d', path: old.path, fileid, type: 'file', etag: `w${id}` }, node });
          } else if (roll < 0.75) {
            const node = testNode(`/d/renamed ${fresh++}.txt`, { fileid, attributes: { etag: 'r' } });
            batch.push({ change: { id: id++, folder: '/d', path: node.path, from: old.path, fileid, type: 'file', etag: 'r' }, node });
          } else if (roll < 0.85) {
            const node = testNode(`/elsewhere/${old.basename}`, { fileid, attributes: { etag: 'm' } });
            batch.push({ change: { id: id++, folder: '/elsewhere', path: node.path, from: old.path, fileid, type: 'file', etag: 'm' }, node });
          } else {
            batch.push({ change: { id: id++, folder: '/d', path: old.path, fileid, type: 'file', deleted: true }, node: null });
          }
        }
        const before = store.getState().nodes.table;
        expect(store.dispatch(applyLiveBatch(batch))).toEqual([]);
        rows = recompute(rows, batch);
        expect(selectCurrentContents(store.getState())).toEqual(rows.map((row) => row.node));
        // The batch copied its nodes' buckets (and the folder's), not the table's every bucket.
        const after = store.getState().nodes.table;
        let copied = 0;
        for (let index = 0; index < BUCKETS; index += 1) if (after[index] !== before[index]) copied += 1;
        expect(copied).toBeLessThanOrEqual(2 * batch.length + 1);
      }
    }
    // Generous: the store's dev-only checks walk the state at every action, and CI machines are busy.
  }, 120_000);
});

describe('the file-id index of a listing', () => {
  it('built a slice at a time in idle time holds what one built at once holds', () => {
    const nodes = Array.from({ length: 5000 }, (_, i) => testNode(`/big/f${i}.txt`, { fileid: 10 + i }));
    // A child the table does not know: a source of the list, no file id.
    const children = [...nodes.map((node) => node.source), testNode('/big/unknown.txt').source];
    const table = withNodes(EMPTY_TABLE, nodes);
    let slices = 0;
    while (!buildFileidIndex(children, table, 0)) slices += 1;
    // A budget spent at once: one slice per call, so 5,001 children take several.
    expect(slices).toBeGreaterThan(2);
    const sliced = fileidIndex(children, table);
    const whole = fileidIndex([...children], table);
    expect(sliced).not.toBe(whole);
    expect(sliced.byFileid).toEqual(whole.byFileid);
    expect(sliced.sources).toEqual(whole.sources);
    expect(sliced.byFileid.get(4010)).toBe(nodes[4000]?.source);
    expect(sliced.sources.size).toBe(5001);
  });

  it('finishes a partly built index when a change needs it at once', () => {
    const nodes = Array.from({ length: 3000 }, (_, i) => testNode(`/big/g${i}.txt`, { fileid: 1 + i }));
    const children = nodes.map((node) => node.source);
    const table = withNodes(EMPTY_TABLE, nodes);
    expect(buildFileidIndex(children, table, 0)).toBe(false);
    const index = fileidIndex(children, table);
    expect(index.byFileid.size).toBe(3000);
    expect(buildFileidIndex(children, table, 0)).toBe(true);
  });
});
