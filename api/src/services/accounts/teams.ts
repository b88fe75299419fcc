import type { TeamCreate, TeamUpdate } from "@tessera/shared";
import { isUniqueViolation, lowerContains, lowerEquals, sortableText } from "../../db/dialect.ts";
import type { Db, Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { Team } from "../../models/Team.ts";
import { User } from "../../models/User.ts";
import { authorizeInAccount } from "../../policies/accounts.ts";
import { changedFields, recordAudit } from "../audit/record.ts";
import { paginate, type PageRequest, type PageResult } from "../pagination.ts";
import type { Scope } from "../scope.ts";
import { authorizeInExistingAccount } from "./authorize.ts";

type Executor = Db | Knex.Transaction;

/** A team with what its JSON shows besides its own columns. */
export interface TeamView {
  team: Team;
  memberCount: number;
  /** Only when the caller asked for `expand=members`. */
  members?: User[];
}

/** What the audit trail keeps of a team. */
function teamSnapshot(team: Team, memberIds?: string[]): Record<string, unknown> {
  return {
    id: team.id,
    name: team.name,
    description: team.description,
    ...(memberIds ? { memberIds: [...memberIds].sort() } : {}),
  };
}

function nameTaken(): AppError {
  return new AppError("team_name_taken", 409);
}

/** A team of the account, or 404 (a team of another account is as missing as an unknown one). */
async function findTeam(db: Executor, accountId: string, teamId: string): Promise<Team> {
  const team = await Team.query(db).findById(teamId).where({ accountId });
  if (!team) throw AppError.notFound();
  return team;
}

/** Member counts and (when asked) members of several teams, in two queries whatever their number. */
async function viewsOf(db: Executor, teams: Team[], withMembers: boolean): Promise<TeamView[]> {
  const ids = teams.map((team) => team.id);
  const counts = new Map<string, number>();
  const members = new Map<string, User[]>();
  if (ids.length) {
    const rows = (await db("teamMembers")
      .select("teamId")
      .count({ count: "*" })
      .whereIn("teamId", ids)
      .groupBy("teamId")) as { teamId: string; count: number | string }[];
    for (const row of rows) counts.set(row.teamId, Number(row.count));
    if (withMembers) {
      const users = (await User.query(db)
        .select("users.*", "teamMembers.teamId as memberOfTeamId")
        .join("teamMembers", "teamMembers.userId", "users.id")
        .whereIn("teamMembers.teamId", ids)
        .orderByRaw(`${sortableText(db)}, ${sortableText(db)}, ??`, [
          "users.lastName",
          "users.firstName",
          "users.id",
        ])) as (User & {
        memberOfTeamId: string;
      })[];
      for (const user of users) members.set(user.memberOfTeamId, [...(members.get(user.memberOfTeamId) ?? []), user]);
    }
  }
  return teams.map((team) => ({
    team,
    memberCount: counts.get(team.id) ?? 0,
    ...(withMembers ? { members: members.get(team.id) ?? [] } : {}),
  }));
}

async function teamView(db: Executor, team: Team, withMembers: boolean): Promise<TeamView> {
  const [view] = await viewsOf(db, [team], withMembers);
  return view!;
}

/** GET /accounts/{a}/teams/{id}: any member of the account; `withMembers` adds its members. */
export async function getTeam(
  scope: Scope,
  accountId: string,
  teamId: string,
  withMembers: boolean,
): Promise<TeamView> {
  authorizeInAccount(scope.actor, "teams.read", accountId);
  return teamView(scope.db, await findTeam(scope.db, accountId, teamId), withMembers);
}

export interface TeamListRequest extends PageRequest {
  search?: string;
  withMembers: boolean;
}

/** The account's teams matching every word of `search` in their name, alphabetically (any member of the account). */
export async function listTeams(
  scope: Scope,
  accountId: string,
  request: TeamListRequest,
): Promise<PageResult<TeamView>> {
  await authorizeInExistingAccount(scope, "teams.read", accountId);
  const db = scope.db;
  const query = Team.query(db).where({ accountId });
  for (const word of (request.search ?? "").trim().split(/\s+/).filter(Boolean)) {
    query.where(lowerContains(db, "name", word));
  }
  query.orderByRaw(`${sortableText(db)}, ??`, ["name", "id"]);
  const { rows, pagination } = await paginate(query, request);
  return { rows: await viewsOf(db, rows, request.withMembers), pagination };
}

/** Every id must be an active user of the account (unknown ids and other accounts' users alike: 422). */
async function ensureAccountMembers(trx: Knex.Transaction, accountId: string, userIds: string[]): Promise<void> {
  if (!userIds.length) return;
  const found = await User.query(trx).select("id").whereIn("id", userIds).where({ accountId, isActive: true });
  const known = new Set(found.map((user) => user.id));
  const strangers = userIds.filter((id) => !known.has(id));
  if (strangers.length) throw new AppError("not_account_member", 422, { details: { userIds: strangers } });
}

async function ensureNameFree(trx: Knex.Transaction, accountId: string, name: string, teamId?: string): Promise<void> {
  const query = Team.query(trx)
    .select("id")
    .where({ accountId })
    .where(lowerEquals(trx, "name", name));
  if (teamId) query.whereNot({ id: teamId });
  if (await query.first()) throw nameTaken();
}

async function memberIdsOf(trx: Knex.Transaction, teamId: string): Promise<string[]> {
  const rows = (await trx("teamMembers").select("userId").where({ teamId })) as { userId: string }[];
  return rows.map((row) => row.userId);
}

async function addMemberships(trx: Knex.Transaction, teamId: string, userIds: string[]): Promise<void> {
  if (!userIds.length) return;
  const createdAt = new Date().toISOString();
  await trx("teamMembers").insert(userIds.map((userId) => ({ teamId, userId, createdAt })));
}

/** Two writers racing on one name: the unique index answers for the one that lost. */
function translateUnique(error: unknown): never {
  throw isUniqueViolation(error) ? nameTaken() : error;
}

/** Overseers and platform administrators (teams.manage), as for every change below. */
export async function createTeam(scope: Scope, accountId: string, input: TeamCreate): Promise<TeamView> {
  await authorizeInExistingAccount(scope, "teams.manage", accountId);
  const name = input.name.trim();
  if (!name) throw AppError.invalid([{ field: "name", code: "required" }]);
  const memberIds = input.memberIds ?? [];
  return scope.db.transaction(async (trx) => {
    await ensureNameFree(trx, accountId, name);
    await ensureAccountMembers(trx, accountId, memberIds);
    const team = await Team.query(trx)
      .insertAndFetch({ accountId, name, description: input.description?.trim() || null })
      .catch(translateUnique);
    await addMemberships(trx, team.id, memberIds);
    await recordAudit(trx, scope, {
      action: "team.created",
      subjectType: "team",
      subjectId: team.id,
      accountId,
      after: teamSnapshot(team, memberIds),
    });
    return teamView(trx, team, true);
  });
}

/** Name, description and (when `memberIds` is given) the whole member list, replaced. */
export async function updateTeam(
  scope: Scope,
  accountId: string,
  teamId: string,
  patch: TeamUpdate,
): Promise<TeamView> {
  authorizeInAccount(scope.actor, "teams.manage", accountId);
  const name = patch.name?.trim();
  if (name === "") throw AppError.invalid([{ field: "name", code: "required" }]);
  return scope.db.transaction(async (trx) => {
    const team = await findTeam(trx, accountId, teamId);
    const values: Partial<Team> = {};
    if (name !== undefined && name !== team.name) {
      await ensureNameFree(trx, accountId, name, team.id);
      values.name = name;
    }
    if (patch.description !== undefined) values.description = patch.description?.trim() || null;
    const before = await memberIdsOf(trx, team.id);
    let after = before;
    if (patch.memberIds) {
      await ensureAccountMembers(trx, accountId, patch.memberIds);
      after = patch.memberIds;
      const removed = before.filter((id) => !after.includes(id));
      const added = after.filter((id) => !before.includes(id));
      if (removed.length) await trx("teamMembers").where({ teamId }).whereIn("userId", removed).delete();
      await addMemberships(trx, team.id, added);
    }
    const fields = changedFields(teamSnapshot(team), { ...teamSnapshot(team), ...values });
    const membersChanged = [...before].sort().join() !== [...after].sort().join();
    if (!fields && !membersChanged) return teamView(trx, team, true);
    const updated = fields ? await Team.query(trx).patchAndFetchById(team.id, values).catch(translateUnique) : team;
    await recordAudit(trx, scope, {
      action: "team.updated",
      subjectType: "team",
      subjectId: team.id,
      accountId,
      before: { ...fields?.before, ...(membersChanged ? { memberIds: [...before].sort() } : {}) },
      after: { ...fields?.after, ...(membersChanged ? { memberIds: [...after].sort() } : {}) },
    });
    return teamView(trx, updated, true);
  });
}

/** Deletes the team; its memberships and event access rows go with it (foreign keys cascade). */
export async function deleteTeam(scope: Scope, accountId: string, teamId: string): Promise<void> {
  authorizeInAccount(scope.actor, "teams.manage", accountId);
  await scope.db.transaction(async (trx) => {
    const team = await findTeam(trx, accountId, teamId);
    const memberIds = await memberIdsOf(trx, team.id);
    await Team.query(trx).deleteById(team.id);
    await recordAudit(trx, scope, {
      action: "team.deleted",
      subjectType: "team",
      subjectId: team.id,
      accountId,
      before: teamSnapshot(team, memberIds),
    });
  });
}

/** PUT teams/{id}/administrators/{userId}: idempotent (no second row, no second audit entry). */
export async function addTeamMember(
  scope: Scope,
  accountId: string,
  teamId: string,
  userId: string,
): Promise<TeamView> {
  authorizeInAccount(scope.actor, "teams.manage", accountId);
  return scope.db.transaction(async (trx) => {
    const team = await findTeam(trx, accountId, teamId);
    await ensureAccountMembers(trx, accountId, [userId]);
    if (!(await trx("teamMembers").where({ teamId: team.id, userId }).first("userId"))) {
      await addMemberships(trx, team.id, [userId]);
      await recordAudit(trx, scope, {
        action: "team.member_added",
        subjectType: "team",
        subjectId: team.id,
        accountId,
        after: { userId },
      });
    }
    return teamView(trx, team, true);
  });
}

/** DELETE teams/{id}/administrators/{userId}: idempotent, like the PUT. */
export async function removeTeamMember(
  scope: Scope,
  accountId: string,
  teamId: string,
  userId: string,
): Promise<TeamView> {
  authorizeInAccount(scope.actor, "teams.manage", accountId);
  return scope.db.transaction(async (trx) => {
    const team = await findTeam(trx, accountId, teamId);
    const removed = await trx("teamMembers").where({ teamId: team.id, userId }).delete();
    if (removed) {
      await recordAudit(trx, scope, {
        action: "team.member_removed",
        subjectType: "team",
        subjectId: team.id,
        accountId,
        before: { userId },
      });
    }
    return teamView(trx, team, true);
  });
}
