import { useEffect, useId, useRef, useState } from 'react';
import { validateRename } from '../../lib/engine';
import type { Opened } from '../../ui/dialogRequest';
import { ModalDialog } from '../../ui/ModalDialog';
import { useServices } from '../../ui/ServicesContext';
import { injectModalStyles } from '../../ui/modalStyles';
import { injectMoveCopyStyles } from '../move-copy/styles';
import { useFilenameRules } from '../rename/useFilenameRules';
import { newFolderDialog } from './newFolderStore';
import { injectNewFolderStyles } from './styles';
import type { NewFolderRequest } from './newFolderStore';

// The modal frame (.files-modal) is the app's one dialog look.
injectModalStyles();
injectMoveCopyStyles();
injectNewFolderStyles();

/**
 * The new-folder dialog (product §2 'New folder', §5): a name field that
 * starts with a free 'New folder' name, checked as a rename is (trimmed,
 * the server's filename rules, no sibling's name), with 'Can not create
 * empty directory' for an empty name. Create answers the trimmed name;
 * Cancel and Escape answer null.
 */
export function NewFolderModal({ request }: { request: Opened<NewFolderRequest> }) {
  const { t } = useServices();
  const [value, setValue] = useState(request.suggestion);
  const rules = useFilenameRules();
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const empty = value.trim() === '';
  const validation = validateRename(value, request.siblings, { rules, t });
  const message = empty ? t('Can not create empty directory') : validation.valid ? '' : validation.validity;

  return (
    <ModalDialog className="files-new-folder" labelledBy={titleId} initialFocus={input} onCancel={() => newFolderDialog.cancel()}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (message === '') newFolderDialog.answer(validation.name);
          else input.current?.focus();
        }}
      >
        <h2 id={titleId} className="files-modal__title">
          {t('Create new folder')}
        </h2>
        <label className="files-new-folder__label">
          {t('Folder name')}
          <input
            ref={input}
            className="files-new-folder__input"
            value={value}
            aria-invalid={message !== ''}
            aria-describedby={messageId}
            onChange={(event) => setValue(event.target.value)}
          />
        </label>
        <p id={messageId} className="files-picker__notice" role="status">
          {message}
        </p>
        <div className="files-modal__buttons">
          <button type="button" className="files-button" onClick={() => newFolderDialog.cancel()}>
            {t('Cancel')}
          </button>
          <button type="submit" className="files-button files-button--primary" disabled={message !== ''}>
            {t('Create')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
