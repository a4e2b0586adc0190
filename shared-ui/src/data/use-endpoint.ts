import type { AnswerOf, AnyEndpoint } from '@portal/contracts';
import { callEndpoint } from '../http-client';
import type { CallInput } from '../http-client';
import { useLoad } from './use-load';
import type { LoadOptions, Loaded } from './use-load';

/**
 * Loads one call's answer for a screen: `useEndpoint(AuthEndpoints.profile)`, or with its input,
 * `useEndpoint(AffiliateEndpoints.details, { params: { id } })`. Calls again when the input's content changes
 * (not its identity), cancels the previous call, and gives the screen loading, error (with reload) and data.
 */
export function useEndpoint<E extends AnyEndpoint>(
  endpoint: E,
  input: CallInput<E> = {},
  options?: LoadOptions,
): Loaded<AnswerOf<E>> {
  const inputKey = JSON.stringify(input);
  // The input's content, not its identity, decides when to call again (a literal is a new object each render).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useLoad((signal) => callEndpoint(endpoint, input, { signal }), [endpoint, inputKey], options);
}
