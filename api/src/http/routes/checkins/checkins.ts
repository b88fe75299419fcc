import { checkinCodeContracts as codes, checkinContracts as checkins } from "@tessera/shared/contracts/checkins";
import { checkinLiveContracts as live } from "@tessera/shared/contracts/checkinLive";
import { streamEvents } from "../../eventStream.ts";
import { liveScans } from "../../../services/checkins/live.ts";
import { presentAccessCode, presentCheckin, presentDeskConnection } from "../../presenters/checkin.ts";
import {
  createAccessCode,
  deskConnections,
  lastAccessCode,
  revokeAccessCode,
} from "../../../services/checkins/accessCodes.ts";
import { checkBatch, checkGuest } from "../../../services/checkins/scans.ts";
import {
  createCheckin,
  deleteCheckin,
  getCheckin,
  listCheckins,
  updateCheckin,
} from "../../../services/checkins/sessions.ts";
import { checkinStats } from "../../../services/checkins/stats.ts";
import { route, type Route } from "../define.ts";
import { eventKey } from "../guests/eventKey.ts";

/** /events/{a}/{e}/checkins: the event's check-in sessions and their scans (spec §7 `checkins`). */
export const checkinRoutes: Route[] = [
  route(checkins.list, async (scope, { params }) => ({
    data: (await listCheckins(scope, eventKey(params))).map((view) => presentCheckin(scope.actor, scope.t, view)),
  })),
  route(checkins.create, async (scope, { params, body }) =>
    presentCheckin(scope.actor, scope.t, await createCheckin(scope, eventKey(params), body)),
  ),
  route(checkins.get, async (scope, { params }) =>
    presentCheckin(scope.actor, scope.t, await getCheckin(scope, eventKey(params), params.id)),
  ),
  route(checkins.update, async (scope, { params, body }) =>
    presentCheckin(scope.actor, scope.t, await updateCheckin(scope, eventKey(params), params.id, body)),
  ),
  route(checkins.remove, async (scope, { params }) => {
    await deleteCheckin(scope, eventKey(params), params.id);
    return { ok: true as const };
  }),
  route(checkins.stats, (scope, { params }) => checkinStats(scope, eventKey(params), params.id)),
  route(live.session, async (scope, { params }, ctx) => {
    streamEvents(ctx, await liveScans(scope, eventKey(params), params.id));
  }),
  route(live.event, async (scope, { params }, ctx) => {
    streamEvents(ctx, await liveScans(scope, eventKey(params), null));
  }),
  route(checkins.check, (scope, { params, body }) => checkGuest(scope, eventKey(params), params.id, body)),
  route(checkins.checkBatch, async (scope, { params, body }) => ({
    data: await checkBatch(scope, eventKey(params), params.id, body.scans),
  })),
];

/** /events/{a}/{e}/checkincodes: the access codes desks sign in with (spec §7 `checkincodes`). */
export const checkinCodeRoutes: Route[] = [
  route(codes.last, async (scope, { params, query }) => {
    const code = await lastAccessCode(scope, eventKey(params), query.checkinId);
    return { data: code ? presentAccessCode(code) : null };
  }),
  route(codes.create, async (scope, { params, body }) =>
    presentAccessCode(await createAccessCode(scope, eventKey(params), body.checkinId)),
  ),
  route(codes.revoke, async (scope, { params }) => {
    await revokeAccessCode(scope, eventKey(params), params.id);
    return { ok: true as const };
  }),
  route(codes.sessions, async (scope, { params, query }) => ({
    data: (await deskConnections(scope, eventKey(params), query.checkinId)).tokens.map(presentDeskConnection),
  })),
];
