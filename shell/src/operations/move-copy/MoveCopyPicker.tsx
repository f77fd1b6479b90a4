import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { isFolder, isolate } from '@cumulus/sdk';
import { canCopy, moveCopyLabel, validateMoveCopyTarget } from '../../lib/engine';
import type { FolderNode, Node } from '@cumulus/sdk';
import type { MoveCopyOperation } from '../../lib/engine';
import { Icon } from '../../ui/icons/Icon';
import { CHEVRON_RIGHT_ICON, FOLDER_ICON, HOME_ICON } from '../../ui/icons/icons';
import { useServices } from '../../ui/ServicesContext';
import { showToast } from '../../ui/toasts/toasts';
import { resolvePicker } from './pickerStore';
import type { PickerRequest } from './pickerStore';
import { injectMoveCopyStyles } from './styles';
import { BidiText } from '../../ui/BidiText';

injectMoveCopyStyles();

/** A listed folder of the picker. */
interface PickerListing {
  folder: FolderNode;
  folders: FolderNode[];
  contents: Node[];
}

/** The folders above and at `path`, for the picker's breadcrumbs. */
function pathCrumbs(path: string): { path: string; name: string }[] {
  const parts = path.split('/').filter((part) => part !== '');
  return [{ path: '/', name: '' }, ...parts.map((name, index) => ({ path: `/${parts.slice(0, index + 1).join('/')}`, name }))];
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Which operations the picker offers for these nodes (product §4 label rule). */
function offeredOperations(nodes: Node[]): MoveCopyOperation[] {
  const label = moveCopyLabel(nodes);
  if (label === 'Move or copy') return ['copy', 'move'];
  return label === 'Move' ? ['move'] : ['copy'];
}

/** The open picker of one request (loaded on demand by `MoveCopyDialog`). */
export function MoveCopyPicker({ request }: { request: PickerRequest }) {
  const { dav, t } = useServices();
  const [path, setPath] = useState(request.startDir);
  const [listing, setListing] = useState<PickerListing | null>(null);
  const [failed, setFailed] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const noticeId = useId();

  useEffect(() => {
    const controller = new AbortController();
    setListing(null);
    setFailed(false);
    dav.list(path, { signal: controller.signal }).then(
      ({ folder, contents }) => {
        const folders = contents.filter(isFolder).sort((a, b) => collator.compare(a.displayname, b.displayname));
        setListing({ folder, folders, contents });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('The folder picker could not list', path, error);
        showToast({ type: 'error', message: t('Move or copy operation failed') });
        setFailed(true);
      },
    );
    return () => controller.abort();
  }, [dav, path, t]);

  // Focus moves into the dialog, and back to where it was when the dialog goes.
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.focus();
    return () => before?.focus();
  }, []);

  const cancel = useCallback(() => resolvePicker(null), []);

  // Browsing replaces the folder buttons, and the focused one goes with them: keep focus in the dialog.
  useEffect(() => {
    if (listing !== null && !dialog.current?.contains(document.activeElement)) dialog.current?.focus();
  }, [listing]);

  // Escape closes the modal wherever the focus is (even when it fell out of the dialog).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || dialog.current?.contains(event.target as globalThis.Node)) return;
      event.preventDefault();
      cancel();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [cancel]);
  const operations = offeredOperations(request.nodes);
  const folder = listing?.folder;
  const refusals = operations.map((operation) => ({
    operation,
    refusal: folder === undefined ? null : validateMoveCopyTarget(request.nodes, folder, operation, t),
  }));
  const notice = refusals.find((entry) => entry.refusal !== null)?.refusal?.message ?? '';
  const target = path === '/' ? '' : (folder?.displayname ?? path.slice(path.lastIndexOf('/') + 1));
  const label = (operation: MoveCopyOperation) =>
    operation === 'copy' ? (target ? t('Copy to {target}', { target: isolate(target) }) : t('Copy')) : target ? t('Move to {target}', { target: isolate(target) }) : t('Move');
  const allowed = (operation: MoveCopyOperation) =>
    folder !== undefined &&
    refusals.find((entry) => entry.operation === operation)?.refusal === null &&
    (operation === 'move' || canCopy(request.nodes, folder));

  return (
    <div className="files-modal__backdrop" onMouseDown={(event) => event.target === event.currentTarget && cancel()}>
      <div
        ref={dialog}
        className="files-modal files-picker"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={noticeId}
        tabIndex={-1}
        onKeyDown={(event) => {
          event.stopPropagation();
          if (event.key === 'Escape') {
            event.preventDefault();
            cancel();
          }
          if (event.key === 'Tab') trapFocus(event.nativeEvent, dialog.current);
        }}
      >
        <div className="files-modal__head">
          <h2 id={titleId} className="files-modal__title">
            {t('Choose destination')}
          </h2>
          <button type="button" className="files-icon-button" aria-label={t('Close')} onClick={cancel}>
            ×
          </button>
        </div>
        <nav aria-label={t('Folder path')} className="files-picker__crumbs">
          <ol>
            {pathCrumbs(path).map((crumb, index, all) => (
              <li key={crumb.path}>
                {index > 0 && <Icon svg={CHEVRON_RIGHT_ICON} size={16} directional />}
                <button
                  type="button"
                  className="files-picker__crumb"
                  aria-current={index === all.length - 1 ? 'location' : undefined}
                  aria-label={crumb.name === '' ? t('Home') : undefined}
                  onClick={() => setPath(crumb.path)}
                >
                  {crumb.name === '' ? <Icon svg={HOME_ICON} size={18} /> : <span dir="auto">{crumb.name}</span>}
                </button>
              </li>
            ))}
          </ol>
        </nav>
        <div className="files-picker__body">
          {failed && <p className="files-picker__empty">{t('Move or copy operation failed')}</p>}
          {!failed && listing === null && <span className="files-spinner" role="progressbar" aria-label={t('Loading')} />}
          {listing !== null && listing.folders.length === 0 && <p className="files-picker__empty">{t('No folders in here')}</p>}
          {listing !== null && listing.folders.length > 0 && (
            <ul className="files-picker__list" aria-label={t('Folders')}>
              {listing.folders.map((child) => (
                <li key={child.source}>
                  <button type="button" className="files-picker__folder" onClick={() => setPath(child.path)}>
                    <Icon svg={FOLDER_ICON} size={22} color="#0082c9" />
                    <span dir="auto">{child.displayname}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <p id={noticeId} className="files-picker__notice" role="status">
          {notice}
        </p>
        <div className="files-modal__buttons">
          {operations.map((operation) => (
            <button
              key={operation}
              type="button"
              className={operation === 'move' ? 'files-button files-button--primary' : 'files-button'}
              disabled={!allowed(operation)}
              onClick={() => folder !== undefined && listing !== null && resolvePicker({ operation, destination: folder, contents: listing.contents })}
            >
              <BidiText text={label(operation)} />
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}

/** Keeps Tab inside the modal dialog (wraps from the last control to the first and back). */
function trapFocus(event: KeyboardEvent, container: HTMLElement | null): void {
  if (container === null) return;
  const controls = [...container.querySelectorAll<HTMLElement>('button:not(:disabled), [href], input, [tabindex]:not([tabindex="-1"])')];
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (first === undefined || last === undefined) return;
  if (event.shiftKey && (document.activeElement === first || document.activeElement === container)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
