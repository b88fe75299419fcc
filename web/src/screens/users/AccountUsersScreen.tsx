import { Button, Group, Paper } from "@mantine/core";
import { observer } from "mobx-react-lite";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Account } from "@tessera/shared/schemas/users";
import { IconPlus } from "@/components/icons.tsx";
import { ListFooter } from "@/components/ListFooter.tsx";
import { SearchField } from "@/components/SearchField.tsx";
import { useStores } from "@/stores/StoresContext.ts";
import { ScreenHeader } from "../shell/ScreenHeader.tsx";
import { InviteUserModal } from "./InviteUserModal.tsx";
import { UsersTable } from "./UsersTable.tsx";
import { ScreenAlerts, type ScreenNotice } from "@/components/ScreenAlerts.tsx";

interface AccountUsersScreenProps {
  account: Account;
  /** Say whose users these are (a platform administrator may look at any account's). */
  withAccountName?: boolean;
}

/**
 * The users of an account: the signed-in user's own (/manage/users) or, for platform
 * administrators, any account's (/manage/platform/accounts/:accountId/users).
 */
export const AccountUsersScreen = observer(function AccountUsersScreen({
  account,
  withAccountName = false,
}: AccountUsersScreenProps) {
  const { t } = useTranslation("web");
  const { accountUsers } = useStores();
  const accountId = account.id;
  const [isInviting, setInviting] = useState(false);
  const [notice, setNotice] = useState<ScreenNotice | null>(null);

  useEffect(() => {
    accountUsers.showAccount(accountId);
  }, [accountId, accountUsers]);

  const search = useCallback((value: string) => accountUsers.setQuery({ search: value }), [accountUsers]);

  const canInvite = account.abilities.manageUsers === true;

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
      <ScreenAlerts notice={notice} onDismiss={() => setNotice(null)} loadError={accountUsers.loadError} />
      <Group mb="md">
        <SearchField label={t("users.search")} initialValue={accountUsers.query.search} onSearch={search} />
      </Group>
      <Paper withBorder>
        <UsersTable onNotice={setNotice} />
      </Paper>
      <ListFooter
        pagination={accountUsers.pagination}
        pageCount={accountUsers.pageCount}
        onPage={(page) => void accountUsers.load(page)}
      />
      {isInviting && <InviteUserModal onClose={() => setInviting(false)} onDone={setNotice} />}
    </>
  );
});
