import { Tag } from 'primereact/tag';
import { statusSeverity } from './status-severity';

// Spec §2: 'Pending and Processing yellow'. The theme's warning tag is dark orange, close to Rejected's red:
// yellow with dark brown text instead (contrast 6.9:1, WCAG AA).
const WAITING_STYLE = { background: '#fde047', color: '#713f12' };

export function StatusBadge({ status }: { status: string }) {
  const severity = statusSeverity(status);
  return (
    <Tag
      value={status}
      severity={severity}
      style={severity === 'warning' ? WAITING_STYLE : undefined}
      rounded
    />
  );
}
