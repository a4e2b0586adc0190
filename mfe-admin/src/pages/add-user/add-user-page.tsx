import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ProgressSpinner } from 'primereact/progressspinner';
import { LoadFailed, notify } from '@portal/shared-ui';
import { UserForm } from '../user-form/user-form';
import { useUserFormOptions } from '../user-form/use-user-form-options';
import styles from './add-user-page.module.css';

export const USERS_PATH = '/admin/users';

/** admin/user-add (spec §2 Add user): the user form and a Back to Users link; a saved user goes back to the list. */
export default function AddUserPage() {
  const navigate = useNavigate();
  const options = useUserFormOptions();

  useEffect(() => {
    document.title = 'Create User | Affiliate Portal';
  }, []);

  return (
    <section className={styles.page} aria-labelledby="add-user-title">
      <header className={styles.header}>
        <h1 id="add-user-title">Create User</h1>
        <Link to={USERS_PATH} className={styles.back}>
          <i className="pi pi-arrow-left" aria-hidden="true" /> Back to Users
        </Link>
      </header>
      <div className={styles.card}>
        {options.state === 'error' ? (
          <LoadFailed
            message="The roles and countries could not be loaded."
            onRetry={options.reload}
            error={options.error}
          />
        ) : options.data ? (
          <UserForm
            mode="add"
            idPrefix="add-user"
            options={options.data}
            submitLabel="Add User"
            onSaved={(answer) => {
              notify.success(answer.message);
              navigate(USERS_PATH);
            }}
          />
        ) : (
          <div className={styles.loading}>
            <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} aria-label="Loading" />
          </div>
        )}
      </div>
    </section>
  );
}
