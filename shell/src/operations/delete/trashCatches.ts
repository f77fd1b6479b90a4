import type { FilesApi } from '../../services/api/filesApi';

const asked = new WeakMap<Pick<FilesApi, 'getCapabilities'>, Promise<boolean>>();

/**
 * Whether a deleted node goes to a trash it can be restored from: the server's
 * `files.undelete` capability, which the trash plugin's server part sets (Nextcloud's
 * files_trashbin does the same). Asked once per API client. A failed request answers
 * false: the app then warns that a delete is final, rather than promise a trash that may
 * not be there.
 */
export function trashCatches(api: Pick<FilesApi, 'getCapabilities'>): Promise<boolean> {
  let answer = asked.get(api);
  if (answer === undefined) {
    answer = api.getCapabilities().then(
      (capabilities) => capabilities.undelete,
      (error: unknown) => {
        console.error('Could not read whether deleted files go to the trash; a delete is taken as final', error);
        return false;
      },
    );
    asked.set(api, answer);
  }
  return answer;
}
