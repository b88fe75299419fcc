import { Button, Group, Paper, Select } from "@mantine/core";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { ROLES, type Role } from "@tessera/shared/permissions";
import { IconPlus } from "@/components/icons.tsx";
import { ListFooter } from "@/components/ListFooter.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { ScreenAlerts } from "@/components/ScreenAlerts.tsx";
import { SearchField } from "@/components/SearchField.tsx";
import { ADMINISTRATORS_PER_PAGE, useAdministratorsPage, type AdministratorJson } from "@/queries/administrators.ts";
import { pageCountOf } from "@/queries/pages.ts";
import { useSignedIn } from "@/queries/session.ts";
import { ScreenHeader } from "@/screens/shell/ScreenHeader.tsx";
import { AccountPicker } from "../accounts/AccountPicker.tsx";
import { AdministratorFormModal } from "./AdministratorFormModal.tsx";
import { AdministratorsTable } from "./AdministratorsTable.tsx";

interface Filters {
  search: string;
  role: Role | null;
  accountId: string | null;
}

/** Every user of the platform: platform administrators and the users of each account. */
export function AdministratorsScreen() {
  const { t } = useTranslation("web");
  const session = useSignedIn();
  const [filters, setFilters] = useState<Filters>({ search: "", role: null, accountId: null });
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdministratorJson | "new" | null>(null);
  const users = useAdministratorsPage({
    search: filters.search,
    ...(filters.role ? { role: filters.role } : {}),
    ...(filters.accountId ? { accountId: filters.accountId } : {}),
    page,
    perPage: ADMINISTRATORS_PER_PAGE,
  });

  /** Any change of the filters goes back to page 1. */
  const filter = useCallback((patch: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  }, []);
  const search = useCallback((value: string) => filter({ search: value }), [filter]);

  const pagination = users.data?.pagination ?? { page, perPage: ADMINISTRATORS_PER_PAGE, total: 0 };
  return (
    <>
      <ScreenHeader
        title={t("nav.administrators")}
        description={t("administrators.description")}
        actions={
          session.can("platform.manage") && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")}>
              {t("administrators.create")}
            </Button>
          )
        }
      />
      <ScreenAlerts loadError={users.error} onRetry={() => void users.refetch()} />
      <Group mb="md" align="flex-end">
        <SearchField label={t("administrators.search")} initialValue={filters.search} onSearch={search} />
        <Select
          aria-label={t("fields.role")}
          placeholder={t("administrators.allRoles")}
          data={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
          value={filters.role}
          onChange={(role) => filter({ role: role as Role | null })}
          clearable
          w={200}
        />
        <AccountPicker
          label=""
          placeholder={t("administrators.allAccounts")}
          value={filters.accountId}
          onChange={(accountId) => filter({ accountId })}
        />
      </Group>
      <Paper withBorder>
        <AdministratorsTable users={users.data?.data ?? []} isLoading={users.isPending} onEdit={setEditing} />
      </Paper>
      <ListFooter pagination={pagination} pageCount={pageCountOf(pagination)} onPage={setPage} />
      {editing && (
        <AdministratorFormModal
          user={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(user) =>
            notifySuccess(
              editing === "new"
                ? t("users.invitationSent", { email: user.email })
                : t("administrators.saved", { name: `${user.firstName} ${user.lastName}` }),
            )
          }
        />
      )}
    </>
  );
}
