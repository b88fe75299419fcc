import { SimpleGrid, Stack, Text } from "@mantine/core";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { RoleBadge } from "@/components/RoleBadge.tsx";
import { useAccountUserOptions } from "@/screens/users/useAccountUserOptions.ts";
import { useChangeEventAccess } from "@/queries/events.ts";
import { useFindTeams } from "@/queries/teams.ts";
import { useCurrentEvent } from "../EventContext.ts";
import { AccessList } from "./AccessList.tsx";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { useAction } from "@/app/useAction.ts";

/** Who may work on the event besides the account's overseers: users and teams (spec §2 access rights). */
export function AccessTab() {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event } = useCurrentEvent();
  const changeAccess = useChangeEventAccess(accountId, event.id);
  const canManage = event.abilities.manageAccess === true;
  const users = event.access?.users ?? [];
  const teams = event.access?.teams ?? [];
  const { busy: busyId, failure, run } = useAction();

  const loadUsers = useAccountUserOptions(accountId);
  const findTeams = useFindTeams(accountId);
  const loadTeams = useCallback(
    async (search: string) => (await findTeams(search)).map((team) => ({ value: team.id, label: team.name })),
    [findTeams],
  );

  return (
    <Stack gap="md" maw={960}>
      <FailureAlert message={failure} />
      {!canManage && (
        <Text size="sm" c="dimmed">
          {t("access.readOnly")}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <AccessList
          title={t("access.users")}
          addLabel={t("access.addUser")}
          searchPlaceholder={t("users.search")}
          emptyText={t("access.noUsers")}
          load={loadUsers}
          entries={users.map((user) => ({
            id: user.id,
            name: `${user.firstName} ${user.lastName}`,
            detail: user.email,
            extra: <RoleBadge role={user.role} />,
          }))}
          canManage={canManage}
          busyId={busyId}
          onAdd={(userId) =>
            void run(() => changeAccess.mutateAsync({ kind: "user", id: userId, grant: true }), userId)
          }
          onRemove={(userId) =>
            void run(() => changeAccess.mutateAsync({ kind: "user", id: userId, grant: false }), userId)
          }
        />
        <AccessList
          title={t("access.teams")}
          addLabel={t("access.addTeam")}
          searchPlaceholder={t("teams.search")}
          emptyText={t("access.noTeams")}
          load={loadTeams}
          entries={teams.map((team) => ({
            id: team.id,
            name: team.name,
            detail: t("teams.members", { count: team.memberCount }),
          }))}
          canManage={canManage}
          busyId={busyId}
          onAdd={(teamId) =>
            void run(() => changeAccess.mutateAsync({ kind: "team", id: teamId, grant: true }), teamId)
          }
          onRemove={(teamId) =>
            void run(() => changeAccess.mutateAsync({ kind: "team", id: teamId, grant: false }), teamId)
          }
        />
      </SimpleGrid>
    </Stack>
  );
}
