import type { ListedRow } from '../metadata/metadata-store';
import type { ListingPages } from '../metadata/listing-pages';
import type { FileRow } from '../metadata/tables';
import type { FileEntry } from '../model/types';
import type { StreamedListing } from './file-types';
import { entryAt } from '../metadata/cache-rows';

/**
 * The children of `folder` read page by page from `source` (one state of the cache), as
 * entries; once read to the end, `check` compares the rows the pages held with what is
 * stored (null: they matched; else the children brought in line).
 */
export function streamedListing(folder: FileRow, source: ListingPages, check: (rows: ListedRow[]) => Promise<FileEntry[] | null>): StreamedListing {
  const base = folder.path === '/' ? '/' : `${folder.path}/`;
  const rows: ListedRow[] = [];
  let complete = false;
  let closed = false;
  return {
    total: source.total,
    pages: async function* () {
      for await (const page of source.pages()) {
        const entries: FileEntry[] = new Array(page.length);
        for (let i = 0; i < page.length; i += 1) {
          const child = page[i] as ListedRow;
          rows.push(child);
          entries[i] = entryAt(child, base + child.name);
        }
        yield entries;
      }
      complete = !closed;
    },
    close: () => {
      closed = true;
      return source.close();
    },
    current: async () => {
      if (!complete) throw new Error('The listing was not read to the end');
      return check(rows);
    },
  };
}
