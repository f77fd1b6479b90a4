import type { DavRequest } from '../context';
import { readBody } from '../context';
import { parseXml } from '../xml/parse';
import { NS, child, elements, textOf } from '../xml/element';
import { namesIn } from '../properties';
import type { PropRequest } from '../properties';
import { renderEntries, sendMultistatus } from './propfind';
import { fail } from '../../storage/errors';
import { isWithin } from '../../storage/paths';

/** REPORT `oc:filter-files`: the favorites below the request path (`oc:filter-rules/oc:favorite`). */
export async function report(ctx: DavRequest): Promise<void> {
  const root = parseXml(await readBody(ctx.request));
  if (root.ns !== NS.oc || root.local !== 'filter-files') fail('forbidden', 'The report is not supported');
  const prop = child(root, NS.dav, 'prop');
  const request: PropRequest = prop ? { kind: 'prop', names: namesIn(prop) } : { kind: 'allprop', include: [] };
  const rules = child(root, NS.oc, 'filter-rules');
  const favoriteRule = rules ? child(rules, NS.oc, 'favorite') : undefined;
  const otherRules = rules ? elements(rules).filter((rule) => !(rule.ns === NS.oc && rule.local === 'favorite')) : [];
  if (otherRules.some((rule) => rule.local === 'systemtag' && textOf(rule).trim() !== '')) {
    // No tags exist here, so a tag filter matches nothing.
    sendMultistatus(ctx, await renderEntries(ctx, request, []));
    return;
  }
  if (!favoriteRule || textOf(favoriteRule).trim() !== '1') fail('bad-request', 'oc:filter-rules with oc:favorite is required');
  const favorites = (await ctx.services.files.favorites(ctx.uid)).filter((entry) => entry.path !== ctx.path && isWithin(entry.path, ctx.path));
  sendMultistatus(ctx, await renderEntries(ctx, request, favorites));
}
