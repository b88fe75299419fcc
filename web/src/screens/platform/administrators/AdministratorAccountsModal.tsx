import { Anchor, Center, List, Loader, Modal, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Account, User } from "@tessera/shared/schemas/users";
import { errorMessage } from "@/app/errorMessage.ts";
import { useStores } from "@/stores/StoresContext.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";

/** The accounts a user is linked to (GET /administrators/{id}/accounts). */
export function AdministratorAccountsModal({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { administrators } = useStores();
  const [accounts, setAccounts] = useState<Account[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let isCurrent = true;
    administrators.accountsOf(user.id).then(
      (found) => isCurrent && setAccounts(found),
      (error: unknown) => isCurrent && setFailure(errorMessage(error, t)),
    );
    return () => {
      isCurrent = false;
    };
  }, [administrators, user.id, t]);

  return (
    <Modal
      opened
      onClose={onClose}
      title={t("administrators.accountsOf", { name: `${user.firstName} ${user.lastName}` })}
      centered
    >
      <FailureAlert message={failure} />
      {!failure && !accounts && (
        <Center p="md">
          <Loader size="sm" />
        </Center>
      )}
      {accounts && accounts.length === 0 && (
        <Text size="sm" c="dimmed">
          {t("administrators.noAccounts")}
        </Text>
      )}
      {accounts && accounts.length > 0 && (
        <List spacing="xs">
          {accounts.map((account) => (
            <List.Item key={account.id}>
              <Anchor component={Link} to={`/manage/platform/accounts/${account.id}/users`} onClick={onClose}>
                {account.name}
              </Anchor>
            </List.Item>
          ))}
        </List>
      )}
    </Modal>
  );
}
