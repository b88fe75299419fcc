import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { observer } from "mobx-react-lite";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../../app/errorMessage.ts";
import { RemotePicker } from "../../../../components/RemotePicker.tsx";
import { RoleBadge } from "../../../../components/RoleBadge.tsx";
import { useStores } from "../../../../stores/StoresContext.ts";
import { useEventStore } from "../EventContext.ts";

/** Who may work on the event besides the account's overseers: users and teams (spec §2 access rights). */
export const AccessTab = observer(function AccessTab() {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { context } = useStores();
  const store = useEventStore();
  const event = store.event!;
  const canManage = event.abilities.manageAccess === true;
  const users = event.access?.users ?? [];
  const teams = event.access?.teams ?? [];
  const [failure, setFailure] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  async function run(id: string, operation: () => Promise<void>) {
    setBusyId(id);
    setFailure(null);
    try {
      await operation();
    } catch (error) {
      setFailure(errorMessage(error, t));
    } finally {
      setBusyId(null);
    }
  }

  const { api } = context;
  const accountId = store.accountId;
  const loadUsers = useCallback(
    async (search: string) =>
      (await api.accountUsers.list(accountId, { search, perPage: 20 })).data.map((user) => ({
        value: user.id,
        label: `${user.firstName} ${user.lastName} · ${user.email}`,
      })),
    [api, accountId],
  );
  const loadTeams = useCallback(
    async (search: string) =>
      (await api.teams.list(accountId, { search, perPage: 20 })).data.map((team) => ({
        value: team.id,
        label: team.name,
      })),
    [api, accountId],
  );

  return (
    <Stack gap="md" maw={960}>
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
      {!canManage && (
        <Text size="sm" c="dimmed">
          {t("access.readOnly")}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="lg">
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t("access.users")}
            </Title>
            {canManage && (
              <RemotePicker
                label={t("access.addUser")}
                placeholder={t("users.search")}
                load={loadUsers}
                excluded={users.map((user) => user.id)}
                onPick={(userId) => void run(userId, () => store.addUser(userId))}
              />
            )}
            {users.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t("access.noUsers")}
              </Text>
            ) : (
              <Table>
                <Table.Tbody>
                  {users.map((user) => (
                    <Table.Tr key={user.id}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {user.firstName} {user.lastName}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {user.email}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <RoleBadge role={user.role} />
                      </Table.Td>
                      <Table.Td ta="right">
                        {canManage && (
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            loading={busyId === user.id}
                            onClick={() => void run(user.id, () => store.removeUser(user.id))}
                            aria-label={t("access.removeOf", { name: `${user.firstName} ${user.lastName}` })}
                          >
                            {t("common.remove")}
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        </Paper>
        <Paper withBorder p="lg">
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t("access.teams")}
            </Title>
            {canManage && (
              <RemotePicker
                label={t("access.addTeam")}
                placeholder={t("teams.search")}
                load={loadTeams}
                excluded={teams.map((team) => team.id)}
                onPick={(teamId) => void run(teamId, () => store.addTeam(teamId))}
              />
            )}
            {teams.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t("access.noTeams")}
              </Text>
            ) : (
              <Table>
                <Table.Tbody>
                  {teams.map((team) => (
                    <Table.Tr key={team.id}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {team.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {t("teams.members", { count: team.memberCount })}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">
                        {canManage && (
                          <Group justify="flex-end">
                            <Button
                              size="xs"
                              variant="subtle"
                              color="red"
                              loading={busyId === team.id}
                              onClick={() => void run(team.id, () => store.removeTeam(team.id))}
                              aria-label={t("access.removeOf", { name: team.name })}
                            >
                              {t("common.remove")}
                            </Button>
                          </Group>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
});
