import { MERGE_STATUS_ORDER } from "../rules/guests.ts";
import { Ok } from "../schemas/common.ts";
import {
  DuplicateIgnoreBody,
  DuplicateListQuery,
  DuplicateMergeBody,
  DuplicatePage,
} from "../schemas/guestDuplicates.ts";
import { EventScopedParams, GuestSchema } from "../schemas/guests.ts";
import { contract } from "./contract.ts";

const tags = ["duplicates"];
const ACCESS =
  "Read: anyone who sees the event (events.read); ignore and merge: editors and up (events.update). " +
  "An event the caller cannot see answers 404.";

/** /events/{a}/{e}/duplicates: guests that look like the same person, set aside or merged. */
export const duplicateContracts = {
  list: contract({
    method: "get",
    path: "/events/:a/:e/duplicates",
    summary: "List the event's duplicate guests",
    description:
      "Pairs of guests with the same email (trimmed, case-insensitive) or the same first and last name " +
      "(trimmed, case- and accent-insensitive; both names needed), minus the pairs set aside. `reason` is email " +
      "when the emails match (then listed first), else name; smaller guest id first in each pair. " +
      ACCESS,
    tags,
    params: EventScopedParams,
    query: DuplicateListQuery,
    response: DuplicatePage,
    errors: [404],
  }),
  ignore: contract({
    method: "post",
    path: "/events/:a/:e/duplicates/ignore",
    summary: "Set a pair of guests aside: they are not duplicates",
    description: "Idempotent. 422 when a guest is not of this event or both ids are the same. " + ACCESS,
    tags,
    params: EventScopedParams,
    body: DuplicateIgnoreBody,
    response: Ok,
    errors: [403, 404],
  }),
  merge: contract({
    method: "post",
    path: "/events/:a/:e/duplicates/merge",
    summary: "Merge a guest into another",
    description:
      "In one transaction the kept guest takes: answers (its non-empty ones win, the merged guest's fill the " +
      "gaps, multiple-choice answers are united), identity fields where empty, the merged guest's companions, " +
      "the larger companionsExpected, its recommendations, the more advanced status (" +
      MERGE_STATUS_ORDER.join(" > ") +
      "), its history (audit entries re-pointed) and whatever later areas move (check-ins, orders …); the merged " +
      "guest is then deleted and `guest.merged` recorded with both snapshots. Returns the kept guest. 422 for " +
      "the same guest twice or a guest of another event. " +
      ACCESS,
    tags,
    params: EventScopedParams,
    body: DuplicateMergeBody,
    response: GuestSchema,
    errors: [403, 404],
  }),
};
