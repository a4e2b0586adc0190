import { useId, useState } from 'react';
import { CurrentRates } from './current-rates';
import { ReturnWindows } from './return-windows';
import { UploadForm } from './upload-form';
import { UploadHistory } from './upload-history';
import styles from './commission-upload.module.css';

/** admin/commission-upload (spec §2, §5): the upload, then the rates in force, the upload history and
 * the return window per category (issue 28). */
export default function CommissionUploadPage() {
  const id = useId();
  // A stored upload changes both lists: they load again (their search and page stay in the address).
  const [uploads, setUploads] = useState(0);
  return (
    <section className={styles.page} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Upload Commission Details</h1>
      <UploadForm onUploaded={() => setUploads((n) => n + 1)} />
      <CurrentRates key={`rates-${uploads}`} />
      <UploadHistory key={`history-${uploads}`} />
      <ReturnWindows key={`windows-${uploads}`} />
    </section>
  );
}
