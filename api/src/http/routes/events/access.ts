import { EventSchema, EventTeamParams, EventUserParams } from "@tessera/shared";
import { presentEvent } from "../../presenters/event.ts";
import { changeEventAccess, type AccessTarget } from "../../../services/events/access.ts";
import { route, type AnyRoute } from "../define.ts";

const TAGS = ["events"];

function accessRoute(method: "put" | "delete", kind: AccessTarget["kind"]): AnyRoute {
  const grant = method === "put";
  const user = kind === "user";
  return route({
    method,
    path: user ? "/accounts/:a/events/:id/administrators/:userId" : "/accounts/:a/events/:id/teams/:teamId",
    summary: `${grant ? "Give" : "Take away"} ${user ? "a user" : "a team"} access to the event`,
    description:
      "Overseers and platform administrators (events.manageAccess). Answers the event with `access` expanded. " +
      (user
        ? "The user must belong to the event's account (422 not_account_member)."
        : "The team must belong to the event's account (404 otherwise).") +
      " Granting what is already granted, or revoking what is not, changes nothing.",
    tags: TAGS,
    params: user ? EventUserParams : EventTeamParams,
    response: EventSchema,
    errors: [403, 404, ...(user && grant ? [422] : [])],
    handler: async (ctx, { params }) => {
      const { a, id } = params as { a: string; id: string; userId?: string; teamId?: string };
      const target: AccessTarget = user
        ? { kind: "user", userId: (params as { userId: string }).userId }
        : { kind: "team", teamId: (params as { teamId: string }).teamId };
      return presentEvent(await changeEventAccess(ctx, a, id, target, grant), ctx.state.actor);
    },
  });
}

/** PUT / DELETE events/{id}/administrators/{userId} and events/{id}/teams/{teamId} (spec §7). */
export const eventAccessRoutes: AnyRoute[] = [
  accessRoute("put", "user"),
  accessRoute("delete", "user"),
  accessRoute("put", "team"),
  accessRoute("delete", "team"),
];
