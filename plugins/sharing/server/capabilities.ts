import type { JsonValue } from '@cumulus/server/plugin-api';
import { ALL } from './rules';

/**
 * The `files_sharing` capabilities block (protocol §5.4), saying what this server
 * does: user and link shares, public upload and file drops, resharing; no groups, no mail, no
 * federation, no custom tokens, no enforced passwords or expiry.
 */
export function sharingCapabilities(): { [key: string]: JsonValue } {
  return {
    files_sharing: {
      api_enabled: true,
      public: {
        enabled: true,
        password: { enforced: false, askForOptionalPassword: false },
        multiple_links: true,
        expire_date: { enabled: false },
        expire_date_internal: { enabled: false },
        expire_date_remote: { enabled: false },
        send_mail: false,
        upload: true,
        upload_files_drop: true,
        custom_tokens: false,
      },
      resharing: true,
      user: { send_mail: false, expire_date: { enabled: true } },
      group_sharing: false,
      group: { enabled: false, expire_date: { enabled: false } },
      default_permissions: ALL,
      exclude_reshare_from_edit: false,
      federation: { outgoing: false, incoming: false, expire_date: { enabled: false }, expire_date_supported: { enabled: false } },
      sharee: { minSearchStringLength: 0, query_lookup_default: false, always_show_unique: true },
    },
  };
}
