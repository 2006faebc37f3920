import { useCallback, useEffect, useRef } from "react";

/**
 * Schedules `onClose` after `delayMs`; `cancel()` (e.g. the pointer re-entering) aborts it.
 * Used by the header dropdowns, which close 200 ms after the pointer leaves (spec §9).
 */
export function useDelayedClose(onClose: () => void, delayMs: number) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  const cancel = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  const schedule = useCallback(() => {
    cancel();
    timer.current = setTimeout(() => {
      timer.current = undefined;
      onCloseRef.current();
    }, delayMs);
  }, [cancel, delayMs]);

  useEffect(() => cancel, [cancel]);
  return { schedule, cancel };
}
