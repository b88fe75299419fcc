import { useCallback, useEffect, useState } from "react";
import { deskApi, type DeskStatus } from "../deskApi.ts";

/** How often the status bar asks the core (the sync age moves, the background loop may come back online). */
export const STATUS_INTERVAL_MS = 3_000;

/**
 * A status asked of the core now, every `intervalMs` (STATUS_INTERVAL_MS unless said) and on demand; a failed ask
 * (even one that throws at once, as a channel an older preload lacks) keeps the last answer. `ask` must be stable
 * (a module's function).
 */
export function usePolledStatus<T>(
  ask: () => Promise<T>,
  intervalMs = STATUS_INTERVAL_MS,
): {
  value: T | null;
  refresh(): void;
  /** An answer a call has just given, shown without waiting for the next ask. */
  update(value: T): void;
} {
  const [value, setValue] = useState<T | null>(null);
  const refresh = useCallback(() => {
    void Promise.resolve()
      .then(ask)
      .then(setValue)
      .catch(() => undefined);
  }, [ask]);
  useEffect(() => {
    refresh();
    const timer = setInterval(refresh, intervalMs);
    return () => clearInterval(timer);
  }, [refresh, intervalMs]);
  return { value, refresh, update: setValue };
}

const askDeskStatus = () => deskApi()["desk.status"]();

/** The desk's status, asked again every few seconds and on demand (after a scan, a sync). */
export function useDeskStatus(): { status: DeskStatus | null; refresh(): void } {
  const { value, refresh } = usePolledStatus(askDeskStatus);
  return { status: value, refresh };
}
