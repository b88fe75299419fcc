import type { GuestMergeStep } from "../guests/mergeSteps.ts";
import { revokeCodeInForce } from "./codes.ts";

/**
 * A merge revokes the merged-away guest's entry code, by the user merging: the badge or email that carried it
 * no longer lets anyone in (a desk answers `revoked`), and the code's row says when and by whom. The kept
 * guest's own code stays in force.
 */
export const revokeMergedGuestCode: GuestMergeStep = async (trx, { eventId, mergeId, now, actorUserId }) => {
  await revokeCodeInForce(trx, eventId, mergeId, now, actorUserId);
};
