import { Button, Group, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ACCOUNT_ROLES, type AccountRole } from "@tessera/shared/permissions";
import { errorMessage } from "@/app/errorMessage.ts";
import { formatDateTime } from "@/app/formatDate.ts";
import { ConfirmModal } from "@/components/ConfirmModal.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { PersonCells } from "@/components/PersonCells.tsx";
import { RoleBadge } from "@/components/RoleBadge.tsx";
import { RoleSelect } from "@/components/RoleSelect.tsx";
import {
  useRemoveAccountUser,
  useSendInvitation,
  useUpdateAccountUser,
  type AccountUserJson,
} from "@/queries/accountUsers.ts";
import { useSignedIn } from "@/queries/session.ts";

function isAccountRole(role: string): role is AccountRole {
  return (ACCOUNT_ROLES as readonly string[]).includes(role);
}

/** One user of the account; each action appears only when the user's abilities allow it. */
export function UserRow({
  accountId,
  user,
  onFailure,
}: {
  accountId: string;
  user: AccountUserJson;
  onFailure: (message: string) => void;
}) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { user: signedIn } = useSignedIn();
  const update = useUpdateAccountUser(accountId);
  const sendInvitation = useSendInvitation(accountId);
  const remove = useRemoveAccountUser(accountId);
  const [isConfirmingRemoval, setConfirmingRemoval] = useState(false);
  const fullName = `${user.firstName} ${user.lastName}`;
  const isBusy = update.isPending || sendInvitation.isPending || remove.isPending;

  function changeRole(role: AccountRole) {
    update.mutateAsync({ userId: user.id, body: { role } }).then(
      () => notifySuccess(t("users.roleChanged", { name: fullName })),
      (error: unknown) => onFailure(errorMessage(error, t)),
    );
  }

  function invite() {
    sendInvitation.mutateAsync(user.id).then(
      () => notifySuccess(t("users.invitationSent", { email: user.email })),
      (error: unknown) => onFailure(errorMessage(error, t)),
    );
  }

  return (
    <Table.Tr>
      <PersonCells user={user} />
      <Table.Td>
        {user.abilities.changeRole && isAccountRole(user.role) ? (
          <RoleSelect
            roles={ACCOUNT_ROLES}
            value={user.role}
            onChange={changeRole}
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
          {user.lastLoginAt ? formatDateTime(user.lastLoginAt, signedIn.language) : t("users.neverSignedIn")}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          {user.abilities.invite && (
            <Button size="xs" variant="subtle" onClick={invite} disabled={isBusy}>
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
            onConfirm={() => remove.mutateAsync(user.id)}
            onClose={() => setConfirmingRemoval(false)}
          />
        )}
      </Table.Td>
    </Table.Tr>
  );
}
