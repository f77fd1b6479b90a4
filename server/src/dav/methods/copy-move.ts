import type { DavRequest } from '../context';
import { header } from '../context';
import { checkWritePreconditions, assertUnlocked, parseIfHeader, submittedTokens } from '../conditions';
import { destinationPath, overwriteAllowed } from '../destination';
import { fail } from '../../errors';
import { baseName, isWithin } from '../../storage/model/paths';
import { assertAllowedFilename } from '../../storage/model/filename-rules';
import { uploadHeaders } from './put';

/** COPY (Depth 0 or infinity) and MOVE: 201 when the destination is new, 204 when replaced. */
export async function copyOrMove(ctx: DavRequest): Promise<void> {
  const move = ctx.request.method === 'MOVE';
  const depthHeader = header(ctx.request, 'depth').trim().toLowerCase();
  let shallow = false;
  if (depthHeader !== '' && depthHeader !== 'infinity') {
    if (move || depthHeader !== '0') fail('bad-request', move ? 'The Depth header of MOVE must be infinity' : 'The Depth header of COPY must be 0 or infinity');
    shallow = true;
  }
  const source = await ctx.services.files.stat(ctx.uid, ctx.path);
  if (!source) {
    // The same MOVE sent again after its answer was lost: its result is where it put it.
    if (move && (await answerReplay(ctx))) return;
    fail('not-found', `File with name ${ctx.path.slice(1)} could not be located`);
  }
  if (ctx.path === '/') fail('forbidden', 'The root folder cannot be moved or copied');
  const target = destinationPath(ctx);
  if (target === ctx.path) fail('forbidden', 'Source and destination uri are identical.');
  if (isWithin(target, ctx.path)) fail('conflict', 'The destination may not be part of the same subtree as the source path.');
  // Before anything changes: an overwritten destination is deleted below.
  if (target !== '/') assertAllowedFilename(baseName(target));
  const overwrite = overwriteAllowed(ctx);
  const existing = await ctx.services.files.stat(ctx.uid, target);
  if (existing && !overwrite) {
    if (move && (await answerReplay(ctx, target))) return;
    fail('precondition-failed', 'The destination node already exists, and the overwrite header is set to false');
  }

  const tokens = await checkWritePreconditions(ctx, source, move ? [{ path: ctx.path, tree: true, membership: true }] : []);
  const destinationTokens = submittedTokens(parseIfHeader(header(ctx.request, 'if'), ctx.base));
  for (const token of tokens) destinationTokens.add(token);
  await assertUnlocked(ctx, [{ path: target, tree: true, membership: true }], destinationTokens);

  const parent = await ctx.services.files.stat(ctx.uid, target.slice(0, Math.max(1, target.lastIndexOf('/'))));
  if (!parent || parent.type !== 'folder') fail('conflict', 'The destination parent node does not exist');

  // Storage deletes a replaced destination only after its own checks (quota included) pass,
  // so a refused COPY or MOVE leaves both nodes as they were.
  const replace = existing !== null;
  const status = existing ? 204 : 201;
  // A MOVE's commit records the answer (finished-operations.ts), for a replay of this request.
  // A COPY's does not: its source is still there, so the same COPY again is a new request, and
  // with Overwrite: F it must fail on the copy the first one made (RFC 4918 §9.8.5; litmus's
  // copy_overwrite sends exactly that).
  const receipt = { uid: ctx.user.uid, method: 'MOVE', source: `${ctx.base}${ctx.path}`, destination: `${ctx.base}${target}`, overwrite, status } as const;
  const result = move
    ? await ctx.services.finished.during(receipt, async () => {
        const moved = await ctx.services.files.move(ctx.uid, ctx.path, target, { replace });
        await ctx.services.locks.removeTree(ctx.uid, ctx.path);
        return moved;
      })
    : // Storage copies the dead properties of every copied node (Depth 0: the folder's own), in
      // the commit that makes the copy appear.
      await ctx.services.files.copy(ctx.uid, ctx.path, target, ctx.user.quota, { replace, shallow });
  if (existing) await ctx.services.locks.removeTree(ctx.uid, target);
  uploadHeaders(ctx, result, false);
  ctx.reply.code(status).send();
}

/**
 * Answers a MOVE that would fail with 404 (the source is gone) or 412 (the destination
 * exists, Overwrite: F) as it was answered the first time, when this user's same request
 * finished within the replay window and its result is still in place: the node at the
 * destination has the recorded file id and the source is still gone. False (answer as
 * usual) otherwise.
 */
async function answerReplay(ctx: DavRequest, target?: string): Promise<boolean> {
  if (ctx.path === '/') return false;
  if (target === undefined) {
    // A Destination that cannot be resolved is answered as before (404 for the missing source first).
    try {
      target = destinationPath(ctx);
    } catch {
      return false;
    }
  }
  const finished = await ctx.services.finished.find({ uid: ctx.user.uid, method: 'MOVE', source: `${ctx.base}${ctx.path}`, destination: `${ctx.base}${target}`, overwrite: overwriteAllowed(ctx) });
  if (!finished) return false;
  const there = await ctx.services.files.stat(ctx.uid, target);
  if (!there || there.fileid !== finished.fileid) return false;
  // The source must still be gone: one there again is a new node, and this a new request.
  if (await ctx.services.files.stat(ctx.uid, ctx.path)) return false;
  uploadHeaders(ctx, there, false);
  ctx.reply.code(finished.status).send();
  return true;
}
