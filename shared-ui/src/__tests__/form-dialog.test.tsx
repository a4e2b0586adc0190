import { useState } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfirmDialog } from '../confirm-dialog';
import { DayField } from '../filters/day-field';
import { FormDialog } from '../form-dialog';

function renderDialog({ dirty = false, popupOpen = false } = {}) {
  const onClose = jest.fn();
  render(
    <FormDialog visible header="Edit User" dirty={dirty} onClose={onClose}>
      <label htmlFor="role">Role</label>
      <input id="role" role="combobox" aria-expanded={popupOpen} />
    </FormDialog>,
  );
  return onClose;
}

test('Escape while a dropdown in the dialog is open leaves the dialog open', async () => {
  const onClose = renderDialog({ popupOpen: true });
  await screen.findByRole('dialog', { name: 'Edit User' });
  fireEvent.keyDown(screen.getByLabelText('Role'), { key: 'Escape' });
  expect(onClose).not.toHaveBeenCalled();
});

test('Escape with nothing open and nothing typed closes the dialog', async () => {
  const onClose = renderDialog();
  await screen.findByRole('dialog', { name: 'Edit User' });
  fireEvent.keyDown(screen.getByLabelText('Role'), { key: 'Escape' });
  expect(onClose).toHaveBeenCalledTimes(1);
});

test('Escape with unsaved changes asks first; Keep editing keeps the dialog, Discard closes it', async () => {
  const onClose = renderDialog({ dirty: true });
  await screen.findByRole('dialog', { name: 'Edit User' });
  fireEvent.keyDown(screen.getByLabelText('Role'), { key: 'Escape' });
  expect(onClose).not.toHaveBeenCalled();
  fireEvent.click(await screen.findByRole('button', { name: 'Keep editing' }));
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Keep editing' })).toBeNull());
  expect(onClose).not.toHaveBeenCalled();

  fireEvent.keyDown(screen.getByLabelText('Role'), { key: 'Escape' });
  fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
  expect(onClose).toHaveBeenCalledTimes(1);
});

test('closing gives focus back to the button that opened the dialog', async () => {
  function Page() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Add Notification
        </button>
        <FormDialog visible={open} header="Add Notification" onClose={() => setOpen(false)}>
          <input aria-label="Title" />
        </FormDialog>
      </>
    );
  }
  render(<Page />);
  const opener = screen.getByRole('button', { name: 'Add Notification' });
  opener.focus();
  fireEvent.click(opener);
  await screen.findByRole('dialog', { name: 'Add Notification' });
  screen.getByLabelText('Title').focus();
  fireEvent.keyDown(screen.getByLabelText('Title'), { key: 'Escape' });
  await waitFor(() => expect(document.activeElement).toBe(opener));
});

test("the usual footer: Cancel and the form's submit button, its severity and icon as asked", async () => {
  const onSubmit = jest.fn((event: { preventDefault(): void }) => event.preventDefault());
  const { rerender } = render(
    <FormDialog
      visible
      header="Reject run"
      submit={{ formId: 'f', label: 'Save', saving: false }}
      onClose={jest.fn()}
    >
      <form id="f" onSubmit={onSubmit} />
    </FormDialog>,
  );
  const save = await screen.findByRole('button', { name: 'Save' });
  expect(save.querySelector('.pi-check')).not.toBeNull();
  fireEvent.click(save);
  expect(onSubmit).toHaveBeenCalledTimes(1);
  rerender(
    <FormDialog
      visible
      header="Reject run"
      submit={{ formId: 'f', label: 'Reject', saving: true, severity: 'danger', icon: null }}
      onClose={jest.fn()}
    >
      <form id="f" onSubmit={onSubmit} />
    </FormDialog>,
  );
  const reject = screen.getByRole('button', { name: /Reject/ });
  expect(reject.className).toContain('p-button-danger');
  expect(reject.querySelector('.pi-check')).toBeNull();
  expect(screen.getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
});

test("Escape in an open rich-text picker (Quill's Font, Size, Heading, colour, Alignment) leaves the dialog open", async () => {
  const onClose = jest.fn();
  render(
    <FormDialog visible header="Edit Notification" onClose={onClose}>
      {/* As Quill 2 renders an open picker: the container expanded, its label a button that says so. */}
      <span className="ql-picker ql-font ql-expanded">
        <span className="ql-picker-label" role="button" tabIndex={0} aria-label="Font" aria-expanded="true" />
        <span className="ql-picker-options" aria-hidden="false" />
      </span>
    </FormDialog>,
  );
  await screen.findByRole('dialog', { name: 'Edit Notification' });
  fireEvent.keyDown(screen.getByRole('button', { name: 'Font' }), { key: 'Escape', code: 'Escape' });
  expect(onClose).not.toHaveBeenCalled();
});

test('Escape while the date calendar is open closes the calendar, not the dialog; the next Escape closes it', async () => {
  const onClose = jest.fn();
  render(
    <FormDialog visible header="New payout run" onClose={onClose}>
      <label htmlFor="cutoff">Cutoff date</label>
      <DayField inputId="cutoff" value={null} onChange={jest.fn()} />
    </FormDialog>,
  );
  await screen.findByRole('dialog', { name: 'New payout run' });
  fireEvent.click(screen.getByRole('button', { name: 'Choose Date' }));
  // The calendar opens over the page, outside the dialog's box.
  await waitFor(() => expect(document.querySelector('.p-datepicker')).not.toBeNull());
  fireEvent.keyDown(screen.getByLabelText('Cutoff date'), { key: 'Escape', code: 'Escape' });
  await waitFor(() => expect(document.querySelector('.p-datepicker')).toBeNull());
  expect(onClose).not.toHaveBeenCalled();
  fireEvent.keyDown(screen.getByLabelText('Cutoff date'), { key: 'Escape', code: 'Escape' });
  expect(onClose).toHaveBeenCalledTimes(1);
});

test('Escape in a question asked over the dialog (Erase) closes only the question', async () => {
  const onClose = jest.fn();
  function Details() {
    const [asking, setAsking] = useState(false);
    return (
      <FormDialog visible header="Affiliate Details" onClose={onClose}>
        <button type="button" onClick={() => setAsking(true)}>
          Erase Personal Data
        </button>
        <ConfirmDialog
          visible={asking}
          header="Erase personal data"
          message="Erase the personal data?"
          confirmLabel="Erase"
          cancelLabel="Cancel"
          onConfirm={jest.fn()}
          onCancel={() => setAsking(false)}
        />
      </FormDialog>
    );
  }
  render(<Details />);
  await screen.findByRole('dialog', { name: 'Affiliate Details' });
  fireEvent.click(screen.getByRole('button', { name: 'Erase Personal Data' }));
  const question = await screen.findByRole('dialog', { name: 'Erase personal data' });
  fireEvent.keyDown(within(question).getByRole('button', { name: 'Cancel' }), {
    key: 'Escape',
    code: 'Escape',
  });
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Erase personal data' })).toBeNull());
  expect(onClose).not.toHaveBeenCalled();
  expect(screen.getByRole('dialog', { name: 'Affiliate Details' })).toBeTruthy();
});
