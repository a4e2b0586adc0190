import { useRef } from 'react';
import type { ReactNode } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useReturnFocus } from './return-focus';

export interface ConfirmDialogProps {
  visible: boolean;
  message: string;
  header?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** While the confirmed action runs: the confirm button spins and both are disabled. */
  busy?: boolean;
  /** The confirm button stays disabled (e.g. until a required reason is typed below the message). */
  confirmDisabled?: boolean;
  /** More below the message: what the question needs answered (a reason field). */
  children?: ReactNode;
  onConfirm(): void;
  onCancel(): void;
}

/** A yes/no question before a destructive action (delete, make inactive). */
export function ConfirmDialog({
  visible,
  message,
  header = 'Confirmation',
  confirmLabel = 'Yes',
  cancelLabel = 'No',
  busy = false,
  confirmDisabled = false,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  const buttons = useRef<HTMLDivElement>(null);

  // Focus goes back to the button that asked (Delete, Erase, Pay now), also when the page removes the question.
  useReturnFocus(visible);

  const footer = (
    <div ref={buttons}>
      {/* Focus starts on the safe choice: Enter pressed out of habit must not delete. */}
      <Button
        label={cancelLabel}
        severity="secondary"
        outlined
        onClick={onCancel}
        disabled={busy}
        autoFocus
      />
      <Button
        label={confirmLabel}
        severity="danger"
        onClick={onConfirm}
        loading={busy}
        disabled={busy || confirmDisabled}
      />
    </div>
  );
  return (
    <Dialog
      visible={visible}
      header={header}
      footer={footer}
      // The button's autofocus can be lost while the dialog enters (a busy machine, a focus moved meanwhile); the
      // dialog then focuses its Close button. Once shown it gives the safe choice the focus, which the dialog keeps.
      onShow={() => buttons.current?.querySelector('button')?.focus()}
      onHide={() => {
        if (!busy) onCancel();
      }}
      style={{ width: 'min(28rem, 92vw)' }}
      modal
    >
      <p style={{ margin: 0, display: 'flex', alignItems: 'center', gap: '0.75rem' }}>
        <i
          className="pi pi-exclamation-triangle"
          aria-hidden="true"
          style={{ fontSize: '1.5rem', color: '#f59e0b' }}
        />
        <span>{message}</span>
      </p>
      {children}
    </Dialog>
  );
}
