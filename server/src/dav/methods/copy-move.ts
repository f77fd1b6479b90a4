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
  if (!source) fail('not-found', `File with name ${ctx.path.slice(1)} could not be located`);
  if (ctx.path === '/') fail('forbidden', 'The root folder cannot be moved or copied');
  const target = destinationPath(ctx);
  if (target === ctx.path) fail('forbidden', 'Source and destination uri are identical.');
  if (isWithin(target, ctx.path)) fail('conflict', 'The destination may not be part of the same subtree as the source path.');
  // Before anything changes: an overwritten destination is deleted below.
  if (target !== '/') assertAllowedFilename(baseName(target));
  const overwrite = overwriteAllowed(ctx);
  const existing = await ctx.services.files.stat(ctx.uid, target);
  if (existing && !overwrite) fail('precondition-failed', 'The destination node already exists, and the overwrite header is set to false');

  const tokens = await checkWritePreconditions(ctx, source, move ? [{ path: ctx.path, tree: true, membership: true }] : []);
  const destinationTokens = submittedTokens(parseIfHeader(header(ctx.request, 'if'), ctx.base));
  for (const token of tokens) destinationTokens.add(token);
  await assertUnlocked(ctx, [{ path: target, tree: true, membership: true }], destinationTokens);

  const parent = await ctx.services.files.stat(ctx.uid, target.slice(0, Math.max(1, target.lastIndexOf('/'))));
  if (!parent || parent.type !== 'folder') fail('conflict', 'The destination parent node does not exist');

  // Storage deletes a replaced destination only after its own checks (quota included) pass,
  // so a refused COPY or MOVE leaves both nodes as they were.
  const replace = existing !== null;
  let result;
  if (move) {
    result = await ctx.services.files.move(ctx.uid, ctx.path, target, { replace });
    await ctx.services.locks.removeTree(ctx.uid, ctx.path);
  } else {
    // Storage copies the dead properties of every copied node (Depth 0: the folder's own), in
    // the commit that makes the copy appear.
    result = await ctx.services.files.copy(ctx.uid, ctx.path, target, ctx.user.quota, { replace, shallow });
  }
  if (existing) await ctx.services.locks.removeTree(ctx.uid, target);
  uploadHeaders(ctx, result, false);
  ctx.reply.code(existing ? 204 : 201).send();
}
