/**
 * The primary desk's channels of `window.desk` (desktop/src/core/primary/handlers.ts): their types imported from
 * the core, never its code.
 */
import type { PrimaryHandlers } from "../../core/primary/handlers.ts";
import { deskApi } from "../deskApi.ts";

export type {
  FoundPrimary,
  PrimaryConnectRefusal,
  PrimaryStartResult,
  PrimaryStatus,
} from "../../core/primary/handlers.ts";

export function primaryApi(): PrimaryHandlers {
  return deskApi();
}
