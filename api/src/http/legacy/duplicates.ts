import { legacyContracts as legacy } from "@tessera/shared/contracts/legacy";
import { presentDuplicatePairs } from "../presenters/duplicates.ts";
import { presentOneGuest } from "../presenters/guest.ts";
import { route, type Route } from "../routes/define.ts";
import { listDuplicates } from "../../services/guests/duplicates.ts";
import { mergeGuests } from "../../services/guests/merge.ts";
import { deleteGuests } from "../../services/guests/remove.ts";
import { requireAntiForgeryOnGetWrite } from "./eventBySlug.ts";

/** The legacy duplicates endpoints (spec §7 `/{event}/admin/duplicates/...`): the event named by its slug. */
export const legacyDuplicateRoutes: Route[] = [
  route(legacy.duplicates, async (scope, { params, query }) => {
    const { rows, extras, pagination } = await listDuplicates(scope, { slug: params.event }, query);
    return { data: presentDuplicatePairs(rows, extras), pagination };
  }),
  route(legacy.mergeDuplicates, async (scope, { params, query }, ctx) => {
    requireAntiForgeryOnGetWrite(ctx);
    return presentOneGuest(await mergeGuests(scope, { slug: params.event }, query.user1, query.user2));
  }),
  route(legacy.deleteDuplicates, async (scope, { params, body }) =>
    deleteGuests(scope, { slug: params.event }, { ids: body.selectedIds }),
  ),
];
