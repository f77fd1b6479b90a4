import { useEffect, useId, useRef, useState } from 'react';
import { isolate } from '@cumulus/sdk';
import { uploadFilenameErrorMessage } from '../../lib/engine';
import { ModalDialog } from '../../ui/ModalDialog';
import { useServices } from '../../ui/ServicesContext';
import { injectModalStyles } from '../../ui/modalStyles';
import { useFilenameRules } from '../rename/useFilenameRules';
import { invalidNameDialog } from './invalidNameStore';
import type { InvalidNameDialogRequest } from './invalidNameStore';
import { newUploadName } from './newUploadName';
import { injectUploadNameStyles } from './styles';
import { BidiText } from '../../ui/BidiText';

// The modal frame (.files-modal) is the move or copy picker's: one look for the app's dialogs.
injectModalStyles();
injectUploadNameStyles();

/** Where the refused part of `name` is, to select it in the field (a character, a reserved name, an ending). */
function segmentRange(name: string, segment: string): [number, number] | null {
  if (segment === '') return null;
  const lower = name.toLowerCase();
  const at = segment.startsWith('.') && lower.endsWith(segment.toLowerCase()) ? name.length - segment.length : lower.indexOf(segment.toLowerCase());
  return at < 0 ? null : [at, at + segment.length];
}

/**
 * The open invalid-filename dialog of one upload entry (loaded on demand by
 * `InvalidNameDialog`). Its title is why the name is refused, in the upload wording of
 * product §5; the 'New name' field starts with the name as it is, the refused part selected,
 * and is checked as the user types: a name that breaks the rules shows why; a name taken
 * in the folder shows the unique one it is uploaded under. 'Rename' answers the new name;
 * 'Skip this file' / 'Skip this folder' (or Escape) skips the entry.
 */
export function InvalidNameModal({ request }: { request: InvalidNameDialogRequest }) {
  const { t } = useServices();
  const rules = useFilenameRules();
  const [typed, setTyped] = useState(request.name);
  const field = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const originalId = useId();
  const problemId = useId();
  const uniqueId = useId();

  useEffect(() => {
    const range = segmentRange(request.name, request.error.segment);
    if (range !== null) field.current?.setSelectionRange(range[0], range[1]);
  }, [request.name, request.error.segment]);

  const checked = newUploadName(typed, request.siblings, request.isFolder, rules, t);
  const problem = checked.valid ? null : checked.problem;
  useEffect(() => {
    field.current?.setCustomValidity(problem ?? '');
  }, [problem]);

  const skip = () => invalidNameDialog.answer(null);
  const rename = () => {
    if (checked.valid) invalidNameDialog.answer(checked.name);
    else field.current?.focus();
  };

  return (
    <ModalDialog className="files-upload-name" labelledBy={titleId} describedBy={originalId} initialFocus={field} onCancel={skip}>
      <h2 id={titleId} className="files-modal__title files-upload-name__reason">
        {uploadFilenameErrorMessage(request.error, t)}
      </h2>
      <p id={originalId} className="files-upload-name__original" dir="auto">
        {request.name}
      </p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          rename();
        }}
      >
        <label className="files-upload-name__field">
          <span>{t('New name')}</span>
          <input
            ref={field}
            className="files-text-field"
            type="text"
            value={typed}
            required
            aria-invalid={problem !== null}
            aria-describedby={`${problemId} ${uniqueId}`}
            onChange={(event) => setTyped(event.target.value)}
          />
        </label>
        <p id={problemId} className="files-upload-name__problem" role="alert">
          {problem ?? ''}
        </p>
        <p id={uniqueId} className="files-upload-name__unique" aria-live="polite">
          {checked.valid && checked.name !== typed.trim() ? <BidiText text={t('It will be uploaded as "{name}".', { name: isolate(checked.name) })} /> : ''}
        </p>
        <div className="files-modal__buttons">
          <button type="button" className="files-button" onClick={skip}>
            {request.isFolder ? t('Skip this folder') : t('Skip this file')}
          </button>
          <button type="submit" className="files-button files-button--primary">
            {t('Rename')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
