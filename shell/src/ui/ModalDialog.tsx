import { useRef } from 'react';
import type { ReactNode, RefObject } from 'react';
import { useFocusTrap } from './useFocusTrap';

interface ModalDialogProps {
  /** Classes added to the `files-modal` frame. */
  className: string;
  /** The id of the element that names the dialog (its title). */
  labelledBy: string;
  /** The id of the element that describes it, if any. */
  describedBy?: string | undefined;
  /** What takes the focus when it opens; default its first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Escape: the dialog's cancel. */
  onCancel(): void;
  children: ReactNode;
}

/**
 * The frame of an awaited dialog (the ARIA dialog pattern): a backdrop, a `role="dialog"`
 * with `aria-modal` named by its title, the focus kept inside (`useFocusTrap`), Escape as
 * cancel, and its keys kept from the file list's shortcuts.
 */
export function ModalDialog({ className, labelledBy, describedBy, initialFocus, onCancel, children }: ModalDialogProps) {
  const dialog = useRef<HTMLDivElement>(null);
  useFocusTrap(dialog, initialFocus);
  return (
    <div className="files-modal__backdrop">
      <div
        ref={dialog}
        className={`files-modal ${className}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        onKeyDown={(event) => {
          // Keys pressed in the dialog are not the list's shortcuts.
          event.stopPropagation();
          if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
      >
        {children}
      </div>
    </div>
  );
}
