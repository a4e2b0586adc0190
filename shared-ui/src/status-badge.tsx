import { Tag } from 'primereact/tag';
import { statusSeverity } from './status-severity';

export function StatusBadge({ status }: { status: string }) {
  return <Tag value={status} severity={statusSeverity(status)} rounded />;
}
