import { useLoad } from '@portal/shared-ui';
import { fetchUserFormOptions } from './user-api';

/** The roles and countries every user form offers, loaded once per screen. */
export function useUserFormOptions(enabled = true) {
  return useLoad((signal) => fetchUserFormOptions(signal), [], { enabled });
}
