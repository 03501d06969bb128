/**
 * Text typed into a server-rendered input before the scripts ran. React keeps it in the DOM while
 * it hydrates, but the component's state does not know it, so its next render (or a submit that
 * reads the state) would wipe it. Once hydrated, this hands the DOM's value to `adopt` when it
 * differs from the state's; what is typed afterwards reaches the state through onChange.
 */
import { useLayoutEffect, type RefObject } from 'react';

export function useTypedBeforeHydration(
  ref: RefObject<HTMLInputElement | null>,
  value: string,
  adopt: (typed: string) => void,
): void {
  useLayoutEffect(() => {
    const typed = ref.current?.value;
    if (typed !== undefined && typed !== value) adopt(typed);
    // Only the first commit: later differences are the state's own changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
