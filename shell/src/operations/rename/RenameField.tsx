import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { validateRename } from '../../lib/engine';
import type { Node } from '@cumulus/sdk';
import { useAppDispatch, useAppSelector } from '../../model/store/hooks';
import { useServices } from '../../ui/ServicesContext';
import { selectCurrentContents } from '../../model/folder/selectors';
import { useFilenameRules } from './useFilenameRules';
import { renameNodeTo } from './renameNode';
import { showToast } from '../../ui/toasts/toasts';
import { stopRename } from '../../model/rename/renameStore';
import { injectRenameStyles } from './styles';

injectRenameStyles();

/**
 * The inline rename field shown in place of a node's name (product §4, §5):
 * required, trimmed, checked live with `validateRename` against the
 * siblings and the server's filename rules; 'Invalid filename.' plus the
 * reason is shown under the field, announced and set as the field's
 * validity (the form has noValidate: no untranslated browser bubble).
 *
 * Every way out submits: Enter, Escape, a click outside, Tab, and going to
 * another folder (the field goes away with its row). An unchanged name just
 * closes. A submit that fails (an invalid name here, or the server's refusal
 * in `renameNodeTo`) toasts why, restores the old name and re-opens the
 * field, so leaving it again closes it with nothing renamed: the user is
 * never held in the field.
 */
export function RenameField({ node }: { node: Node }) {
  const { t } = useServices();
  const dispatch = useAppDispatch();
  const contents = useAppSelector(selectCurrentContents);
  const [value, setValue] = useState(node.basename);
  const rules = useFilenameRules();
  const input = useRef<HTMLInputElement>(null);
  const submitted = useRef(false);
  // Bumped when a failed submit puts the old name back, to select its stem again.
  const [restored, setRestored] = useState(0);
  const messageId = useId();

  // Select the name without its extension, as file managers do, so typing keeps the type.
  useEffect(() => {
    const field = input.current;
    if (field === null) return;
    field.focus();
    const dot = node.type === 'file' ? field.value.lastIndexOf('.') : -1;
    field.setSelectionRange(0, dot > 0 ? dot : field.value.length);
  }, [node.type, restored]);

  const siblings = useMemo(() => contents.filter((other) => other.source !== node.source).map((other) => other.basename), [contents, node.source]);
  const validation = validateRename(value, siblings, { rules, currentName: node.basename, t });

  // The field's own validity carries the spec's whole message, for assistive technology and form checks.
  const invalidMessage = validation.valid ? '' : validation.message;
  useEffect(() => {
    input.current?.setCustomValidity(invalidMessage);
  }, [invalidMessage]);

  // Enter and Escape hand the focus back to the node's row, so the keyboard user goes on from
  // there (without this it fell to the page); a click elsewhere keeps the focus where it went.
  const submit = (returnFocus = false) => {
    if (submitted.current) return;
    if (!validation.valid) {
      // product §5: an invalid form gives 'Invalid filename.' plus the reason; product §4: the old name is restored.
      showToast({ type: 'error', message: validation.message });
      setValue(node.basename);
      setRestored((count) => count + 1);
      input.current?.focus();
      return;
    }
    submitted.current = true;
    const row = returnFocus ? input.current?.closest<HTMLElement>('[data-source]') : null;
    stopRename();
    row?.focus();
    if (!validation.unchanged) void dispatch(renameNodeTo({ source: node.source, newName: validation.name }));
  };

  // Going to another folder takes the field away without a blur: that leaves it too, so a
  // valid new name is submitted; an invalid one renames nothing and says why.
  const latest = useRef({ validation, source: node.source });
  latest.current = { validation, source: node.source };
  useEffect(
    () => () => {
      const { validation: last, source } = latest.current;
      if (submitted.current || (last.valid && last.unchanged)) return;
      submitted.current = true;
      if (last.valid) void dispatch(renameNodeTo({ source, newName: last.name, reopen: false }));
      else showToast({ type: 'error', message: last.message });
    },
    [dispatch],
  );

  return (
    <form
      className="files-rename"
      // The browser's own bubble for `required` is untranslated and unstyled: the field shows the spec's text instead.
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit(true);
      }}
      onClick={(event) => event.stopPropagation()}
    >
      <input
        ref={input}
        className="files-rename__input"
        // A name is isolated from the interface's direction: `.part` is typed and shown as `.part` in Arabic too.
        dir="auto"
        aria-label={node.type === 'folder' ? t('Folder name') : t('Filename')}
        aria-invalid={!validation.valid}
        aria-describedby={messageId}
        required
        minLength={1}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onBlur={() => submit()}
        onKeyDown={(event) => {
          // Keys typed here are the user's text, not list shortcuts.
          event.stopPropagation();
          if (event.key === 'Escape') {
            event.preventDefault();
            submit(true);
          }
        }}
      />
      <span id={messageId} className="files-rename__message" role="status" aria-live="polite">
        {validation.valid ? '' : validation.message}
      </span>
    </form>
  );
}
