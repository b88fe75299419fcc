import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { Team } from "../../models/Team.ts";
import { User } from "../../models/User.ts";
import { recordAudit } from "../audit/record.ts";
import type { Scope } from "../scope.ts";
import { loadOneEventDetails, type EventDetails } from "./details.ts";
import { findEventFor } from "./find.ts";

export type AccessTarget = { kind: "user"; userId: string } | { kind: "team"; teamId: string };

const LISTS = {
  user: { table: "eventUsers", column: "userId" },
  team: { table: "eventTeams", column: "teamId" },
} as const;

/**
 * A user must be a member of the event's account (422 not_account_member, also for an unknown id:
 * the caller learns nothing of other accounts); a team of another account is as missing as an
 * unknown one (404).
 */
function unknownTarget(target: AccessTarget): AppError {
  if (target.kind === "user") return new AppError("not_account_member", 422, { details: { field: "userId" } });
  return AppError.notFound();
}

/** The name of the user or team of the account (the history names it by that), or null when it is none. */
async function targetName(trx: Knex.Transaction, accountId: string, target: AccessTarget): Promise<string | null> {
  if (target.kind === "user") {
    const user = await User.query(trx).findById(target.userId).where({ accountId });
    return user ? `${user.firstName} ${user.lastName}`.trim() : null;
  }
  const team = await Team.query(trx).findById(target.teamId).where({ accountId });
  return team ? team.name : null;
}

/**
 * Puts a user or a team on the event's access list (granted) or takes it off (revoked). Granting
 * what is already there, or revoking what is not, changes and records nothing.
 */
export async function changeEventAccess(
  scope: Scope,
  accountId: string,
  eventId: string,
  target: AccessTarget,
  grant: boolean,
): Promise<EventDetails> {
  const { table, column } = LISTS[target.kind];
  const targetId = target.kind === "user" ? target.userId : target.teamId;
  const event = await scope.db.transaction(async (trx) => {
    const { event: current } = await findEventFor(trx, scope.actor, "manageAccess", accountId, eventId, {
      lock: true,
    });
    const name = await targetName(trx, accountId, target);
    if (grant && name === null) throw unknownTarget(target);
    const row = { eventId, [column]: targetId };
    const present = await trx(table).where(row).first();
    if (Boolean(present) === grant) return current;
    if (grant) await trx(table).insert({ ...row, createdAt: scope.clock.now().toISOString() });
    else await trx(table).where(row).delete();
    await recordAudit(trx, scope, {
      action: grant ? "event.access_granted" : "event.access_revoked",
      subjectType: "event",
      subjectId: eventId,
      accountId,
      eventId,
      ...(grant ? { after: { [column]: targetId } } : { before: { [column]: targetId } }),
      metadata: name === null ? null : { names: { [targetId]: name } },
    });
    return current;
  });
  return loadOneEventDetails(scope.db, scope.actor, event, { withAccess: true });
}
