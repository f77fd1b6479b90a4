import type { DavRequest } from '../context';
import { header } from '../context';
import { checkWritePreconditions } from '../conditions';
import { fail } from '../../errors';

/** DELETE of a file or a folder tree (204); `X-NC-Skip-Trashbin: true` asks for a final delete (no trash bin takes it). */
export async function del(ctx: DavRequest): Promise<void> {
  const entry = await ctx.services.files.stat(ctx.uid, ctx.path);
  if (!entry) fail('not-found', `File with name ${ctx.path.slice(1)} could not be located`);
  if (ctx.path === '/') fail('forbidden', 'The root folder cannot be deleted');
  await checkWritePreconditions(ctx, entry, [{ path: ctx.path, tree: true, membership: true }]);
  const final = header(ctx.request, 'x-nc-skip-trashbin').trim().toLowerCase() === 'true';
  await ctx.services.files.delete(ctx.uid, ctx.path, { final });
  await ctx.services.locks.removeTree(ctx.uid, ctx.path);
  ctx.reply.code(204).send();
}
