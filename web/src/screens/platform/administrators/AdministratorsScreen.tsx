import { Button, Group, Paper, Select } from "@mantine/core";
import { observer } from "mobx-react-lite";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ROLES, type Role } from "@tessera/shared/permissions";
import type { User } from "@tessera/shared/schemas/users";
import { IconPlus } from "@/components/icons.tsx";
import { ListFooter } from "@/components/ListFooter.tsx";
import { SearchField } from "@/components/SearchField.tsx";
import { useStores } from "@/stores/StoresContext.ts";
import { ScreenHeader } from "@/screens/shell/ScreenHeader.tsx";
import { AccountPicker } from "../accounts/AccountPicker.tsx";
import { AdministratorFormModal } from "./AdministratorFormModal.tsx";
import { AdministratorsTable } from "./AdministratorsTable.tsx";
import { ScreenAlerts, type ScreenNotice } from "@/components/ScreenAlerts.tsx";

/** Every user of the platform: platform administrators and the users of each account. */
export const AdministratorsScreen = observer(function AdministratorsScreen() {
  const { t } = useTranslation("web");
  const { administrators, session } = useStores();
  const [editing, setEditing] = useState<User | "new" | null>(null);
  const [notice, setNotice] = useState<ScreenNotice | null>(null);

  useEffect(() => {
    void administrators.load(1);
  }, [administrators]);

  const search = useCallback((value: string) => administrators.setQuery({ search: value }), [administrators]);

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
      <ScreenAlerts notice={notice} onDismiss={() => setNotice(null)} loadError={administrators.loadError} />
      <Group mb="md" align="flex-end">
        <SearchField label={t("administrators.search")} initialValue={administrators.query.search} onSearch={search} />
        <Select
          aria-label={t("fields.role")}
          placeholder={t("administrators.allRoles")}
          data={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
          value={administrators.query.role}
          onChange={(role) => administrators.setQuery({ role: role as Role | null })}
          clearable
          w={200}
        />
        <AccountPicker
          label=""
          placeholder={t("administrators.allAccounts")}
          value={administrators.query.accountId}
          onChange={(accountId) => administrators.setQuery({ accountId })}
        />
      </Group>
      <Paper withBorder>
        <AdministratorsTable onEdit={setEditing} onNotice={setNotice} />
      </Paper>
      <ListFooter
        pagination={administrators.pagination}
        pageCount={administrators.pageCount}
        onPage={(page) => void administrators.load(page)}
      />
      {editing && (
        <AdministratorFormModal
          user={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(user) =>
            setNotice({
              color: "green",
              message:
                editing === "new"
                  ? t("users.invitationSent", { email: user.email })
                  : t("administrators.saved", { name: `${user.firstName} ${user.lastName}` }),
            })
          }
        />
      )}
    </>
  );
});
