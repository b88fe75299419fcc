import { Anchor, Center, List, Loader, Modal, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { errorMessage } from "@/app/errorMessage.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { useAdministratorAccounts, type AdministratorJson } from "@/queries/administrators.ts";

/** The accounts a user is linked to (GET /administrators/{id}/accounts). */
export function AdministratorAccountsModal({ user, onClose }: { user: AdministratorJson; onClose: () => void }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { data: accounts, error } = useAdministratorAccounts(user.id);

  return (
    <Modal
      opened
      onClose={onClose}
      title={t("administrators.accountsOf", { name: `${user.firstName} ${user.lastName}` })}
      centered
    >
      {error && !accounts && <FailureAlert message={errorMessage(error, t)} />}
      {!error && !accounts && (
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
