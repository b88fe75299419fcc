import { Button, Center, Group, Loader, Stack, Text } from "@mantine/core";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmModal } from "@/components/ConfirmModal.tsx";
import { IconPlus } from "@/components/icons.tsx";
import { ListFooter } from "@/components/ListFooter.tsx";
import { ScreenAlerts } from "@/components/ScreenAlerts.tsx";
import { SearchField } from "@/components/SearchField.tsx";
import type { AccountJson } from "@/queries/accounts.ts";
import { pageCountOf } from "@/queries/pages.ts";
import { TEAMS_PER_PAGE, useRemoveTeam, useTeamsPage, type TeamJson } from "@/queries/teams.ts";
import { ScreenHeader } from "../shell/ScreenHeader.tsx";
import { TeamCard } from "./TeamCard.tsx";
import { TeamFormModal } from "./TeamFormModal.tsx";

/** /manage/teams: the account's teams and their members (spec §2 account level). */
export function TeamsScreen({ account }: { account: AccountJson }) {
  const { t } = useTranslation("web");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<TeamJson | "new" | null>(null);
  const [deleting, setDeleting] = useState<TeamJson | null>(null);
  const teams = useTeamsPage(account.id, { search, page, perPage: TEAMS_PER_PAGE, expand: "members" });
  const remove = useRemoveTeam(account.id);
  const canManage = account.abilities.manageTeams === true;

  const changeSearch = useCallback((value: string) => {
    setSearch(value);
    setPage(1);
  }, []);

  const items = teams.data?.data ?? [];
  const pagination = teams.data?.pagination ?? { page, perPage: TEAMS_PER_PAGE, total: 0 };
  return (
    <>
      <ScreenHeader
        title={t("nav.teams")}
        description={t("teams.description")}
        actions={
          canManage && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")}>
              {t("teams.create")}
            </Button>
          )
        }
      />
      <ScreenAlerts loadError={teams.error} onRetry={() => void teams.refetch()} />
      <Group mb="md">
        <SearchField label={t("teams.search")} initialValue={search} onSearch={changeSearch} />
      </Group>
      {teams.isPending ? (
        <Center p="xl">
          <Loader size="sm" />
        </Center>
      ) : teams.isError ? null : items.length === 0 ? (
        <Text c="dimmed" ta="center" p="xl" size="sm">
          {search ? t("common.noMatch") : t("teams.empty")}
        </Text>
      ) : (
        <Stack gap="sm">
          {items.map((team) => (
            <TeamCard
              key={team.id}
              team={team}
              accountId={account.id}
              canManage={canManage}
              onEdit={() => setEditing(team)}
              onDelete={() => setDeleting(team)}
            />
          ))}
        </Stack>
      )}
      <ListFooter pagination={pagination} pageCount={pageCountOf(pagination)} onPage={setPage} />
      {editing && (
        <TeamFormModal
          accountId={account.id}
          team={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmModal
          title={t("teams.deleteTitle")}
          message={t("teams.deleteConfirm", { name: deleting.name })}
          confirmLabel={t("common.delete")}
          onConfirm={() => remove.mutateAsync(deleting.id)}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
