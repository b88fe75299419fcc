import { AccountParams, Ok } from "../schemas/common.ts";
import { EVENT_ADMIN_FIELDS } from "../rules/events.ts";
import {
  EventCreate,
  EventDuplicate,
  EventGetQuery,
  EventListQuery,
  EventPage,
  EventParams,
  EventSchema,
  EventTeamParams,
  EventUpdate,
  EventUserParams,
} from "../schemas/events.ts";
import { contract } from "./contract.ts";

const tags = ["events"];
const VISIBILITY =
  "Platform administrators, overseers and API keys see every event of the account; organizers, editors " +
  "and readers the events they created, are listed on, or whose access list holds one of their teams. " +
  "An event the caller cannot see answers 404.";
const ADMIN_FIELDS = `Only platform administrators may send ${EVENT_ADMIN_FIELDS.join(", ")}: anyone else gets 403 and nothing changes.`;
const ARCHIVE =
  "Editors and up (events.update). Archived events are listed only with filter=archived and are for " +
  "organizers only.";
const ACCESS =
  "Overseers and platform administrators (events.manageAccess). Answers the event with `access` expanded. ";
const USER_ACCESS = ACCESS + "The user must belong to the event's account (422 not_account_member).";
const TEAM_ACCESS = ACCESS + "The team must belong to the event's account (404 otherwise).";
const IDEMPOTENT = " Granting what is already granted, or revoking what is not, changes nothing.";
/** Spec §9: event fetches send cache-control headers, so that no cache between answers with a stale event. */
const FRESH = { "Cache-Control": "no-cache" } as const;

/** /accounts/{a}/events and one event's access lists (spec §7). */
export const eventContracts = {
  list: contract({
    method: "get",
    path: "/accounts/:a/events",
    summary: "List the account's events",
    description:
      "`filter`: all (every event not archived, the default), upcoming, in_progress, past, archived; " +
      "`sort`: start_date (undated last, the default), recently_created, name; `search` matches the name. " +
      VISIBILITY,
    tags,
    params: AccountParams,
    query: EventListQuery,
    response: EventPage,
    errors: [404],
    clientHeaders: FRESH,
  }),
  create: contract({
    method: "post",
    path: "/accounts/:a/events",
    summary: "Create an event",
    description:
      "Organizers, overseers, platform administrators and API keys (events.create). Fields left out take the " +
      "account's default event params. 409 slug_taken, domain_taken, event_limit_reached. " +
      ADMIN_FIELDS,
    tags,
    params: AccountParams,
    body: EventCreate,
    response: EventSchema,
    status: 201,
    errors: [403, 404, 409],
  }),
  get: contract({
    method: "get",
    path: "/accounts/:a/events/:id",
    summary: "Get an event",
    description: "`expand=access` adds the users and teams of its access lists. " + VISIBILITY,
    tags,
    params: EventParams,
    query: EventGetQuery,
    response: EventSchema,
    errors: [404],
    clientHeaders: FRESH,
  }),
  update: contract({
    method: "post",
    path: "/accounts/:a/events/:id",
    summary: "Update an event",
    description:
      "Editors and up (events.update) on an event they see. The slug may be sent only unchanged " +
      "(422 slug_immutable); `customDomains` replaces the list. " +
      ADMIN_FIELDS,
    tags,
    params: EventParams,
    body: EventUpdate,
    response: EventSchema,
    errors: [403, 404, 409],
  }),
  remove: contract({
    method: "delete",
    path: "/accounts/:a/events/:id",
    summary: "Delete an event",
    description:
      "Organizers and up (events.delete). A user cannot remove an event linked to a team they belong to: " +
      "409 event_not_deleted, with the reason in the message.",
    tags,
    params: EventParams,
    response: Ok,
    errors: [403, 404, 409],
  }),
  duplicate: contract({
    method: "post",
    path: "/accounts/:a/events/:id/duplicate",
    summary: "Duplicate an event",
    description:
      "Organizers and up (events.create) on an event they see. The copy takes a new name and slug, every " +
      "setting but the custom domains, the access lists and what each area registered to copy; it is " +
      "never archived. 409 slug_taken, event_limit_reached.",
    tags,
    params: EventParams,
    body: EventDuplicate,
    response: EventSchema,
    status: 201,
    errors: [403, 404, 409],
  }),
  archive: contract({
    method: "post",
    path: "/accounts/:a/events/:id/archive",
    summary: "Archive an event",
    description: ARCHIVE,
    tags,
    params: EventParams,
    response: EventSchema,
    errors: [403, 404],
  }),
  unarchive: contract({
    method: "post",
    path: "/accounts/:a/events/:id/unarchive",
    summary: "Bring an archived event back",
    description: ARCHIVE,
    tags,
    params: EventParams,
    response: EventSchema,
    errors: [403, 404],
  }),
  addUser: contract({
    method: "put",
    path: "/accounts/:a/events/:id/administrators/:userId",
    summary: "Give a user access to the event",
    description: USER_ACCESS + IDEMPOTENT,
    tags,
    params: EventUserParams,
    response: EventSchema,
    errors: [403, 404, 422],
  }),
  removeUser: contract({
    method: "delete",
    path: "/accounts/:a/events/:id/administrators/:userId",
    summary: "Take away a user access to the event",
    description: USER_ACCESS + IDEMPOTENT,
    tags,
    params: EventUserParams,
    response: EventSchema,
    errors: [403, 404],
  }),
  addTeam: contract({
    method: "put",
    path: "/accounts/:a/events/:id/teams/:teamId",
    summary: "Give a team access to the event",
    description: TEAM_ACCESS + IDEMPOTENT,
    tags,
    params: EventTeamParams,
    response: EventSchema,
    errors: [403, 404],
  }),
  removeTeam: contract({
    method: "delete",
    path: "/accounts/:a/events/:id/teams/:teamId",
    summary: "Take away a team access to the event",
    description: TEAM_ACCESS + IDEMPOTENT,
    tags,
    params: EventTeamParams,
    response: EventSchema,
    errors: [403, 404],
  }),
};
