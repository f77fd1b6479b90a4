import { useSyncExternalStore } from 'react';
import { useT } from '../ServicesContext';
import { dismissToast, getToasts, subscribeToasts } from './toasts';
import type { Toast } from './toasts';
import { injectToastStyles } from './styles';
import { BidiText } from '../BidiText';

injectToastStyles();

function ToastItem({ toast, closeLabel }: { toast: Toast; closeLabel: string }) {
  return (
    <div className={`files-toast files-toast--${toast.type}`} data-toast-type={toast.type}>
      <span className="files-toast__message"><BidiText text={toast.message} /></span>
      <button type="button" className="files-toast__close" aria-label={closeLabel} onClick={() => dismissToast(toast.id)}>
        ×
      </button>
    </div>
  );
}

/**
 * The toasts on screen, mounted once by the layout. Two live regions stay in
 * the page even when empty (screen readers only announce changes inside a
 * region that already exists): errors in role="alert" (assertive), the rest
 * in role="status" (polite).
 */
export function Toasts() {
  const t = useT();
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const closeLabel = t('Close');
  return (
    <div className="files-toasts">
      <div className="files-toasts__region" role="alert" aria-live="assertive">
        {toasts.filter((toast) => toast.type === 'error').map((toast) => (
          <ToastItem key={toast.id} toast={toast} closeLabel={closeLabel} />
        ))}
      </div>
      <div className="files-toasts__region" role="status" aria-live="polite">
        {toasts.filter((toast) => toast.type !== 'error').map((toast) => (
          <ToastItem key={toast.id} toast={toast} closeLabel={closeLabel} />
        ))}
      </div>
    </div>
  );
}
