import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { accountUsersPageQuery } from "@/queries/accountUsers.ts";
import type { AuditLogJson } from "@/queries/auditLogs.ts";
import type { EventAccess } from "@/queries/events.ts";
import { teamsPageQuery } from "@/queries/teams.ts";
import type { AccessNames } from "./historyValues.ts";

/** The largest page the list routes serve: enough for an account's users or teams in one call. */
const LIST_SIZE = 200;

type Kind = "users" | "teams";
const FIELD_OF: Record<Kind, "userId" | "teamId"> = { users: "userId", teams: "teamId" };

/** The ids of users (or teams) the entries' access grants and revocations point at. */
function idsIn(entries: readonly AuditLogJson[], kind: Kind): string[] {
  const field = FIELD_OF[kind];
  const ids = new Set<string>();
  for (const entry of entries) {
    for (const values of [entry.before, entry.after]) {
      const id = values?.[field];
      if (typeof id === "string") ids.add(id);
    }
  }
  return [...ids];
}

/**
 * Names for the user and team ids of access entries. Those still on the event come from its
 * `access` expand; for the others (access since taken away), the account's users and teams are
 * listed once each — never one request per id. An id neither knows stays as it is (also when the
 * list cannot be read: the history itself still reads).
 */
export function useAccessNames(
  accountId: string,
  entries: readonly AuditLogJson[],
  access: EventAccess | undefined,
): AccessNames {
  const fromAccess = useMemo(
    () => ({
      users: new Map((access?.users ?? []).map((user) => [user.id, `${user.firstName} ${user.lastName}`])),
      teams: new Map((access?.teams ?? []).map((team) => [team.id, team.name])),
    }),
    [access],
  );
  const missingUsers = idsIn(entries, "users").some((id) => !fromAccess.users.has(id));
  const missingTeams = idsIn(entries, "teams").some((id) => !fromAccess.teams.has(id));
  const users = useQuery({ ...accountUsersPageQuery(accountId, { perPage: LIST_SIZE }), enabled: missingUsers });
  const teams = useQuery({ ...teamsPageQuery(accountId, { perPage: LIST_SIZE }), enabled: missingTeams });

  return useMemo(
    () => ({
      users: new Map([
        ...(users.data?.data ?? []).map((user) => [user.id, `${user.firstName} ${user.lastName}`] as const),
        ...fromAccess.users,
      ]),
      teams: new Map([...(teams.data?.data ?? []).map((team) => [team.id, team.name] as const), ...fromAccess.teams]),
    }),
    [users.data, teams.data, fromAccess],
  );
}
