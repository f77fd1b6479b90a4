import { useEffect, useId, useRef, useState } from 'react';
import { CONFLICT_SELECTION_REQUIRED, conflictChoice, formatFileSize } from '@cumulus/sdk';
import type { ConflictChoice } from '@cumulus/sdk';
import { useT } from '../../app/ServicesContext';
import { injectMoveCopyStyles } from '../move-copy/styles';
import { useFocusTrap } from '../settings/useFocusTrap';
import { resolveConflictRequest } from './conflictStore';
import type { ConflictRequest, ConflictVersion } from './conflictStore';
import { injectConflictStyles } from './styles';

// The modal frame (.files-modal) is the move or copy picker's: one look for the app's dialogs.
injectMoveCopyStyles();
injectConflictStyles();

/** Which versions of each conflict are ticked. */
interface Ticks {
  existing: boolean[];
  incoming: boolean[];
}

function VersionDetails({ version }: { version: ConflictVersion }) {
  const t = useT();
  return (
    <span className="files-conflicts__details">
      <span>{version.size === undefined || version.size < 0 ? t('Unknown size') : formatFileSize(version.size)}</span>
      <span>{version.mtime === undefined ? t('Last modified date unknown') : new Date(version.mtime).toLocaleString()}</span>
    </span>
  );
}

/** The tri-state of a "select all" checkbox over `values`. */
function allState(values: boolean[]): { checked: boolean; indeterminate: boolean } {
  const some = values.some(Boolean);
  const every = values.every(Boolean);
  return { checked: every, indeterminate: some && !every };
}

/** The open dialog of one request (loaded on demand by `ConflictDialog`). */
export function ConflictModal({ request }: { request: ConflictRequest }) {
  const t = useT();
  const count = request.conflicts.length;
  const [ticks, setTicks] = useState<Ticks>({ existing: request.conflicts.map(() => false), incoming: request.conflicts.map(() => false) });
  const [refused, setRefused] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const errorId = useId();
  const existingAll = useRef<HTMLInputElement>(null);
  const incomingAll = useRef<HTMLInputElement>(null);
  useFocusTrap(dialog);

  const existingState = allState(ticks.existing);
  const incomingState = allState(ticks.incoming);
  // `indeterminate` is a property only, not an attribute React sets.
  useEffect(() => {
    if (existingAll.current) existingAll.current.indeterminate = existingState.indeterminate;
    if (incomingAll.current) incomingAll.current.indeterminate = incomingState.indeterminate;
  }, [existingState.indeterminate, incomingState.indeterminate]);

  const tick = (side: keyof Ticks, index: number, value: boolean) => {
    setRefused(false);
    setTicks((current) => ({ ...current, [side]: current[side].map((old, at) => (at === index ? value : old)) }));
  };
  const tickAll = (side: keyof Ticks, value: boolean) => {
    setRefused(false);
    setTicks((current) => ({ ...current, [side]: current[side].map(() => value) }));
  };
  const cont = () => {
    const choices = request.conflicts.map((_, index) => conflictChoice(ticks.existing[index] === true, ticks.incoming[index] === true));
    if (choices.some((choice) => choice === null)) {
      setRefused(true);
      return;
    }
    resolveConflictRequest(choices as ConflictChoice[]);
  };
  const cancel = () => resolveConflictRequest(null);

  return (
    <div className="files-modal__backdrop">
      <div
        ref={dialog}
        className="files-modal files-conflicts"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(event) => {
          // Keys pressed in the dialog are not the list's shortcuts.
          event.stopPropagation();
          if (event.key === 'Escape') {
            event.preventDefault();
            cancel();
          }
        }}
      >
        <h2 id={titleId} className="files-modal__title">
          {t('{count} file conflict in {dirname}', { count, dirname: request.dirname })}
        </h2>
        <p className="files-conflicts__intro">{t('Which files do you want to keep?')}</p>
        <div className="files-conflicts__body">
          <table className="files-conflicts__table">
            <thead>
              <tr>
                <th scope="col">
                  <label className="files-conflicts__version">
                    <input
                      ref={existingAll}
                      type="checkbox"
                      aria-label={t('Select all existing files')}
                      checked={existingState.checked}
                      onChange={(event) => tickAll('existing', event.target.checked)}
                    />
                    <span>{t('Existing version')}</span>
                  </label>
                </th>
                <th scope="col">
                  <label className="files-conflicts__version">
                    <input
                      ref={incomingAll}
                      type="checkbox"
                      aria-label={t('Select all new files')}
                      checked={incomingState.checked}
                      onChange={(event) => tickAll('incoming', event.target.checked)}
                    />
                    <span>{t('New version')}</span>
                  </label>
                </th>
              </tr>
            </thead>
            <tbody>
              {request.conflicts.map((conflict, index) => (
                <tr key={conflict.name} aria-label={conflict.name}>
                  <td>
                    <div className="files-conflicts__name">{conflict.name}</div>
                    <label className="files-conflicts__version">
                      <input
                        type="checkbox"
                        aria-label={`${t('Existing version')}: ${conflict.name}`}
                        checked={ticks.existing[index] === true}
                        onChange={(event) => tick('existing', index, event.target.checked)}
                      />
                      <VersionDetails version={conflict.existing} />
                    </label>
                  </td>
                  <td>
                    <div className="files-conflicts__name" aria-hidden="true">
                      &nbsp;
                    </div>
                    <label className="files-conflicts__version">
                      <input
                        type="checkbox"
                        aria-label={`${t('New version')}: ${conflict.name}`}
                        checked={ticks.incoming[index] === true}
                        onChange={(event) => tick('incoming', index, event.target.checked)}
                      />
                      <VersionDetails version={conflict.incoming} />
                    </label>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p id={errorId} className="files-conflicts__error" role="alert">
          {refused ? t(CONFLICT_SELECTION_REQUIRED) : ''}
        </p>
        <div className="files-modal__buttons">
          <button type="button" className="files-button" onClick={cancel}>
            {t('Cancel the entire operation')}
          </button>
          <button type="button" className="files-button" onClick={() => resolveConflictRequest('skipped')}>
            {count === 1 ? t('Skip this file') : t('Skip {count} files', { count })}
          </button>
          <button type="button" className="files-button files-button--primary" aria-describedby={refused ? errorId : undefined} onClick={cont}>
            {t('Continue')}
          </button>
        </div>
      </div>
    </div>
  );
}
