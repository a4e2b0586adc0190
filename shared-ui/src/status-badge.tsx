import { Tag } from 'primereact/tag';
import { statusSeverity } from './status-severity';

// Spec §2: 'Pending and Processing yellow'. The theme's warning tag is dark orange, close to Rejected's red:
// yellow with dark brown text instead (contrast 6.9:1, WCAG AA).
const WAITING_STYLE = { background: '#fde047', color: '#713f12' };

export interface StatusBadgeProps {
  /** The words shown. */
  status: string;
  /**
   * The status whose colour the badge wears, when the words are a summary of it: admin/orders shows
   * 'completed' for a Rejected order (spec §4), which is red, not green. Defaults to `status`.
   */
  colourOf?: string;
}

/** A status in its colour: every screen's badges, so one status has one colour everywhere. */
export function StatusBadge({ status, colourOf = status }: StatusBadgeProps) {
  const severity = statusSeverity(colourOf);
  return (
    <Tag
      value={status}
      severity={severity}
      style={severity === 'warning' ? WAITING_STYLE : undefined}
      rounded
    />
  );
}
