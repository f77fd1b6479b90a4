import { useCallback, useEffect, useRef, useState } from 'react';
import { CLIPBOARD_FEEDBACK_MS } from '../../lib/engine';
import { useT } from '../../ui/ServicesContext';
import { showToast } from '../../ui/toasts/toasts';

/**
 * Copies text to the clipboard (product §8 "Clipboard"): success toasts
 * 'WebDAV URL copied to clipboard' and sets `copied` for 5 s; a browser
 * without a usable clipboard toasts 'Clipboard is not available'.
 */
export function useClipboardCopy(): { copied: boolean; copy(text: string): Promise<void> } {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string) => {
      try {
        // `navigator.clipboard` is missing outside secure contexts: that is "not available" too.
        if (typeof navigator === 'undefined' || navigator.clipboard === undefined) throw new Error('No clipboard');
        await navigator.clipboard.writeText(text);
      } catch (error) {
        console.error('Could not copy to the clipboard', error);
        showToast({ type: 'error', message: t('Clipboard is not available') });
        return;
      }
      showToast({ type: 'success', message: t('WebDAV URL copied to clipboard') });
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), CLIPBOARD_FEEDBACK_MS);
    },
    [t],
  );
  return { copied, copy };
}
