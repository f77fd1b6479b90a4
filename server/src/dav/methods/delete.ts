import type { DavRequest } from '../context';
import { header } from '../context';
import { checkWritePreconditions } from '../conditions';
import { fail } from '../../errors';

/** DELETE of a file or a folder tree (204); `X-NC-Skip-Trashbin: true` asks for a final delete (no trash bin takes it). */
export async function del(ctx: DavRequest): Promise<void> {
  const entry = await ctx.services.files.stat(ctx.uid, ctx.path);
  const self = `${ctx.base}${ctx.path}`;
  if (!entry) {
    // The same DELETE sent again after its answer was lost, within the replay window: the node is still gone.
    const finished = ctx.path === '/' ? null : await ctx.services.finished.find({ uid: ctx.user.uid, method: 'DELETE', source: self, destination: self, overwrite: false });
    if (finished) {
      ctx.reply.code(finished.status).send();
      return;
    }
    fail('not-found', `File with name ${ctx.path.slice(1)} could not be located`);
  }
  if (ctx.path === '/') fail('forbidden', 'The root folder cannot be deleted');
  await checkWritePreconditions(ctx, entry, [{ path: ctx.path, tree: true, membership: true }]);
  const final = header(ctx.request, 'x-nc-skip-trashbin').trim().toLowerCase() === 'true';
  // The commit records the answer (finished-operations.ts), for a replay of this request.
  await ctx.services.finished.during({ uid: ctx.user.uid, method: 'DELETE', source: self, destination: self, overwrite: false, status: 204 }, () => ctx.services.files.delete(ctx.uid, ctx.path, { final }));
  await ctx.services.locks.removeTree(ctx.uid, ctx.path);
  ctx.reply.code(204).send();
}
