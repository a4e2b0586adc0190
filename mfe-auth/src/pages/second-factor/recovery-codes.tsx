import { ThemedButton, notify } from '@portal/shared-ui';
import card from '../common/auth-card.module.css';
import styles from './second-factor-setup-page.module.css';

/** The ten recovery codes, shown once after set-up, to copy or download as a text file. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone(): void }) {
  const text = `Affiliate Portal recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify.success('Recovery codes copied.');
    } catch {
      notify.error('Copying was refused by the browser: select the codes and copy them.');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'affiliate-portal-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <section aria-labelledby="recovery-codes-heading">
      <h2 id="recovery-codes-heading" tabIndex={-1}>
        Save your recovery codes
      </h2>
      <p className={card.lead}>
        If you lose your phone, each of these codes signs you in once instead of a code from the app. They are
        shown only now: copy or download them and keep them somewhere safe.
      </p>
      <ul className={styles.codes} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={styles.actions}>
        <ThemedButton
          type="button"
          label="Copy codes"
          icon="pi pi-copy"
          className="p-button-outlined"
          onClick={() => void copy()}
        />
        <ThemedButton
          type="button"
          label="Download codes"
          icon="pi pi-download"
          className="p-button-outlined"
          onClick={download}
        />
        <ThemedButton type="button" label="I have saved them — continue" onClick={onDone} />
      </div>
    </section>
  );
}
