import { Badge, Button, Card, CloseButton, Group, Stack, Text } from "@mantine/core";
import { observer } from "mobx-react-lite";
import { useTranslation } from "react-i18next";
import type { TeamJson } from "@tessera/shared/schemas/teams";
import { RemotePicker } from "@/components/RemotePicker.tsx";
import { useStores } from "@/stores/StoresContext.ts";
import { useAccountUserOptions } from "../users/useAccountUserOptions.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { useAction } from "@/app/useAction.ts";

/** A team: its name, members (add/remove) and, for those who manage teams, rename and delete. */
export const TeamCard = observer(function TeamCard({
  team,
  accountId,
  canManage,
  onEdit,
  onDelete,
}: {
  team: TeamJson;
  accountId: string;
  canManage: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { teams } = useStores();
  const { failure, run } = useAction();
  const canUpdate = team.abilities.update ?? canManage;
  const canManageMembers = team.abilities.manageMembers ?? canUpdate;
  const canDelete = team.abilities.delete ?? canManage;
  const members = team.members ?? [];
  const isBusy = teams.isBusy(team.id);

  const loadUsers = useAccountUserOptions(accountId);

  return (
    <Card withBorder padding="md" component="article" aria-label={team.name} data-testid="team-card">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Group gap="xs">
              <Text fw={600}>{team.name}</Text>
              <Badge variant="light" color="gray">
                {t("teams.members", { count: team.memberCount })}
              </Badge>
            </Group>
            {team.description && (
              <Text size="sm" c="dimmed">
                {team.description}
              </Text>
            )}
          </div>
          <Group gap="xs">
            {canUpdate && (
              <Button size="xs" variant="subtle" onClick={onEdit} disabled={isBusy}>
                {t("teams.rename")}
              </Button>
            )}
            {canDelete && (
              <Button size="xs" variant="subtle" color="red" onClick={onDelete} disabled={isBusy}>
                {t("common.delete")}
              </Button>
            )}
          </Group>
        </Group>
        <FailureAlert message={failure} />
        <Group gap="xs">
          {members.length === 0 && (
            <Text size="sm" c="dimmed">
              {t("teams.noMembers")}
            </Text>
          )}
          {members.map((member) => (
            <Badge
              key={member.id}
              variant="outline"
              size="lg"
              tt="none"
              rightSection={
                canManageMembers ? (
                  <CloseButton
                    size="xs"
                    aria-label={t("teams.removeMember", { name: `${member.firstName} ${member.lastName}` })}
                    onClick={() => void run(() => teams.removeMember(team.id, member.id))}
                    disabled={isBusy}
                  />
                ) : undefined
              }
            >
              {member.firstName} {member.lastName}
            </Badge>
          ))}
        </Group>
        {canManageMembers && (
          <RemotePicker
            label={t("teams.addMember")}
            placeholder={t("users.search")}
            load={loadUsers}
            excluded={members.map((member) => member.id)}
            onPick={(userId) => void run(() => teams.addMember(team.id, userId))}
            disabled={isBusy}
          />
        )}
      </Stack>
    </Card>
  );
});
