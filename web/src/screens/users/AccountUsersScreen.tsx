import { Button, Group, Paper } from "@mantine/core";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { IconPlus } from "@/components/icons.tsx";
import { ListFooter } from "@/components/ListFooter.tsx";
import { ScreenAlerts, type ScreenNotice } from "@/components/ScreenAlerts.tsx";
import { SearchField } from "@/components/SearchField.tsx";
import type { AccountJson } from "@/queries/accounts.ts";
import { ACCOUNT_USERS_PER_PAGE, useAccountUsersPage } from "@/queries/accountUsers.ts";
import { pageCountOf } from "@/queries/pages.ts";
import { ScreenHeader } from "../shell/ScreenHeader.tsx";
import { InviteUserModal } from "./InviteUserModal.tsx";
import { UsersTable } from "./UsersTable.tsx";

interface AccountUsersScreenProps {
  account: AccountJson;
  /** Say whose users these are (a platform administrator may look at any account's). */
  withAccountName?: boolean;
}

/**
 * The users of an account: the signed-in user's own (/manage/users) or, for platform
 * administrators, any account's (/manage/platform/accounts/:accountId/users).
 */
export function AccountUsersScreen({ account, withAccountName = false }: AccountUsersScreenProps) {
  const { t } = useTranslation("web");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [isInviting, setInviting] = useState(false);
  const [failure, setFailure] = useState<ScreenNotice | null>(null);
  const users = useAccountUsersPage(account.id, { search, page, perPage: ACCOUNT_USERS_PER_PAGE });

  const changeSearch = useCallback((value: string) => {
    setSearch(value);
    setPage(1);
  }, []);
  const showFailure = useCallback((message: string) => setFailure({ color: "red", message }), []);

  const canInvite = account.abilities.manageUsers === true;
  const pagination = users.data?.pagination ?? { page, perPage: ACCOUNT_USERS_PER_PAGE, total: 0 };
  return (
    <>
      <ScreenHeader
        title={withAccountName ? t("users.titleOf", { account: account.name }) : t("nav.users")}
        description={t("users.description")}
        actions={
          canInvite && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setInviting(true)}>
              {t("users.invite")}
            </Button>
          )
        }
      />
      <ScreenAlerts
        notice={failure}
        onDismiss={() => setFailure(null)}
        loadError={users.error}
        onRetry={() => void users.refetch()}
      />
      <Group mb="md">
        <SearchField label={t("users.search")} initialValue={search} onSearch={changeSearch} />
      </Group>
      <Paper withBorder>
        <UsersTable
          accountId={account.id}
          users={users.data?.data ?? []}
          isLoading={users.isPending}
          isSearching={search !== ""}
          onFailure={showFailure}
        />
      </Paper>
      <ListFooter pagination={pagination} pageCount={pageCountOf(pagination)} onPage={setPage} />
      {isInviting && <InviteUserModal accountId={account.id} onClose={() => setInviting(false)} />}
    </>
  );
}
