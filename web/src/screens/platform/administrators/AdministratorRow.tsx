import { Button, Group, Table, Text } from "@mantine/core";
import { observer } from "mobx-react-lite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { User } from "@tessera/shared/schemas/users";
import { ConfirmModal } from "@/components/ConfirmModal.tsx";
import { PersonCells } from "@/components/PersonCells.tsx";
import { RoleBadge } from "@/components/RoleBadge.tsx";
import { useStores } from "@/stores/StoresContext.ts";
import type { ScreenNotice } from "@/components/ScreenAlerts.tsx";
import { AdministratorAccountsModal } from "./AdministratorAccountsModal.tsx";

interface AdministratorRowProps {
  user: User;
  onEdit: (user: User) => void;
  onNotice: (notice: ScreenNotice) => void;
}

export const AdministratorRow = observer(function AdministratorRow({ user, onEdit, onNotice }: AdministratorRowProps) {
  const { t } = useTranslation("web");
  const { administrators } = useStores();
  const [dialog, setDialog] = useState<"accounts" | "delete" | null>(null);
  const fullName = `${user.firstName} ${user.lastName}`;
  const isBusy = administrators.isBusy(user.id);

  return (
    <Table.Tr>
      <PersonCells user={user} />
      <Table.Td>
        <RoleBadge role={user.role} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{t(`languages.${user.language}`)}</Text>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button size="xs" variant="subtle" onClick={() => setDialog("accounts")}>
            {t("nav.accounts")}
          </Button>
          {user.abilities.update && (
            <Button size="xs" variant="light" onClick={() => onEdit(user)} disabled={isBusy}>
              {t("common.edit")}
            </Button>
          )}
          {user.abilities.delete && (
            <Button size="xs" variant="subtle" color="red" onClick={() => setDialog("delete")} disabled={isBusy}>
              {t("common.delete")}
            </Button>
          )}
        </Group>
        {dialog === "accounts" && <AdministratorAccountsModal user={user} onClose={() => setDialog(null)} />}
        {dialog === "delete" && (
          <ConfirmModal
            title={t("administrators.deleteTitle")}
            message={t("administrators.deleteConfirm", { name: fullName })}
            confirmLabel={t("common.delete")}
            onConfirm={async () => {
              await administrators.remove(user.id);
              onNotice({ color: "green", message: t("administrators.deleted", { name: fullName }) });
            }}
            onClose={() => setDialog(null)}
          />
        )}
      </Table.Td>
    </Table.Tr>
  );
});
