import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { findViewer, isDownloadable, isFile } from '@cumulus/sdk';
import type { FileNode, Registered, Viewer } from '@cumulus/sdk';
import { useAppDispatch, useAppSelector } from '../../model/store/hooks';
import { selectDir } from '../../model/navigation/selectors';
import { selectIsLoading } from '../../model/folder/selectors';
import { openDetails } from '../../model/sidebar/openDetails';
import { runFileAction } from '../../operations/actions/runFileAction';
import { useRegistry } from '../../plugin-host/useRegistry';
import { useLanguage, useServices, useT } from '../../ui/ServicesContext';
import { useCurrentView } from '../views/useCurrentView';
import { useListColumns } from '../filelist/useListColumns';
import { useVisibleNodes } from '../filelist/useVisibleNodes';
import { useFilesNavigate } from '../navigation/useFilesNavigate';
import { downloadsAllowed } from '../../services/publicShare';
import { injectViewerStyles } from './styles';

/** The list's file actions the frame offers, by id (the same entries as the list's menu: one source of actions). */
const FRAME_ACTIONS = ['favorite', 'delete'];

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), textarea:not([disabled]), select, [tabindex]:not([tabindex="-1"])';

/** Whether a key press belongs to a text field (arrows move its caret there, not the file). */
function inTextField(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || target.closest('input, textarea, select, [contenteditable="true"]') !== null);
}

/** Gives the focus back to the file's row (or grid cell) in the list and keeps it in view. */
function focusRow(fileid: number): void {
  const row = document.querySelector<HTMLElement>(`.files-main [data-fileid="${fileid}"]`);
  if (row === null) return;
  row.scrollIntoView({ block: 'nearest' });
  // The name's button, which opened the file; else the row's first control.
  const target = row.querySelector<HTMLElement>('.files-name') ?? (row.matches(FOCUSABLE) ? row : row.querySelector<HTMLElement>(FOCUSABLE));
  (target ?? row).focus({ preventScroll: true });
}

/**
 * The viewer frame: a modal dialog named after the file, over the list. It
 * shows the file of the route with the first registered viewer (in order)
 * whose MIME types cover it, and steps through the files of the list in its
 * current sort and filter order. Closing (button, Escape, Back) returns to the
 * list with the file selected and focused.
 */
export default function ViewerFrame({ fileid, viewers }: { fileid: number; viewers: readonly Registered<Viewer>[] }) {
  injectViewerStyles();
  const t = useT();
  const language = useLanguage();
  const services = useServices();
  const dispatch = useAppDispatch();
  const navigate = useFilesNavigate();
  const view = useCurrentView();
  const dir = useAppSelector(selectDir);
  const loading = useAppSelector(selectIsLoading);
  const sidebarOpen = useAppSelector((state) => state.sidebar.source !== null);
  const nodes = useVisibleNodes(view, useListColumns(view));
  const files = useMemo(() => nodes.filter((node): node is FileNode => isFile(node) && node.status !== 'failed'), [nodes]);
  const index = files.findIndex((node) => node.fileid === fileid);
  const node = index === -1 ? undefined : files[index];
  const viewer = node === undefined ? undefined : findViewer(viewers, node.mime);
  const actions = useRegistry(services.host.registries.fileActions);
  const dialog = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const [wasShown, setWasShown] = useState(false);

  const go = useCallback(
    (target: FileNode | undefined, openfile: boolean) => {
      if (view === undefined || target?.fileid === undefined) return;
      navigate({ view: view.id, dir, fileid: target.fileid, openfile }, { replace: true });
    },
    [navigate, view, dir],
  );
  const step = useCallback((by: number) => (files.length < 2 ? undefined : files[(index + by + files.length) % files.length]), [files, index]);
  const close = useCallback(() => {
    if (view === undefined) return;
    navigate({ view: view.id, dir, fileid, openfile: false }, { replace: true });
  }, [navigate, view, dir, fileid]);
  // The viewer's context keeps one identity per file: these read the newest list through a ref.
  const latest = useRef({ close, next: () => go(step(1), true), previous: () => go(step(-1), true) });
  latest.current = { close, next: () => go(step(1), true), previous: () => go(step(-1), true) };

  useEffect(() => {
    if (node !== undefined) setWasShown(true);
  }, [node]);

  // Focus into the dialog on opening; back to the row on closing.
  useEffect(() => {
    const before = document.activeElement;
    dialog.current?.querySelector<HTMLElement>('.files-viewer__close')?.focus();
    return () => {
      requestAnimationFrame(() => {
        if (document.querySelector('.files-viewer') === null) focusRow(fileid);
        else if (before instanceof HTMLElement) before.focus();
      });
    };
    // Only on mount and unmount: stepping to the next file keeps the focus where it is.
  }, []);

  const canDownload = node !== undefined && isDownloadable(node) && (services.publicShare === undefined || downloadsAllowed(services.publicShare));
  useEffect(() => {
    const el = content.current;
    if (el === null || node === undefined || viewer === undefined) return;
    setFailed(false);
    const controller = new AbortController();
    let cleanup: void | (() => void);
    try {
      cleanup = viewer.mount({
        el,
        node,
        nodes: files,
        signal: controller.signal,
        canDownload,
        publicMode: services.publicShare !== undefined,
        language,
        close: () => latest.current.close(),
        next: () => latest.current.next(),
        previous: () => latest.current.previous(),
      });
    } catch (error) {
      console.error(`Viewer "${viewer.id}" of plugin "${viewer.pluginId}" failed`, error);
      setFailed(true);
    }
    return () => {
      controller.abort();
      try {
        if (typeof cleanup === 'function') cleanup();
      } catch (error) {
        console.error(`Viewer "${viewer.id}" failed to clean up`, error);
      }
      el.replaceChildren();
    };
    // Mounted again for another file or another viewer; not on a new ETag: the editor's own save changes it, and remounting would drop unsaved edits.
  }, [viewer, node?.source, canDownload]);

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.defaultPrevented) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    if (event.key === 'Tab') {
      const focusable = [...(dialog.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].filter((el) => el.offsetParent !== null || el === document.activeElement);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (first === undefined || last === undefined) return;
      if (event.shiftKey && (document.activeElement === first || !dialog.current?.contains(document.activeElement))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
      return;
    }
    if ((event.key === 'ArrowLeft' || event.key === 'ArrowRight') && !event.altKey && !event.ctrlKey && !event.metaKey && !inTextField(event.target)) {
      // Right-to-left mirrors the arrows: the next file is to the left.
      const rtl = getComputedStyle(dialog.current ?? document.documentElement).direction === 'rtl';
      const forward = (event.key === 'ArrowRight') !== rtl;
      event.preventDefault();
      if (forward) latest.current.next();
      else latest.current.previous();
    }
  };

  if (node === undefined) {
    // Not (yet) in the list: still loading, or deleted or moved while open (the live feed took it away).
    if (loading || !wasShown) return null;
    return (
      <div className="files-viewer" role="dialog" aria-modal="true" aria-label={t('File not found')} ref={dialog} onKeyDown={onKeyDown}>
        <div className="files-viewer__bar">
          <span className="files-viewer__name" />
          <button type="button" className="files-viewer__close" onClick={close}>
            {t('Close')}
          </button>
        </div>
        <p className="files-viewer__gone" role="alert">
          {t('This file was deleted or moved elsewhere.')}
        </p>
      </div>
    );
  }
  if (viewer === undefined) return null;

  const name = node.displayname || node.basename;
  const frameActions = view === undefined ? [] : actions.filter((action) => FRAME_ACTIONS.includes(action.id) && (action.enabled?.([node], view) ?? true));
  return (
    <div
      className={`files-viewer${sidebarOpen ? ' files-viewer--sidebar' : ''}`}
      role="dialog"
      aria-modal="true"
      aria-label={name}
      ref={dialog}
      onKeyDown={onKeyDown}
      data-viewer={viewer.id}
    >
      <div className="files-viewer__bar">
        <h2 className="files-viewer__name" title={name}>
          {name}
        </h2>
        <span className="files-viewer__position">{t('{position} of {total}', { position: index + 1, total: files.length })}</span>
        <div className="files-viewer__tools">
          {canDownload ? (
            <a className="files-viewer__button" href={services.dav.downloadUrl(node)} download={node.basename}>
              {t('Download')}
            </a>
          ) : null}
          {services.publicShare === undefined ? (
            <button type="button" className="files-viewer__button" onClick={() => dispatch(openDetails(node.source))}>
              {t('Details')}
            </button>
          ) : null}
          {frameActions.map((action) => (
            <button key={action.id} type="button" className="files-viewer__button" data-action={action.id} onClick={() => void dispatch(runFileAction({ actionId: action.id, source: node.source }))}>
              {action.displayName([node], view!)}
            </button>
          ))}
          <button type="button" className="files-viewer__button files-viewer__close" onClick={close}>
            {t('Close')}
          </button>
        </div>
      </div>
      <div className="files-viewer__stage">
        <button type="button" className="files-viewer__step files-viewer__previous" onClick={() => latest.current.previous()} disabled={files.length < 2} aria-label={t('Previous')}>
          <span aria-hidden="true" className="files-viewer__arrow">‹</span>
        </button>
        <div className="files-viewer__content" ref={content} />
        {failed ? (
          <p className="files-viewer__gone" role="alert">
            {t('This file cannot be shown.')}
          </p>
        ) : null}
        <button type="button" className="files-viewer__step files-viewer__next" onClick={() => latest.current.next()} disabled={files.length < 2} aria-label={t('Next')}>
          <span aria-hidden="true" className="files-viewer__arrow">›</span>
        </button>
      </div>
    </div>
  );
}
