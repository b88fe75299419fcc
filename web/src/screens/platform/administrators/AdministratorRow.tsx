import { Button, Group, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmModal } from "@/components/ConfirmModal.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { PersonCells } from "@/components/PersonCells.tsx";
import { RoleBadge } from "@/components/RoleBadge.tsx";
import { useRemoveAdministrator, type AdministratorJson } from "@/queries/administrators.ts";
import { AdministratorAccountsModal } from "./AdministratorAccountsModal.tsx";

interface AdministratorRowProps {
  user: AdministratorJson;
  onEdit: (user: AdministratorJson) => void;
}

export function AdministratorRow({ user, onEdit }: AdministratorRowProps) {
  const { t } = useTranslation("web");
  const remove = useRemoveAdministrator();
  const [dialog, setDialog] = useState<"accounts" | "delete" | null>(null);
  const fullName = `${user.firstName} ${user.lastName}`;
  const isBusy = remove.isPending;

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
              await remove.mutateAsync(user.id);
              notifySuccess(t("administrators.deleted", { name: fullName }));
            }}
            onClose={() => setDialog(null)}
          />
        )}
      </Table.Td>
    </Table.Tr>
  );
}
