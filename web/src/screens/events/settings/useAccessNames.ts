import { useEffect, useMemo, useRef, useState } from "react";
import type { EventAccess } from "@tessera/shared/client";
import type { AuditLogJson } from "@tessera/shared/schemas/audit";
import { useStores } from "@/stores/StoresContext.ts";
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
 * listed once each — never one request per id. An id neither knows stays as it is.
 */
export function useAccessNames(
  accountId: string,
  entries: readonly AuditLogJson[],
  access: EventAccess | undefined,
): AccessNames {
  const { context } = useStores();
  const [listed, setListed] = useState<Partial<Record<Kind, ReadonlyMap<string, string>>>>({});
  const requested = useRef(new Set<Kind>());

  const fromAccess = useMemo(
    () => ({
      users: new Map((access?.users ?? []).map((user) => [user.id, `${user.firstName} ${user.lastName}`])),
      teams: new Map((access?.teams ?? []).map((team) => [team.id, team.name])),
    }),
    [access],
  );
  const missingUsers = idsIn(entries, "users").some((id) => !fromAccess.users.has(id));
  const missingTeams = idsIn(entries, "teams").some((id) => !fromAccess.teams.has(id));

  useEffect(() => {
    const { api } = context;
    const load = (kind: Kind, list: () => Promise<Map<string, string>>) => {
      if (requested.current.has(kind)) return;
      requested.current.add(kind);
      list().then(
        (names) => setListed((current) => ({ ...current, [kind]: names })),
        // Without the list the raw ids stay: the history itself still reads.
        () => undefined,
      );
    };
    if (missingUsers) {
      load("users", async () => {
        const page = await api.accountUsers.list(accountId, { perPage: LIST_SIZE });
        return new Map(page.data.map((user) => [user.id, `${user.firstName} ${user.lastName}`]));
      });
    }
    if (missingTeams) {
      load("teams", async () => {
        const page = await api.teams.list(accountId, { perPage: LIST_SIZE });
        return new Map(page.data.map((team) => [team.id, team.name]));
      });
    }
  }, [context, accountId, missingUsers, missingTeams]);

  return useMemo(
    () => ({
      users: new Map([...(listed.users ?? []), ...fromAccess.users]),
      teams: new Map([...(listed.teams ?? []), ...fromAccess.teams]),
    }),
    [listed, fromAccess],
  );
}
