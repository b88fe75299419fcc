import { usePolledStatus } from "../desk/useDeskStatus.ts";
import { primaryApi, type PrimaryStatus } from "./primaryApi.ts";

// A window whose desk has no primary channels (an older preload) shows no role rather than failing.
const askPrimaryStatus = () => primaryApi()["primary.status"]();

/** This desk's venue role, asked again with the status bar's and on demand (after a scan, a pairing). */
export function usePrimaryStatus(): {
  primaryStatus: PrimaryStatus | null;
  refresh(): void;
  /** A status a primary call has just answered, shown without waiting for the next ask. */
  update(status: PrimaryStatus): void;
} {
  const { value, refresh, update } = usePolledStatus(askPrimaryStatus);
  return { primaryStatus: value, refresh, update };
}
