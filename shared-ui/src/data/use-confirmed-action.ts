import { useState } from 'react';
import { notify } from '../toasts';

export interface ConfirmedAction<Item> {
  /** The item the question is about, or null while nothing is asked. */
  asking: Item | null;
  ask: (item: Item) => void;
  cancel: () => void;
  /** While the confirmed action runs. */
  busy: boolean;
  confirm: () => Promise<void>;
}

/**
 * A destructive action behind a yes/no question (ConfirmDialog): ask about an item, run the action on Yes, then
 * toast the success message, close the question and call `after` (reload the list). On failure the question
 * stays open: the HTTP client has already shown the server's message.
 */
export function useConfirmedAction<Item>(
  run: (item: Item) => Promise<unknown>,
  successMessage: string,
  after: () => void,
): ConfirmedAction<Item> {
  const [asking, setAsking] = useState<Item | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (asking === null || busy) return;
    setBusy(true);
    try {
      await run(asking);
      notify.success(successMessage);
      setAsking(null);
      after();
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return { asking, ask: setAsking, cancel: () => setAsking(null), busy, confirm };
}
