import { useCallback, useEffect, useRef, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { ConfirmDialog } from './confirm-dialog';
import { useReturnFocus } from './return-focus';

export interface FormDialogProps {
  visible: boolean;
  header: string;
  /** A function gets the dialog's own close (which asks first), for a Cancel button. */
  footer?: ReactNode | ((requestClose: () => void) => ReactNode);
  /**
   * The usual footer instead of `footer`: Cancel (asks first) and a submit button of the form `formId`, with a
   * check icon unless `icon` says otherwise (null: none).
   */
  submit?: {
    formId: string;
    label: string;
    saving: boolean;
    severity?: 'danger' | 'success';
    icon?: string | null;
  };
  /** Something was typed or chosen that closing would lose: closing asks first. */
  dirty?: boolean;
  /** While saving: the dialog stays open. */
  busy?: boolean;
  style?: CSSProperties;
  /** A class for the dialog's content box. */
  contentClassName?: string;
  onClose(): void;
  children: ReactNode | ((requestClose: () => void) => ReactNode);
}

// An open popup inside the dialog (a dropdown, a multi-select, Quill's pickers) or over it (a calendar).
const POPUP_OPEN = '[aria-expanded="true"], .ql-expanded';
const POPUP_OVERLAY = '.p-dropdown-panel, .p-multiselect-panel, .p-datepicker:not(.p-datepicker-inline)';

function popupOpen(dialog: Element): boolean {
  return dialog.querySelector(POPUP_OPEN) !== null || document.querySelector(POPUP_OVERLAY) !== null;
}

/**
 * Another dialog is open over this one (a question it asked, such as Erase's): Escape is that dialog's. Each
 * dialog goes to the end of the page's body when it opens, so the last one is on top.
 */
function coveredByAnotherDialog(dialog: Element): boolean {
  const dialogs = document.querySelectorAll('.p-dialog');
  return dialogs.length > 0 && dialogs[dialogs.length - 1] !== dialog;
}

/**
 * A dialog holding a form. Escape in an open dropdown closes only the dropdown (PrimeReact's own Escape closes
 * the whole dialog from a document listener, whatever had the key), and Escape in a question asked over the
 * dialog closes only the question; Escape, the close button and Cancel ask before throwing away unsaved changes.
 */
export function FormDialog({
  visible,
  header,
  footer,
  submit,
  dirty = false,
  busy = false,
  style,
  contentClassName,
  onClose,
  children,
}: FormDialogProps) {
  const [asking, setAsking] = useState(false);
  const dialog = useRef<Dialog>(null);

  const requestClose = useCallback(() => {
    if (busy) return;
    if (dirty) setAsking(true);
    else onClose();
  }, [busy, dirty, onClose]);

  // Focus goes back where it came from (the Edit or Add button) when the dialog closes.
  useReturnFocus(visible);

  useEffect(() => {
    if (!visible || asking) return undefined;
    // Capture: seen before the popup handles (and closes) itself, so an open popup is still open here.
    const onKeyDown = (event: KeyboardEvent) => {
      const element = dialog.current?.getElement();
      if (event.key !== 'Escape' || !element || popupOpen(element) || coveredByAnotherDialog(element)) return;
      event.preventDefault();
      requestClose();
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [visible, asking, requestClose]);

  return (
    <>
      <Dialog
        ref={dialog}
        visible={visible}
        header={header}
        footer={
          submit ? (
            <div>
              <Button
                type="button"
                label="Cancel"
                severity="secondary"
                outlined
                onClick={requestClose}
                disabled={submit.saving}
              />
              <Button
                type="submit"
                form={submit.formId}
                label={submit.label}
                severity={submit.severity}
                icon={submit.icon === undefined ? 'pi pi-check' : (submit.icon ?? undefined)}
                loading={submit.saving}
                disabled={submit.saving}
              />
            </div>
          ) : typeof footer === 'function' ? (
            footer(requestClose)
          ) : (
            footer
          )
        }
        onHide={requestClose}
        closeOnEscape={false}
        style={style}
        contentClassName={contentClassName}
        modal
      >
        {typeof children === 'function' ? children(requestClose) : children}
      </Dialog>
      {/* Rendered only while asking: a question left mounted would, on its way out, hand focus back into
          the closed form instead of to the button that opened it. */}
      {asking ? (
        <ConfirmDialog
          visible
          header="Unsaved changes"
          message="Close without saving? What you typed will be lost."
          confirmLabel="Discard"
          cancelLabel="Keep editing"
          onConfirm={() => {
            setAsking(false);
            onClose();
          }}
          onCancel={() => setAsking(false)}
        />
      ) : null}
    </>
  );
}
