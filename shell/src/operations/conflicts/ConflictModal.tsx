import { useEffect, useId, useRef, useState } from 'react';
import { formatFileSize, isolate } from '@cumulus/sdk';
import { CONFLICT_SELECTION_REQUIRED } from '../../lib/engine';
import type { ConflictResolution } from '../../lib/engine';
import { ModalDialog } from '../../ui/ModalDialog';
import { useLanguage, useT } from '../../ui/ServicesContext';
import { injectModalStyles } from '../../ui/modalStyles';
import { conflictRows } from './conflictAnswer';
import type { ConflictTicks } from './conflictAnswer';
import { resolveConflictRequest } from './conflictStore';
import type { ConflictRequest, ConflictVersion } from './conflictStore';
import { injectConflictStyles } from './styles';
import { VersionPreview } from './VersionPreview';
import { BidiText } from '../../ui/BidiText';

// The modal frame (.files-modal) is the move or copy picker's: one look for the app's dialogs.
injectModalStyles();
injectConflictStyles();

function VersionDetails({ version }: { version: ConflictVersion }) {
  const t = useT();
  const language = useLanguage();
  return (
    <span className="files-conflicts__details">
      <span>{version.size === undefined || version.size < 0 ? t('Unknown size') : formatFileSize(version.size, { locale: language })}</span>
      <span>{version.mtime === undefined ? t('Last modified date unknown') : new Date(version.mtime).toLocaleString(language)}</span>
    </span>
  );
}

/** The tri-state of a "select all" checkbox over `values`. */
function allState(values: readonly boolean[]): { checked: boolean; indeterminate: boolean } {
  const some = values.some(Boolean);
  const every = values.every(Boolean);
  return { checked: every, indeterminate: some && !every };
}

/** A "select all" checkbox: tri-state (`indeterminate` is a DOM property React does not set). */
function SelectAll({ label, values, onChange }: { label: string; values: readonly boolean[]; onChange(value: boolean): void }) {
  const box = useRef<HTMLInputElement>(null);
  const { checked, indeterminate } = allState(values);
  useEffect(() => {
    if (box.current) box.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return <input ref={box} type="checkbox" aria-label={label} checked={checked} onChange={(event) => onChange(event.target.checked)} />;
}

/**
 * The open dialog of one request (loaded on demand by `ConflictDialog`); one component for
 * moves and uploads. Per conflicting name an 'Existing version' and a 'New version'
 * checkbox with the version's preview, size and date; 'Select all existing files', 'Select
 * all new files' and 'Select all checkboxes' over the columns. Both ticked keeps both: the
 * row says the incoming item's new name ('Rename': a free numbered one).
 */
export function ConflictModal({ request }: { request: ConflictRequest }) {
  const t = useT();
  const count = request.conflicts.length;
  const none = () => request.conflicts.map(() => false);
  const [ticks, setTicks] = useState<ConflictTicks>(() => ({ existing: none(), incoming: none() }));
  const [refused, setRefused] = useState(false);
  const titleId = useId();
  const errorId = useId();
  const noteId = useId();

  const rows = conflictRows(request.conflicts, ticks, request.existingNames ?? []);
  const hasFolder = request.conflicts.some((conflict) => conflict.isFolder);

  const change = (next: (current: ConflictTicks) => ConflictTicks) => {
    setRefused(false);
    setTicks(next);
  };
  const tick = (side: keyof ConflictTicks, index: number, value: boolean) =>
    change((current) => ({ ...current, [side]: current[side].map((old, at) => (at === index ? value : old)) }));
  const tickAll = (sides: readonly (keyof ConflictTicks)[], value: boolean) =>
    change((current) => {
      const next = { ...current };
      for (const side of sides) next[side] = current[side].map(() => value);
      return next;
    });

  const cont = () => {
    if (rows.some((row) => row === null)) {
      setRefused(true);
      return;
    }
    resolveConflictRequest(rows as ConflictResolution[]);
  };
  const cancel = () => resolveConflictRequest(null);

  return (
    <ModalDialog className="files-conflicts" labelledBy={titleId} describedBy={hasFolder ? noteId : undefined} onCancel={cancel}>
      <h2 id={titleId} className="files-modal__title">
        <BidiText text={t('{count} file conflict in {dirname}', { count, dirname: isolate(request.dirname) })} />
      </h2>
      <p className="files-conflicts__intro">{t('Which files do you want to keep?')}</p>
      <p className="files-conflicts__intro">{t('If you select both versions, the incoming file will have a number added to its name.')}</p>
      {hasFolder && (
        <p id={noteId} className="files-conflicts__intro">
          {request.recursive === true
            ? t('When an incoming folder is selected, its content is written into the existing folder and its conflicts are resolved the same way.')
            : t('When an incoming folder is selected, it is merged into the existing folder and any conflicting files within it are overwritten.')}
        </p>
      )}
      <label className="files-conflicts__version files-conflicts__all">
        <SelectAll label={t('Select all checkboxes')} values={[...ticks.existing, ...ticks.incoming]} onChange={(value) => tickAll(['existing', 'incoming'], value)} />
        <span aria-hidden="true">{t('Select all checkboxes')}</span>
      </label>
      <div className="files-conflicts__body">
        <table className="files-conflicts__table">
          <thead>
            <tr>
              <th scope="col">
                <label className="files-conflicts__version">
                  <SelectAll label={t('Select all existing files')} values={ticks.existing} onChange={(value) => tickAll(['existing'], value)} />
                  <span>{t('Existing version')}</span>
                </label>
              </th>
              <th scope="col">
                <label className="files-conflicts__version">
                  <SelectAll label={t('Select all new files')} values={ticks.incoming} onChange={(value) => tickAll(['incoming'], value)} />
                  <span>{t('New version')}</span>
                </label>
              </th>
            </tr>
          </thead>
          <tbody>
            {request.conflicts.map((conflict, index) => (
              <ConflictRowView
                key={`${index}:${conflict.name}`}
                request={request}
                index={index}
                ticks={ticks}
                resolution={rows[index] ?? null}
                onTick={tick}
              />
            ))}
          </tbody>
        </table>
      </div>
      <p id={errorId} className="files-conflicts__error" role="alert">
        {/* i18n-dynamic: CONFLICT_SELECTION_REQUIRED is marked with i18nKey in lib/engine/state/conflict.ts. */}
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
    </ModalDialog>
  );
}

interface RowProps {
  request: ConflictRequest;
  index: number;
  ticks: ConflictTicks;
  /** What the row's ticks stand for, or null while none is ticked. */
  resolution: ConflictResolution | null;
  onTick(side: keyof ConflictTicks, index: number, value: boolean): void;
}

/** One version's checkbox, preview, size and date; the checkbox named '{Existing|New} version: {name}'. */
function VersionChoice({ side, label, index, name, isFolder, version, ticks, onTick }: {
  side: keyof ConflictTicks;
  label: string;
  index: number;
  name: string;
  isFolder: boolean;
  version: ConflictVersion;
  ticks: ConflictTicks;
  onTick: RowProps['onTick'];
}) {
  return (
    <label className="files-conflicts__version">
      <input type="checkbox" aria-label={`${label}: ${name}`} checked={ticks[side][index] === true} onChange={(event) => onTick(side, index, event.target.checked)} />
      <VersionPreview version={version} isFolder={isFolder} />
      <VersionDetails version={version} />
    </label>
  );
}

/** One conflicting name: its two versions, and the incoming item's new name when both are kept ('Rename'). */
function ConflictRowView({ request, index, ticks, resolution, onTick }: RowProps) {
  const t = useT();
  const conflict = request.conflicts[index];
  if (conflict === undefined) return null;
  const common = { index, name: conflict.name, isFolder: conflict.isFolder, ticks, onTick };
  return (
    <tr aria-label={conflict.name}>
      <td>
        <div className="files-conflicts__name" dir="auto">{conflict.name}</div>
        <VersionChoice side="existing" label={t('Existing version')} version={conflict.existing} {...common} />
      </td>
      <td>
        <div className="files-conflicts__name" aria-hidden="true">
          &nbsp;
        </div>
        <VersionChoice side="incoming" label={t('New version')} version={conflict.incoming} {...common} />
        {resolution?.action === 'rename' && (
          <p className="files-conflicts__rename">
            {t('Rename')}: <output dir="auto">{resolution.name}</output>
          </p>
        )}
      </td>
    </tr>
  );
}
