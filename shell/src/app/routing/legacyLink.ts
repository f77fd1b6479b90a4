import { DEFAULT_VIEW, encodeQueryValue, isFileIdSegment } from '../../model/navigation/filesLocation';

/**
 * Where the app's root (`/apps/files/?…`) leads: the route named filelist
 * with view=files (product §2), keeping every query value, so bookmarks and
 * links of the form `/apps/files/?dir=/Photos` open Photos. The older
 * Nextcloud forms are read too: `view` in the query names the view,
 * `fileid` in the query becomes the route's fileid segment, and an
 * `openfile` holding a file id (Nextcloud before 28) names the file and
 * asks to open it. Values are written back with slashes unescaped (product §2).
 */
export function rootRedirectTarget(search: string): string {
  const query = new URLSearchParams(search);
  const view = query.get('view') || DEFAULT_VIEW;
  let fileid = query.get('fileid') ?? '';
  const openfile = query.get('openfile');
  query.delete('view');
  query.delete('fileid');
  if (openfile !== null && isFileIdSegment(openfile)) {
    if (!isFileIdSegment(fileid)) fileid = openfile;
    query.set('openfile', 'true');
  }
  const rest = [...query].map(([name, value]) => `${encodeQueryValue(name)}=${encodeQueryValue(value)}`).join('&');
  const segment = isFileIdSegment(fileid) ? `/${fileid}` : '';
  return `/${encodeURIComponent(view)}${segment}${rest === '' ? '' : `?${rest}`}`;
}
