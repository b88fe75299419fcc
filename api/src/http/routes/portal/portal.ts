import { portalContracts as portal } from "@tessera/shared/contracts/portal";
import { revokeGuestSession } from "../../../services/portal/guestSessions.ts";
import { portalMe, requestSignInLink, signInGuest } from "../../../services/portal/signIn.ts";
import { answerPortalSurvey, listPortalSurveys, viewPortalSurvey } from "../../../services/portal/surveys.ts";
import { listPortalAttendees } from "../../../services/portal/attendees.ts";
import { signedInGuest } from "../../../services/portal/signedInGuest.ts";
import {
  addPortalCompanion,
  listPortalCompanions,
  removePortalCompanion,
  updatePortalCompanion,
  viewPortalCompanionForm,
} from "../../../services/portal/companions.ts";
import {
  cancelPortalRegistration,
  getPortalRegistration,
  updatePortalRegistration,
} from "../../../services/portal/registration.ts";
import { requireSameOrigin } from "../../middleware/antiForgery.ts";
import { clearGuestSessionCookie, guestSessionCookie, setGuestSessionCookie } from "../../middleware/cookies.ts";
import { route, type Route } from "../define.ts";

/** /public/events/{event}/portal: guests sign in to an event's portal by email. */
export const portalRoutes: Route[] = [
  route(portal.requestLink, async (scope, { params, body }) => {
    await requestSignInLink(scope, params.event, body.email);
    return { sent: true as const };
  }),
  route(portal.signIn, async (scope, { params, body }, ctx) => {
    requireSameOrigin(ctx);
    const { token, expiresAt, me } = await signInGuest(scope, params.event, body);
    setGuestSessionCookie(ctx, token, expiresAt);
    return me;
  }),
  route(portal.me, async (scope, { params }, ctx) => {
    const { event, guest } = await signedInGuest(scope, params.event, guestSessionCookie(ctx));
    return portalMe(scope.db, event, guest);
  }),
  route(portal.registration, (scope, { params }, ctx) =>
    getPortalRegistration(scope, params.event, guestSessionCookie(ctx)),
  ),
  route(portal.updateRegistration, (scope, { params, body }, ctx) => {
    requireSameOrigin(ctx);
    return updatePortalRegistration(scope, params.event, guestSessionCookie(ctx), body);
  }),
  route(portal.cancelRegistration, (scope, { params }, ctx) => {
    requireSameOrigin(ctx);
    return cancelPortalRegistration(scope, params.event, guestSessionCookie(ctx));
  }),
  route(portal.surveys, async (scope, { params }, ctx) => ({
    data: await listPortalSurveys(scope, params.event, guestSessionCookie(ctx)),
  })),
  route(portal.survey, (scope, { params }, ctx) =>
    viewPortalSurvey(scope, params.event, guestSessionCookie(ctx), params.id),
  ),
  route(portal.answerSurvey, (scope, { params, body }, ctx) => {
    requireSameOrigin(ctx);
    return answerPortalSurvey(scope, params.event, guestSessionCookie(ctx), params.id, body);
  }),
  route(portal.companions, (scope, { params }, ctx) =>
    listPortalCompanions(scope, params.event, guestSessionCookie(ctx)),
  ),
  route(portal.companionForm, (scope, { params }, ctx) =>
    viewPortalCompanionForm(scope, params.event, guestSessionCookie(ctx)),
  ),
  route(portal.addCompanion, (scope, { params, body }, ctx) => {
    requireSameOrigin(ctx);
    return addPortalCompanion(scope, params.event, guestSessionCookie(ctx), body);
  }),
  route(portal.updateCompanion, (scope, { params, body }, ctx) => {
    requireSameOrigin(ctx);
    return updatePortalCompanion(scope, params.event, guestSessionCookie(ctx), params.id, body);
  }),
  route(portal.removeCompanion, (scope, { params }, ctx) => {
    requireSameOrigin(ctx);
    return removePortalCompanion(scope, params.event, guestSessionCookie(ctx), params.id);
  }),
  route(portal.attendees, async (scope, { params }, ctx) => ({
    data: await listPortalAttendees(scope, params.event, guestSessionCookie(ctx)),
  })),
  route(portal.signOut, async (scope, _input, ctx) => {
    requireSameOrigin(ctx);
    await revokeGuestSession(scope.db, guestSessionCookie(ctx), scope.clock.now());
    clearGuestSessionCookie(ctx);
    return { ok: true as const };
  }),
];
