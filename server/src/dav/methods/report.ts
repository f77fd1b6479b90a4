import type { DavRequest } from '../context';
import { readBody } from '../context';
import { errorBody } from '../errors';
import { parseXml } from '../xml/parse';
import { NS, child } from '../xml/element';
import { namesIn } from '../prop-request';
import type { PropRequest } from '../prop-request';
import { renderEntries, sendMultistatus } from './propfind';
import { fail } from '../../errors';

/**
 * REPORT: answered by the handler a plugin registered for the report's name (the favorites'
 * `oc:filter-files` is the Favorites plugin's). The server reads the body, checks the node,
 * and renders the handler's nodes with the report's `d:prop`. A report no handler answers
 * gets what sabre/dav sends for an unknown report: 415 ReportNotSupported with
 * `d:supported-report`.
 */
export async function report(ctx: DavRequest): Promise<void> {
  const root = parseXml(await readBody(ctx.request));
  const target = await ctx.services.files.stat(ctx.uid, ctx.path);
  if (!target) fail('not-found', 'File not found');
  const entries = await ctx.services.pluginHandlers.report({ uid: ctx.uid, path: ctx.path, report: root, files: ctx.services.files });
  if (entries === undefined) {
    ctx.reply
      .code(415)
      .header('content-type', 'application/xml; charset=utf-8')
      .send(errorBody('Sabre\\DAV\\Exception\\ReportNotSupported', '', '<d:supported-report/>'));
    return;
  }
  const prop = child(root, NS.dav, 'prop');
  const request: PropRequest = prop ? { kind: 'prop', names: namesIn(prop) } : { kind: 'allprop', include: [] };
  sendMultistatus(ctx, await renderEntries(ctx, request, entries));
}
