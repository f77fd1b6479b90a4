import { Permission, hasPermission } from '@cumulus/sdk';
import type { FolderNode } from '@cumulus/sdk';
import { Icon } from '../../app/icons/Icon';
import { PLUS_ICON } from '../../app/icons/icons';
import { useT } from '../../app/ServicesContext';

/**
 * The New menu button's place (spec §2). Without create permission on the
 * folder it is the disabled 'New' button the spec describes; the upload
 * feature replaces this component with the real menu.
 */
export function NewButton({ folder }: { folder: FolderNode | undefined }) {
  const t = useT();
  const canCreate = folder !== undefined && hasPermission(folder.permissions, Permission.CREATE);
  return (
    <button
      type="button"
      className="files-button files-button--primary"
      disabled={!canCreate}
      aria-disabled={!canCreate}
      title={canCreate ? undefined : t('You don’t have permission to upload or create files here')}
    >
      <Icon svg={PLUS_ICON} size={20} color="#ffffff" />
      <span>{t('New')}</span>
    </button>
  );
}
