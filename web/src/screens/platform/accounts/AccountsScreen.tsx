import { Button, Group, Paper } from "@mantine/core";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { IconPlus } from "@/components/icons.tsx";
import { ListFooter } from "@/components/ListFooter.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { ScreenAlerts } from "@/components/ScreenAlerts.tsx";
import { SearchField } from "@/components/SearchField.tsx";
import { ACCOUNTS_PER_PAGE, useAccountsPage, type AccountJson } from "@/queries/accounts.ts";
import { pageCountOf } from "@/queries/pages.ts";
import { useSignedIn } from "@/queries/session.ts";
import { ScreenHeader } from "@/screens/shell/ScreenHeader.tsx";
import { AccountFormModal } from "./AccountFormModal.tsx";
import { AccountsTable } from "./AccountsTable.tsx";

/** Every account of the platform, with their limits (platform administrators). */
export function AccountsScreen() {
  const { t } = useTranslation("web");
  const session = useSignedIn();
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AccountJson | "new" | null>(null);
  const accounts = useAccountsPage({ search, page, perPage: ACCOUNTS_PER_PAGE });

  const changeSearch = useCallback((value: string) => {
    setSearch(value);
    setPage(1);
  }, []);

  const pagination = accounts.data?.pagination ?? { page, perPage: ACCOUNTS_PER_PAGE, total: 0 };
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
      <ScreenAlerts loadError={accounts.error} onRetry={() => void accounts.refetch()} />
      <Group mb="md">
        <SearchField label={t("accounts.search")} initialValue={search} onSearch={changeSearch} />
      </Group>
      <Paper withBorder>
        <AccountsTable
          accounts={accounts.data?.data ?? []}
          isLoading={accounts.isPending}
          isSearching={search !== ""}
          onEdit={setEditing}
        />
      </Paper>
      <ListFooter pagination={pagination} pageCount={pageCountOf(pagination)} onPage={setPage} />
      {editing && (
        <AccountFormModal
          account={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(account) => notifySuccess(t("accounts.saved", { name: account.name }))}
        />
      )}
    </>
  );
}
