import { EventScopedIdParams, EventScopedParams } from "../schemas/guests.ts";
import { PortalParams } from "../schemas/portal.ts";
import {
  GuestCodeKeyList,
  GuestCodeKeyParams,
  GuestEntryCodeAnswer,
  PortalEntryCodeSchema,
} from "../schemas/entryCodes.ts";
import { contract } from "./contract.ts";

const tags = ["checkin"];
const EDITORS =
  "Editors and up (events.update): a code lets its holder in, so readers do not see it; an event the caller " +
  "cannot see, or a guest of another event, is 404.";

/**
 * Guests' signed entry codes (issue 12 item 2): the event's Ed25519 keys, each guest's code with its QR
 * image, revocation and re-issue; and the signed-in guest's own code in the guest portal.
 */
export const entryCodeContracts = {
  keys: contract({
    method: "get",
    path: "/events/:a/:e/entry-code-keys",
    summary: "The event's keys that sign guests' entry codes",
    description: `${EDITORS} Oldest first; public keys only.`,
    tags,
    params: EventScopedParams,
    response: GuestCodeKeyList,
    errors: [403, 404],
  }),
  rotateKey: contract({
    method: "post",
    path: "/events/:a/:e/entry-code-keys",
    summary: "Rotate the event's signing key",
    description:
      `${EDITORS} A new key becomes the active one: codes issued from now on are signed with it, while the ` +
      "codes the older keys signed still verify until those keys are retired. Answers the keys.",
    tags,
    params: EventScopedParams,
    response: GuestCodeKeyList,
    status: 201,
    errors: [403, 404],
  }),
  retireKey: contract({
    method: "post",
    path: "/events/:a/:e/entry-code-keys/:number/retire",
    summary: "Retire one of the event's signing keys",
    description:
      `${EDITORS} The texts it signed stop verifying, at desks once they take the new verification material. ` +
      "The guests' codes in force it signed are signed again with the active key, same serials (a new key " +
      "is made first when the retired one was active). Retiring a retired key changes nothing. Answers the keys.",
    tags,
    params: GuestCodeKeyParams,
    response: GuestCodeKeyList,
    errors: [403, 404],
  }),
  guestCode: contract({
    method: "get",
    path: "/events/:a/:e/users/:id/entry-code",
    summary: "A guest's entry code and its QR image",
    description:
      `${EDITORS} The code in force, issued on first need (a fresh serial, signed with the active key); ` +
      "`entryCode` is null once it was revoked and none re-issued.",
    tags,
    params: EventScopedIdParams,
    response: GuestEntryCodeAnswer,
    errors: [403, 404],
  }),
  revokeGuestCode: contract({
    method: "post",
    path: "/events/:a/:e/users/:id/entry-code/revoke",
    summary: "Revoke a guest's entry code",
    description:
      `${EDITORS} Desks refuse it (its serial joins the event's revoked list); the guest has no code until ` +
      "one is re-issued. Answers `entryCode: null`.",
    tags,
    params: EventScopedIdParams,
    response: GuestEntryCodeAnswer,
    errors: [403, 404],
  }),
  reissueGuestCode: contract({
    method: "post",
    path: "/events/:a/:e/users/:id/entry-code/reissue",
    summary: "Issue a guest a new entry code",
    description: `${EDITORS} Revokes the code in force, if any, and issues a new one: a new serial, the active key.`,
    tags,
    params: EventScopedIdParams,
    response: GuestEntryCodeAnswer,
    status: 201,
    errors: [403, 404],
  }),
  portalCode: contract({
    method: "get",
    path: "/public/events/:event/portal/entry-code",
    auth: "public",
    summary: "The signed-in guest's own entry code and its QR image",
    description:
      "401 without a guest session of this event. 404 when the guest is not confirmed, or their code was " +
      "revoked and none re-issued.",
    tags,
    params: PortalParams,
    response: PortalEntryCodeSchema,
    errors: [401, 404],
  }),
};
