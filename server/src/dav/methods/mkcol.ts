import type { DavRequest } from '../context';
import { hasBody } from '../context';
import { checkWritePreconditions } from '../conditions';
import { fail } from '../../errors';
import { assertAllowedFilename } from '../../storage/model/filename-rules';
import { baseName } from '../../storage/model/paths';

/** MKCOL: creates one folder (409 missing parent, 405 when something exists, 415 with a body). */
export async function mkcol(ctx: DavRequest): Promise<void> {
  if (hasBody(ctx.request)) {
    ctx.request.raw.resume();
    fail('unsupported-media-type', 'The request body for the MKCOL request must be empty');
  }
  if (ctx.path !== '/') assertAllowedFilename(baseName(ctx.path));
  const existing = await ctx.services.files.stat(ctx.uid, ctx.path);
  if (existing) fail('method-not-allowed', 'The resource you tried to create already exists');
  await checkWritePreconditions(ctx, null, [{ path: ctx.path, membership: true }]);
  const entry = await ctx.services.files.mkdir(ctx.uid, ctx.path);
  ctx.reply.code(201).header('oc-fileid', ocIdOf(ctx, entry.fileid)).header('content-length', '0').send();
}

function ocIdOf(ctx: DavRequest, fileid: number): string {
  return `${String(fileid).padStart(8, '0')}${ctx.services.instanceId}`;
}
