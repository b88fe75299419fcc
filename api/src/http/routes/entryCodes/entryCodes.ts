import { entryCodeContracts as codes } from "@tessera/shared/contracts/entryCodes";
import {
  getGuestEntryCode,
  portalEntryCode,
  reissueGuestEntryCode,
  revokeGuestEntryCode,
} from "../../../services/checkin-codes/codes.ts";
import { listGuestCodeKeys, retireGuestCodeKey, rotateGuestCodeKey } from "../../../services/checkin-codes/keys.ts";
import { guestSessionCookie } from "../../middleware/cookies.ts";
import { presentEntryCode, presentGuestCodeKeys, presentPortalEntryCode } from "../../presenters/entryCode.ts";
import { route, type Route } from "../define.ts";
import { eventKey } from "../guests/eventKey.ts";

const presentAnswer = ({ entryCode }: { entryCode: Parameters<typeof presentEntryCode>[0] | null }) => ({
  entryCode: entryCode ? presentEntryCode(entryCode) : null,
});

/** Guests' signed entry codes: the event's keys, a guest's code, and the portal's own code. */
export const entryCodeRoutes: Route[] = [
  route(codes.keys, async (scope, { params }) =>
    presentGuestCodeKeys(await listGuestCodeKeys(scope, eventKey(params))),
  ),
  route(codes.rotateKey, async (scope, { params }) =>
    presentGuestCodeKeys(await rotateGuestCodeKey(scope, eventKey(params))),
  ),
  route(codes.retireKey, async (scope, { params }) =>
    presentGuestCodeKeys(await retireGuestCodeKey(scope, eventKey(params), params.number)),
  ),
  route(codes.guestCode, async (scope, { params }) =>
    presentAnswer(await getGuestEntryCode(scope, eventKey(params), params.id)),
  ),
  route(codes.revokeGuestCode, async (scope, { params }) =>
    presentAnswer(await revokeGuestEntryCode(scope, eventKey(params), params.id)),
  ),
  route(codes.reissueGuestCode, async (scope, { params }) =>
    presentAnswer(await reissueGuestEntryCode(scope, eventKey(params), params.id)),
  ),
  route(codes.portalCode, async (scope, { params }, ctx) => {
    ctx.set("Cache-Control", "private, no-store");
    return presentPortalEntryCode(await portalEntryCode(scope, params.event, guestSessionCookie(ctx)));
  }),
];
