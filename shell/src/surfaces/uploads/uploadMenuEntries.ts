import type { FolderNode, NewMenuEntry, Translate } from '@cumulus/sdk';
import { FOLDER_UPLOAD_ICON, UPLOAD_ICON } from '../../ui/icons/icons';
import { actionDispatchOf } from '../../operations/actions/actionDispatch';
import { collectPickedFiles } from '../../operations/uploads/dataTransferFiles';
import { uploadCollected } from '../../operations/uploads/uploadThunks';

/** Whether this browser lets an `<input type=file>` pick folders (product §2 'Upload folders'). */
export function supportsFolderPicking(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): boolean {
  return doc !== undefined && 'webkitdirectory' in doc.createElement('input');
}

/**
 * Opens the browser's file picker and resolves with what the user picked
 * (empty when they cancelled). With `folders` it picks folders
 * (`webkitdirectory`), each file carrying its relative path.
 */
export function pickFiles(options: { folders?: boolean; multiple?: boolean } = {}): Promise<File[]> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.multiple = options.multiple ?? true;
    input.className = 'files-new__input';
    if (options.folders) input.webkitdirectory = true;
    input.addEventListener('change', () => {
      resolve(Array.from(input.files ?? []));
      input.remove();
    });
    input.addEventListener('cancel', () => {
      resolve([]);
      input.remove();
    });
    // In the document, so tests and browsers that need it attached find it.
    document.body.appendChild(input);
    input.click();
  });
}

/**
 * The 'Upload from device' entries of the New menu (product §2): 'Upload
 * files', and 'Upload folders' where the browser can pick folders. The
 * core plugin registers them like any plugin's entries; `services` is the
 * object the plugin was created with (the New button binds the store to it).
 */
export function uploadMenuEntries(services: object, t: Translate): NewMenuEntry[] {
  const upload = async (folder: FolderNode, folders: boolean) => {
    const files = await pickFiles({ folders });
    if (files.length === 0) return;
    await actionDispatchOf(services)(uploadCollected({ folder, collected: collectPickedFiles(files), origin: 'picker' }));
  };
  return [
    {
      id: 'upload-files',
      displayName: t('Upload files'),
      iconSvgInline: UPLOAD_ICON,
      category: 'upload-from-device',
      order: 0,
      handler: ({ folder }) => upload(folder, false),
    },
    {
      id: 'upload-folders',
      displayName: t('Upload folders'),
      iconSvgInline: FOLDER_UPLOAD_ICON,
      category: 'upload-from-device',
      order: 1,
      enabled: () => supportsFolderPicking(),
      handler: ({ folder }) => upload(folder, true),
    },
  ];
}
