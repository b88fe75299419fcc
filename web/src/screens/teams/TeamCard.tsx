import { Badge, Button, Card, CloseButton, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useAction } from "@/app/useAction.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { RemotePicker } from "@/components/RemotePicker.tsx";
import { useChangeTeamMember, type TeamJson } from "@/queries/teams.ts";
import { useAccountUserOptions } from "../users/useAccountUserOptions.ts";

/** A team: its name, members (add/remove) and, for those who manage teams, rename and delete. */
export function TeamCard({
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
  const changeMember = useChangeTeamMember(accountId);
  const { failure, isWorking, run } = useAction();
  const canUpdate = team.abilities.update ?? canManage;
  const canManageMembers = team.abilities.manageMembers ?? canUpdate;
  const canDelete = team.abilities.delete ?? canManage;
  const members = team.members ?? [];
  const isBusy = isWorking;

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
                    onClick={() =>
                      void run(() => changeMember.mutateAsync({ teamId: team.id, userId: member.id, isMember: false }))
                    }
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
            onPick={(userId) => void run(() => changeMember.mutateAsync({ teamId: team.id, userId, isMember: true }))}
            disabled={isBusy}
          />
        )}
      </Stack>
    </Card>
  );
}
