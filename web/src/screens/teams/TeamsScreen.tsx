import { Alert, Button, Center, Group, Loader, Stack, Text } from "@mantine/core";
import { observer } from "mobx-react-lite";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TeamJson } from "@tessera/shared/schemas/teams";
import type { Account } from "@tessera/shared/schemas/users";
import { ConfirmModal } from "@/components/ConfirmModal.tsx";
import { IconPlus } from "@/components/icons.tsx";
import { ListFooter } from "@/components/ListFooter.tsx";
import { SearchField } from "@/components/SearchField.tsx";
import { useStores } from "@/stores/StoresContext.ts";
import { ScreenHeader } from "../shell/ScreenHeader.tsx";
import { TeamCard } from "./TeamCard.tsx";
import { TeamFormModal } from "./TeamFormModal.tsx";

/** /manage/teams: the account's teams and their members (spec §2 account level). */
export const TeamsScreen = observer(function TeamsScreen({ account }: { account: Account }) {
  const { t } = useTranslation("web");
  const { teams } = useStores();
  const [editing, setEditing] = useState<TeamJson | "new" | null>(null);
  const [deleting, setDeleting] = useState<TeamJson | null>(null);
  const canManage = account.abilities.manageTeams === true;

  useEffect(() => {
    if (teams.query.accountId === account.id) void teams.load(1);
    else teams.setQuery({ accountId: account.id, search: "" });
  }, [teams, account.id]);
  const search = useCallback((value: string) => teams.setQuery({ search: value }), [teams]);

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
      {teams.loadError && (
        <Alert color="red" variant="light" role="alert" mb="md">
          {teams.loadError.message}
        </Alert>
      )}
      <Group mb="md">
        <SearchField label={t("teams.search")} initialValue={teams.query.search} onSearch={search} />
      </Group>
      {teams.isLoading && teams.items.length === 0 ? (
        <Center p="xl">
          <Loader size="sm" />
        </Center>
      ) : teams.items.length === 0 ? (
        <Text c="dimmed" ta="center" p="xl" size="sm">
          {teams.query.search ? t("common.noMatch") : t("teams.empty")}
        </Text>
      ) : (
        <Stack gap="sm">
          {teams.items.map((team) => (
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
      <ListFooter pagination={teams.pagination} pageCount={teams.pageCount} onPage={(page) => void teams.load(page)} />
      {editing && <TeamFormModal team={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmModal
          title={t("teams.deleteTitle")}
          message={t("teams.deleteConfirm", { name: deleting.name })}
          confirmLabel={t("common.delete")}
          onConfirm={() => teams.remove(deleting.id)}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
});
