import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { validateRename } from '@cumulus/sdk';
import type { FilenameRules, Node } from '@cumulus/sdk';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useServices } from '../../app/ServicesContext';
import { selectCurrentContents } from '../folder/selectors';
import { loadFilenameRules } from './filenameRules';
import { renameNodeTo } from './renameNode';
import { stopRename } from './renameStore';
import { injectRenameStyles } from './styles';

injectRenameStyles();

/**
 * The inline rename field shown in place of a node's name (spec §4, §5):
 * required, trimmed, checked live with `validateRename` against the
 * siblings and the server's filename rules, the reason shown under the field
 * and announced. Enter, Escape and a click outside all submit; an unchanged
 * name just closes; an invalid name keeps the field open.
 */
export function RenameField({ node, initialName }: { node: Node; initialName?: string }) {
  const { api, t } = useServices();
  const dispatch = useAppDispatch();
  const contents = useAppSelector(selectCurrentContents);
  const [value, setValue] = useState(initialName ?? node.basename);
  const [rules, setRules] = useState<FilenameRules>({});
  const input = useRef<HTMLInputElement>(null);
  const submitted = useRef(false);
  const messageId = useId();

  useEffect(() => {
    let alive = true;
    void loadFilenameRules(api).then((loaded) => alive && setRules(loaded));
    return () => {
      alive = false;
    };
  }, [api]);

  // Select the name without its extension, as file managers do, so typing keeps the type.
  useEffect(() => {
    const field = input.current;
    if (field === null) return;
    field.focus();
    const dot = node.type === 'file' ? field.value.lastIndexOf('.') : -1;
    field.setSelectionRange(0, dot > 0 ? dot : field.value.length);
  }, [node.type]);

  const siblings = useMemo(() => contents.filter((other) => other.source !== node.source).map((other) => other.basename), [contents, node.source]);
  const validation = validateRename(value, siblings, { rules, currentName: node.basename, t });

  const submit = () => {
    if (submitted.current) return;
    if (!validation.valid) {
      input.current?.focus();
      return;
    }
    submitted.current = true;
    stopRename();
    if (!validation.unchanged) void dispatch(renameNodeTo({ source: node.source, newName: validation.name }));
  };

  return (
    <form
      className="files-rename"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      onClick={(event) => event.stopPropagation()}
    >
      <input
        ref={input}
        className="files-rename__input"
        aria-label={node.type === 'folder' ? t('Folder name') : t('Filename')}
        aria-invalid={!validation.valid}
        aria-describedby={messageId}
        required
        minLength={1}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onBlur={submit}
        onKeyDown={(event) => {
          // Keys typed here are the user's text, not list shortcuts.
          event.stopPropagation();
          if (event.key === 'Escape') {
            event.preventDefault();
            submit();
          }
        }}
      />
      <span id={messageId} className="files-rename__message" role="status" aria-live="polite">
        {validation.valid ? '' : validation.validity}
      </span>
    </form>
  );
}
