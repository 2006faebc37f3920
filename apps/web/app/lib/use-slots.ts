import type { SlotsAnswer } from "@site/contracts/consultation";
import { useCallback, useEffect, useState } from "react";
import { fetchSlots } from "./consultation-api";

export type SlotsState = { state: "loading" } | { state: "failed" } | { state: "ready"; answer: SlotsAnswer };

/** The free slots in `zone` (null: not yet known, nothing is fetched), reloaded when it changes or on `reload()`. */
export function useSlots(zone: string | null, token?: string) {
  const [slots, setSlots] = useState<SlotsState>({ state: "loading" });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!zone) return;
    const controller = new AbortController();
    setSlots({ state: "loading" });
    fetchSlots(zone, token, controller.signal).then(
      (answer) => setSlots({ state: "ready", answer }),
      () => controller.signal.aborted || setSlots({ state: "failed" }),
    );
    return () => controller.abort();
  }, [zone, token, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { slots, reload };
}
