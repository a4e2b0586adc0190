import { useEffect } from 'react';

/**
 * While `visible`, remembers what had the focus when it became visible (the button that opened a dialog) and
 * gives the focus back to it when the dialog closes, also when the page removes the dialog at once: PrimeReact's
 * own return waits for the end of a closing animation that a removed dialog never has.
 */
export function useReturnFocus(visible: boolean): void {
  useEffect(() => {
    if (!visible) return undefined;
    const opener = document.activeElement;
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [visible]);
}
