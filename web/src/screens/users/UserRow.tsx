import { Button, Group, Table, Text } from "@mantine/core";
import { observer } from "mobx-react-lite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ACCOUNT_ROLES, type AccountRole } from "@tessera/shared/permissions";
import type { User } from "@tessera/shared/schemas/users";
import { errorMessage } from "@/app/errorMessage.ts";
import { formatDateTime } from "@/app/formatDate.ts";
import { ConfirmModal } from "@/components/ConfirmModal.tsx";
import { PersonCells } from "@/components/PersonCells.tsx";
import { RoleBadge } from "@/components/RoleBadge.tsx";
import { RoleSelect } from "@/components/RoleSelect.tsx";
import { useStores } from "@/stores/StoresContext.ts";
import type { ScreenNotice } from "@/components/ScreenAlerts.tsx";

function isAccountRole(role: string): role is AccountRole {
  return (ACCOUNT_ROLES as readonly string[]).includes(role);
}

/** One user of the account; each action appears only when the user's abilities allow it. */
export const UserRow = observer(function UserRow({
  user,
  onNotice,
}: {
  user: User;
  onNotice: (notice: ScreenNotice) => void;
}) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountUsers, session } = useStores();
  const [isConfirmingRemoval, setConfirmingRemoval] = useState(false);
  const fullName = `${user.firstName} ${user.lastName}`;
  const isBusy = accountUsers.isBusy(user.id);
  const language = session.user?.language ?? "en";

  async function changeRole(role: AccountRole) {
    try {
      await accountUsers.changeRole(user.id, role);
      onNotice({ color: "green", message: t("users.roleChanged", { name: fullName }) });
    } catch (error) {
      onNotice({ color: "red", message: errorMessage(error, t) });
    }
  }

  async function sendInvitation() {
    try {
      await accountUsers.sendInvitation(user.id);
      onNotice({ color: "green", message: t("users.invitationSent", { email: user.email }) });
    } catch (error) {
      onNotice({ color: "red", message: errorMessage(error, t) });
    }
  }

  return (
    <Table.Tr>
      <PersonCells user={user} />
      <Table.Td>
        {user.abilities.changeRole && isAccountRole(user.role) ? (
          <RoleSelect
            roles={ACCOUNT_ROLES}
            value={user.role}
            onChange={(role) => void changeRole(role)}
            aria-label={t("users.roleOf", { name: fullName })}
            size="xs"
            w={150}
            disabled={isBusy}
          />
        ) : (
          <RoleBadge role={user.role} />
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed">
          {user.lastLoginAt ? formatDateTime(user.lastLoginAt, language) : t("users.neverSignedIn")}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          {user.abilities.invite && (
            <Button size="xs" variant="subtle" onClick={() => void sendInvitation()} disabled={isBusy}>
              {t("users.resendInvitation")}
            </Button>
          )}
          {user.abilities.delete && (
            <Button size="xs" variant="subtle" color="red" onClick={() => setConfirmingRemoval(true)} disabled={isBusy}>
              {t("common.remove")}
            </Button>
          )}
        </Group>
        {isConfirmingRemoval && (
          <ConfirmModal
            title={t("users.removeTitle")}
            message={t("users.removeConfirm", { name: fullName })}
            confirmLabel={t("common.remove")}
            onConfirm={() => accountUsers.remove(user.id)}
            onClose={() => setConfirmingRemoval(false)}
          />
        )}
      </Table.Td>
    </Table.Tr>
  );
});
