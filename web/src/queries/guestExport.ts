import type { ContractInput } from "@tessera/shared/client";
import type { guestExportContracts } from "@tessera/shared/contracts/guestExport";
import { api } from "./api.ts";

export type GuestExportQuery = NonNullable<ContractInput<(typeof guestExportContracts)["download"]>["query"]>;

/** Where the browser downloads a view of the guest list as a file (a link, not a fetch). */
export function guestExportUrl(accountId: string, eventId: string, query: GuestExportQuery): string {
  return api.guestExport.download.url({ params: { a: accountId, e: eventId }, query });
}
