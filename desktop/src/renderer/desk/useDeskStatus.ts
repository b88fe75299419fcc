import { useCallback, useEffect, useState } from "react";
import { deskApi, type DeskStatus } from "../deskApi.ts";

/** How often the status bar asks the core (the sync age moves, the background loop may come back online). */
export const STATUS_INTERVAL_MS = 3_000;

/** The desk's status, asked again every few seconds and on demand (after a scan, a sync). */
export function useDeskStatus(): { status: DeskStatus | null; refresh(): void } {
  const [status, setStatus] = useState<DeskStatus | null>(null);
  const refresh = useCallback(() => {
    void deskApi()
      ["desk.status"]()
      .then(setStatus)
      .catch(() => undefined);
  }, []);
  useEffect(() => {
    refresh();
    const timer = setInterval(refresh, STATUS_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [refresh]);
  return { status, refresh };
}
