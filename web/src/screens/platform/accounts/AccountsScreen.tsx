import { Alert, Button, Group, Paper } from "@mantine/core";
import { observer } from "mobx-react-lite";
import type { Account } from "@tessera/shared/schemas/users";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { IconPlus } from "@/components/icons.tsx";
import { ListFooter } from "@/components/ListFooter.tsx";
import { SearchField } from "@/components/SearchField.tsx";
import { useStores } from "@/stores/StoresContext.ts";
import { ScreenHeader } from "@/screens/shell/ScreenHeader.tsx";
import { AccountFormModal } from "./AccountFormModal.tsx";
import { AccountsTable } from "./AccountsTable.tsx";

/** Every account of the platform, with their limits (platform administrators). */
export const AccountsScreen = observer(function AccountsScreen() {
  const { t } = useTranslation("web");
  const { accounts, session } = useStores();
  const [editing, setEditing] = useState<Account | "new" | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    void accounts.load(1);
  }, [accounts]);

  const search = useCallback((value: string) => accounts.setQuery({ search: value }), [accounts]);

  return (
    <>
      <ScreenHeader
        title={t("nav.accounts")}
        description={t("accounts.description")}
        actions={
          session.can("platform.manage") && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")}>
              {t("accounts.create")}
            </Button>
          )
        }
      />
      {notice && (
        <Alert color="green" variant="light" role="status" mb="md" withCloseButton onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {accounts.loadError && (
        <Alert color="red" variant="light" role="alert" mb="md">
          {accounts.loadError.message}
        </Alert>
      )}
      <Group mb="md">
        <SearchField label={t("accounts.search")} initialValue={accounts.query.search} onSearch={search} />
      </Group>
      <Paper withBorder>
        <AccountsTable onEdit={setEditing} />
      </Paper>
      <ListFooter
        pagination={accounts.pagination}
        pageCount={accounts.pageCount}
        onPage={(page) => void accounts.load(page)}
      />
      {editing && (
        <AccountFormModal
          account={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(account) => setNotice(t("accounts.saved", { name: account.name }))}
        />
      )}
    </>
  );
});
