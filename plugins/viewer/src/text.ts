import type { ViewerContext } from '@cumulus/sdk';
import { button, el, injectStyles } from './dom';
import { loadText, saveBeside, saveText } from './textSave';
import type { ViewerDeps } from './types';

/** Types the editor may save (plain text and Markdown); other text is shown read-only. */
export function isEditable(mime: string): boolean {
  return mime === 'text/plain' || mime === 'text/markdown' || mime === 'text/x-markdown';
}

/**
 * Text, Markdown and source code with line numbers. Plain text and Markdown
 * can be edited (with update permission) and saved with `If-Match` of the
 * ETag opened; a 412 shows the conflict: overwrite, keep both (`name
 * (edited).md`) or discard. Unsaved edits are not lost to Escape, Close,
 * next/previous or a reload without asking.
 */
export function mount(ctx: ViewerContext, { t, dialogs, requestToken }: ViewerDeps): () => void {
  injectStyles();
  const box = el('div', 'viewer-text');
  const bar = el('div', 'viewer-text__bar');
  const status = el('span', 'viewer-text__status');
  status.setAttribute('role', 'status');
  const lines = el('pre', 'viewer-text__lines');
  lines.tabIndex = 0;
  lines.setAttribute('aria-label', ctx.node.displayname || ctx.node.basename);
  bar.append(status);
  box.append(bar, lines);
  ctx.el.append(box);
  const request = { requestToken, signal: ctx.signal };
  let text = '';
  let etag: string | undefined;
  let editor: HTMLTextAreaElement | null = null;
  const dirty = () => editor !== null && editor.value !== text;
  // Update permission (Nextcloud's 'W' on files: bit 2).
  const writable = !ctx.publicMode && isEditable(ctx.node.mime) && (ctx.node.permissions & 2) !== 0;

  const show = () => {
    lines.replaceChildren(...text.split('\n').map((line) => el('span', '', line)));
  };
  const edit = () => {
    editor = el('textarea', 'viewer-text__editor');
    editor.value = text;
    editor.setAttribute('aria-label', t('Edit {name}', { name: ctx.node.displayname || ctx.node.basename }));
    lines.replaceWith(editor);
    editButton.hidden = true;
    saveButton.hidden = false;
    editor.focus();
  };
  const conflictBox = el('div', 'viewer-conflict');
  conflictBox.setAttribute('role', 'alert');
  conflictBox.hidden = true;
  box.insertBefore(conflictBox, bar.nextSibling);
  const saved = (message: string, newEtag: string | undefined, content: string) => {
    text = content;
    etag = newEtag;
    conflictBox.hidden = true;
    status.textContent = message;
  };
  const save = async () => {
    if (editor === null) return;
    const content = editor.value;
    status.textContent = t('Saving…');
    try {
      const result = await saveText(ctx.node.source, content, etag ?? null, request);
      if (result.kind === 'saved') saved(t('Saved'), result.etag, content);
      else conflict(content);
    } catch (error) {
      if (!ctx.signal.aborted) status.textContent = t('The file could not be saved.');
      console.error('[viewer] save failed', error);
    }
  };
  const conflict = (content: string) => {
    status.textContent = '';
    conflictBox.hidden = false;
    conflictBox.replaceChildren(
      el('span', '', t('This file was changed elsewhere since you opened it.')),
      button('viewer-conflict__overwrite', t('Overwrite'), () => {
        void saveText(ctx.node.source, content, null, request).then((result) => result.kind === 'saved' && saved(t('Saved'), result.etag, content));
      }),
      button('viewer-conflict__keep-both', t('Keep both'), () => {
        void saveBeside(ctx.node.source, ctx.node.basename, content, request).then((result) => {
          if (result.kind !== 'saved') return;
          conflictBox.hidden = true;
          text = content;
          status.textContent = t('Saved as {name}', { name: decodeURIComponent(result.url.slice(result.url.lastIndexOf('/') + 1)) });
        });
      }),
      button('viewer-conflict__discard', t('Discard my changes'), () => {
        void loadText(ctx.node.source, request).then((loaded) => {
          saved('', loaded.etag, loaded.text);
          if (editor !== null) editor.value = loaded.text;
        });
      }),
    );
  };
  const editButton = button('viewer-text__edit', t('Edit'), edit);
  const saveButton = button('viewer-text__save', t('Save'), () => void save());
  editButton.hidden = true;
  saveButton.hidden = true;
  bar.append(editButton, saveButton);

  status.textContent = t('Loading…');
  loadText(ctx.node.source, request).then(
    (loaded) => {
      text = loaded.text;
      etag = loaded.etag;
      status.textContent = '';
      show();
      editButton.hidden = !writable;
    },
    (error: unknown) => {
      if (ctx.signal.aborted) return;
      console.error('[viewer] loading failed', error);
      status.textContent = t('This file cannot be shown.');
    },
  );

  // Escape, Close, arrows: with unsaved edits the frame asks first (the frame acts only on keys not prevented).
  const frame = ctx.el.closest<HTMLElement>('[role="dialog"]') ?? ctx.el;
  const guard = (event: Event) => {
    if (!dirty()) return;
    const isKey = event instanceof KeyboardEvent;
    if (isKey && event.key !== 'Escape') {
      if (event.key === 's' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        void save();
      }
      return;
    }
    if (!isKey && !(event.target instanceof HTMLElement && event.target.closest('.files-viewer__close, .files-viewer__step'))) return;
    event.preventDefault();
    event.stopPropagation();
    void dialogs
      .confirm({ title: t('Unsaved changes'), message: t('Your changes to this file are not saved. Leave without saving?'), confirmLabel: t('Leave without saving'), destructive: true })
      .then((leave) => {
        if (leave) {
          text = editor?.value ?? text;
          ctx.close();
        }
      });
  };
  const beforeUnload = (event: BeforeUnloadEvent) => {
    if (!dirty()) return;
    event.preventDefault();
    event.returnValue = '';
  };
  frame.addEventListener('keydown', guard, true);
  frame.addEventListener('click', guard, true);
  window.addEventListener('beforeunload', beforeUnload);
  return () => {
    frame.removeEventListener('keydown', guard, true);
    frame.removeEventListener('click', guard, true);
    window.removeEventListener('beforeunload', beforeUnload);
  };
}
