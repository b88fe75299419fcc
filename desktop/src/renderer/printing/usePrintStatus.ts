import { deskApi, type DeskPrintStatus } from "../deskApi.ts";
import { usePolledStatus } from "../desk/useDeskStatus.ts";

const PRINT_STATUS_INTERVAL_MS = 5_000;

const askPrintStatus = () => deskApi()["print.status"]();

/** The desk's printer and its state (paper out, offline), asked again every few seconds. */
export function usePrintStatus(): { printStatus: DeskPrintStatus | null; refresh(): void } {
  const { value, refresh } = usePolledStatus(askPrintStatus, PRINT_STATUS_INTERVAL_MS);
  return { printStatus: value, refresh };
}
