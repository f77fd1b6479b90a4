import type { OcsData } from './ocs';
import { FILENAME_RULES } from '../storage/model/filename-rules';

/** The Nextcloud version this server answers to (clients check it; 30 has the features we speak). */
export const SERVER_VERSION = { major: 30, minor: 0, micro: 0, string: '30.0.0' } as const;
/** The four-part version `status.php` reports. */
export const SERVER_VERSION_FULL = '30.0.0.0';
/** The product name in `status.php` and the capabilities' theming. */
export const PRODUCT_NAME = 'Cumulus';

/** The file name rules the server enforces (storage refuses such names) and the front end shows (product §5 defaults). */
export { FILENAME_RULES };

/**
 * The capabilities, shaped like Nextcloud 30's: chunked upload v2 (`dav.chunking` 1.0) with
 * its limits and the forbidden file name lists. Only what the server implements is advertised
 * and bulk upload (`dav.bulkupload` 1.0) when it is on (no `files.bigfilechunking`: the
 * OC-Chunked v1 protocol is not spoken; no sharing, versions or trash bin). `contribute` adds
 * the enabled plugins' contributions.
 */
export function capabilities(
  maxChunkSize: number,
  contribute: (core: { [key: string]: OcsData }) => { [key: string]: OcsData } = (core) => core,
  options: { bulkUpload?: boolean } = {},
): { [key: string]: OcsData } {
  return {
    version: { ...SERVER_VERSION, edition: '', extendedSupport: false },
    capabilities: contribute({
      core: { pollinterval: 60, 'webdav-root': 'remote.php/webdav' },
      dav: {
        ...(options.bulkUpload === true ? { bulkupload: '1.0' } : {}),
        chunking: '1.0',
        search_supports_upload_time: true,
        search_supports_last_activity: true,
      },
      files: {
        blacklisted_files: [...FILENAME_RULES.forbiddenFilenames],
        forbidden_filenames: [...FILENAME_RULES.forbiddenFilenames],
        forbidden_filename_basenames: [...FILENAME_RULES.forbiddenBasenames],
        forbidden_filename_characters: [...FILENAME_RULES.forbiddenCharacters],
        forbidden_filename_extensions: [...FILENAME_RULES.forbiddenExtensions],
        chunked_upload: { max_size: maxChunkSize, max_parallel_count: 5 },
        undelete: false,
        versioning: false,
      },
      theming: { name: PRODUCT_NAME, productName: PRODUCT_NAME, slogan: 'Your files, your server' },
    }),
  };
}

/** The body of `GET /status.php`, which sync clients read first. */
export function statusBody(): Record<string, string | boolean> {
  return {
    installed: true,
    maintenance: false,
    needsDbUpgrade: false,
    version: SERVER_VERSION_FULL,
    versionstring: SERVER_VERSION.string,
    edition: '',
    productname: PRODUCT_NAME,
    extendedSupport: false,
  };
}
