import type { DavNodesAnswer, PluginReportRequest, PluginXmlElement, ReportHandler } from '@cumulus/server/plugin-api';

const DAV = 'DAV:';
const OC = 'http://owncloud.org/ns';
const NC = 'http://nextcloud.org/ns';

/** The report's Clark name. */
export const FILTER_FILES = `{${OC}}filter-files`;

function elementsOf(element: PluginXmlElement): PluginXmlElement[] {
  return element.children.filter((child): child is PluginXmlElement => typeof child !== 'string');
}

function textOf(element: PluginXmlElement): string {
  return element.children.map((child) => (typeof child === 'string' ? child : textOf(child))).join('');
}

/** An integer as PHP's `(int)` cast reads it: leading digits, else 0. */
function phpInt(text: string): number {
  const match = /^\s*[+-]?\d+/.exec(text);
  return match ? Number(match[0]) : 0;
}

/** PHP's `array_slice($list, $offset, $length)`: negative values count from the end. */
export function phpSlice<T>(list: readonly T[], offset: number, length: number | undefined): T[] {
  const start = offset < 0 ? Math.max(0, list.length + offset) : offset;
  if (length === undefined) return list.slice(start);
  return length < 0 ? list.slice(start, length) : list.slice(start, start + length);
}

/**
 * Nextcloud's REPORT `oc:filter-files` (apps/dav FilesReportPlugin) on a folder: the
 * favorites anywhere below it (never the folder itself), sorted by path.
 * - Only on folders; on a file the report is not handled (the server answers 415, as sabre/dav).
 * - No `oc:filter-rules`, or an empty one: 400 "Missing filter-rule block in request".
 * - `oc:favorite` with any value selects the favorites; `oc:systemtag` names a tag, and no
 *   system tags exist here, so any one is 412 "Cannot filter by non-existing tag"; rules that
 *   select nothing (`oc:circle` without the Circles app, unknown rules) give an empty answer.
 * - `d:limit` with `d:nresults` and `nc:firstresult` pages the favorites.
 */
export async function filterFiles(request: PluginReportRequest): Promise<DavNodesAnswer | undefined> {
  const target = await request.tree.stat(request.path);
  if (!target || target.type !== 'folder') return undefined;
  const parts = elementsOf(request.report);
  const rules = parts.filter((part) => part.ns === OC && part.local === 'filter-rules').pop();
  const ruleList = rules ? elementsOf(rules) : [];
  if (ruleList.length === 0) return { failure: { status: 400, message: 'Missing filter-rule block in request' } };
  if (ruleList.some((rule) => rule.ns === OC && rule.local === 'systemtag')) return { failure: { status: 412, message: 'Cannot filter by non-existing tag' } };
  if (!ruleList.some((rule) => rule.ns === OC && rule.local === 'favorite')) return { nodes: [] };

  let limit: number | undefined;
  let offset = 0;
  for (const part of parts.filter((p) => p.ns === DAV && p.local === 'limit')) {
    for (const setting of elementsOf(part)) {
      if (setting.ns === DAV && setting.local === 'nresults') limit = phpInt(textOf(setting));
      else if (setting.ns === NC && setting.local === 'firstresult') offset = phpInt(textOf(setting));
    }
  }
  const favorites = await request.tree.find({ below: request.path, favorite: true });
  return { nodes: phpSlice(favorites, offset, limit) };
}

/** The report handler the plugin registers. */
export const filterFilesHandler: ReportHandler = {
  id: 'favorites.filter-files',
  report: FILTER_FILES,
  handle: filterFiles,
};
