import { useCallback, useEffect, useState } from "react";
import { deskApi, type DeskPrintStatus } from "../deskApi.ts";

const PRINT_STATUS_INTERVAL_MS = 5_000;

/** The desk's printer and its state (paper out, offline), asked again every few seconds. */
export function usePrintStatus(): { printStatus: DeskPrintStatus | null; refresh(): void } {
  const [printStatus, setPrintStatus] = useState<DeskPrintStatus | null>(null);
  const refresh = useCallback(() => {
    void deskApi()
      ["print.status"]()
      .then(setPrintStatus)
      .catch(() => undefined);
  }, []);
  useEffect(() => {
    refresh();
    const timer = setInterval(refresh, PRINT_STATUS_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [refresh]);
  return { printStatus, refresh };
}
