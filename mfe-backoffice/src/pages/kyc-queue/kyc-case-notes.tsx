import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { KYC_NOTE_MAX_LENGTH, KycCaseMessages } from '@portal/contracts';
import { LoadFailed, LoadingSpinner, formatDate, notify, useLoad } from '@portal/shared-ui';
import { addNote, fetchNotes } from './kyc-api';
import { clockText } from './kyc-text';
import styles from './kyc-queue.module.css';

/** Staff notes on the affiliate's KYC (issue 50): for reviewers to tell each other, never shown to the affiliate. */
export function KycCaseNotes({ affiliateID }: { affiliateID: number }) {
  const id = useId();
  const notes = useLoad((signal) => fetchNotes(affiliateID, signal), [affiliateID]);
  const [text, setText] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setMessage(KycCaseMessages.noteRequired);
      return;
    }
    setSaving(true);
    try {
      notify.success((await addNote(affiliateID, text.trim())).message);
      setText('');
      setMessage(null);
      notes.reload();
    } catch {
      // The toast said why; the text stays for another try.
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Staff Notes</h2>
      <p className={styles.muted}>Seen by staff only, never by the affiliate.</p>
      <form className={styles.noteForm} onSubmit={(event) => void submit(event)} noValidate>
        <div className={styles.field}>
          <label htmlFor={`${id}-note`}>Note</label>
          <InputTextarea
            id={`${id}-note`}
            value={text}
            rows={3}
            maxLength={KYC_NOTE_MAX_LENGTH}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `${id}-note-error` : undefined}
            onChange={(event) => setText(event.target.value)}
          />
          {message ? (
            <small id={`${id}-note-error`} className={styles.held} role="alert">
              {message}
            </small>
          ) : null}
        </div>
        <div className={styles.actions}>
          <Button type="submit" label="Add note" icon="pi pi-comment" loading={saving} disabled={saving} />
        </div>
      </form>
      {notes.state === 'error' && !notes.data ? (
        <LoadFailed message="The notes could not be loaded." onRetry={notes.reload} error={notes.error} />
      ) : !notes.data ? (
        <LoadingSpinner label="Loading notes" />
      ) : notes.data.length === 0 ? (
        <p className={styles.muted}>No notes yet.</p>
      ) : (
        <ul className={styles.notes} aria-label="Notes">
          {notes.data.map((note) => (
            <li key={note.noteID} className={styles.note}>
              <p className={styles.noteMeta}>
                {note.authorName}, {formatDate(note.createdOn)} {clockText(note.createdOn)}
              </p>
              <p className={styles.noteBody}>{note.body}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
