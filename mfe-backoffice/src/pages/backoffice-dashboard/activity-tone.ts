export type ActivityTone = 'today' | 'yesterday' | 'older';

/** Spec §2: activityOn 'Today' is shown blue, 'Yesterday' green, anything else grey. */
export function activityTone(activityOn: string): ActivityTone {
  const word = activityOn.trim().toLowerCase();
  if (word === 'today') return 'today';
  if (word === 'yesterday') return 'yesterday';
  return 'older';
}
