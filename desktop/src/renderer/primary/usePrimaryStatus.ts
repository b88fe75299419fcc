import { useCallback, useEffect, useState } from "react";
import { STATUS_INTERVAL_MS } from "../desk/useDeskStatus.ts";
import { primaryApi, type PrimaryStatus } from "./primaryApi.ts";

/** This desk's venue role, asked again with the status bar's and on demand (after a scan, a pairing). */
export function usePrimaryStatus(): {
  primaryStatus: PrimaryStatus | null;
  refresh(): void;
  /** A status a primary call has just answered, shown without waiting for the next ask. */
  update(status: PrimaryStatus): void;
} {
  const [primaryStatus, setPrimaryStatus] = useState<PrimaryStatus | null>(null);
  const refresh = useCallback(() => {
    // A window whose desk has no primary channels (an older preload) shows no role rather than failing.
    void Promise.resolve()
      .then(() => primaryApi()["primary.status"]())
      .then(setPrimaryStatus)
      .catch(() => undefined);
  }, []);
  useEffect(() => {
    refresh();
    const timer = setInterval(refresh, STATUS_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [refresh]);
  return { primaryStatus, refresh, update: setPrimaryStatus };
}
