import { ALL_COUNTRIES_ID } from '@portal/contracts';

/**
 * Spec §5: choosing All Countries (0) makes it the only selection. Picking a country while All Countries is
 * selected replaces it with that country.
 */
export function nextCountrySelection(previous: readonly number[], picked: readonly number[]): number[] {
  const hadAll = previous.includes(ALL_COUNTRIES_ID);
  const hasAll = picked.includes(ALL_COUNTRIES_ID);
  if (hasAll && !hadAll) return [ALL_COUNTRIES_ID];
  if (hasAll && picked.length > 1) return picked.filter((id) => id !== ALL_COUNTRIES_ID);
  return [...picked];
}
