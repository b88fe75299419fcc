import { duplicateContracts as duplicates } from "@tessera/shared/contracts/duplicates";
import { presentDuplicatePairs } from "../../presenters/duplicates.ts";
import { presentOneGuest } from "../../presenters/guest.ts";
import { ignoreDuplicatePair, listDuplicates } from "../../../services/guests/duplicates.ts";
import { mergeGuests } from "../../../services/guests/merge.ts";
import { route, type Route } from "../define.ts";
import { eventKey } from "./eventKey.ts";

/** /events/{a}/{e}/duplicates: guests that look like the same person. */
export const duplicateRoutes: Route[] = [
  route(duplicates.list, async (scope, { params, query }) => {
    const { rows, extras, pagination } = await listDuplicates(scope, eventKey(params), query);
    return { data: presentDuplicatePairs(rows, extras), pagination };
  }),
  route(duplicates.ignore, async (scope, { params, body }) => {
    await ignoreDuplicatePair(scope, eventKey(params), body.guestIds);
    return { ok: true as const };
  }),
  route(duplicates.merge, async (scope, { params, body }) =>
    presentOneGuest(await mergeGuests(scope, eventKey(params), body.keepId, body.mergeId)),
  ),
];
