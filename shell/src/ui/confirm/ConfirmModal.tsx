import { useId, useRef } from 'react';
import type { ConfirmOptions } from '@cumulus/sdk';
import { ModalDialog } from '../ModalDialog';
import { useT } from '../ServicesContext';
import { injectModalStyles } from '../modalStyles';
import { confirmDialog } from './confirmStore';
import { injectConfirmStyles } from './styles';
import { BidiText } from '../BidiText';

// The modal frame (.files-modal) is the move or copy picker's: one look for the app's dialogs.
injectModalStyles();
injectConfirmStyles();

/**
 * The open confirmation of a plugin (loaded on demand by `ConfirmDialog`): its title and
 * message, 'Cancel' and its yes button. A destructive one starts with the focus on 'Cancel'
 * and shows the yes button as a danger; another starts on the yes button. Escape cancels;
 * the focus goes back where it was when the dialog closes (`ModalDialog`).
 */
export function ConfirmModal({ request }: { request: Required<ConfirmOptions> }) {
  const t = useT();
  const titleId = useId();
  const messageId = useId();
  const cancelButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const cancel = () => confirmDialog.answer(false);
  return (
    <ModalDialog className="files-confirm" labelledBy={titleId} describedBy={messageId} initialFocus={request.destructive ? cancelButton : confirmButton} onCancel={cancel}>
      <h2 id={titleId} className="files-modal__title">
        {request.title}
      </h2>
      <p id={messageId} className="files-confirm__message">
        <BidiText text={request.message} />
      </p>
      <div className="files-modal__buttons">
        <button ref={cancelButton} type="button" className="files-button" onClick={cancel}>
          {t('Cancel')}
        </button>
        <button ref={confirmButton} type="button" className={`files-button ${request.destructive ? 'files-button--destructive' : 'files-button--primary'}`} onClick={() => confirmDialog.answer(true)}>
          {request.confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
