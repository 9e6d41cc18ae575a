import { type ReactNode, useCallback, useEffect, useId, useRef } from 'react';
import { focusableIn, useFocusTrap } from '@/hooks/use-focus-trap';
import './modal.css';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Buttons at the bottom; the first focusable element gets focus when the modal opens. */
  footer?: ReactNode;
  /** Accessible role; alertdialog for messages that interrupt the user. */
  role?: 'dialog' | 'alertdialog';
  size?: 'small' | 'large';
}

/**
 * Modal dialog on the native <dialog> (showModal puts the rest of the page out of reach). Focus
 * is trapped inside, Escape closes it, and focus returns to the element that opened it.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  role = 'dialog',
  size = 'small',
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const bodyId = useId();
  const close = useCallback(() => onClose(), [onClose]);
  useFocusTrap(ref, open, close);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    const target =
      dialog.querySelector<HTMLElement>('[data-autofocus]') ?? focusableIn(dialog)[0] ?? dialog;
    target.focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      dialog.removeAttribute('open');
      const back = opener.current;
      if (back?.isConnected) back.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={`modal modal--${size}`}
      role={role}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      tabIndex={-1}
      onCancel={(event) => {
        // Native Escape: keep React in charge of whether the dialog is open.
        event.preventDefault();
        close();
      }}
    >
      <h2 id={titleId} className="modal__title">
        {title}
      </h2>
      <div id={bodyId} className="modal__body">
        {children}
      </div>
      {footer ? <div className="modal__footer">{footer}</div> : null}
    </dialog>
  );
}
