import { Button, Center, Loader, Menu, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/app/errorMessage.ts";
import { ActionsMenu } from "@/components/ActionsMenu.tsx";
import { ConfirmModal } from "@/components/ConfirmModal.tsx";
import { IconPlus } from "@/components/icons.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { ScreenAlerts, type ScreenNotice } from "@/components/ScreenAlerts.tsx";
import type { AccountJson } from "@/queries/accounts.ts";
import { useSignedIn } from "@/queries/session.ts";
import {
  useMarkSenderVerified,
  useRemoveSender,
  useResendSender,
  useSenders,
  type SenderJson,
} from "@/queries/senders.ts";
import { ScreenHeader } from "../../shell/ScreenHeader.tsx";
import { SenderFormModal } from "./SenderFormModal.tsx";
import { SenderStatus } from "./SenderStatus.tsx";

/**
 * /manage/senders (spec §3 sender email): the addresses the account's campaigns are sent from, verified or
 * pending. Overseers add one (a link is mailed to it), send its link again and delete one; platform
 * administrators reach it per account and may also mark one verified. Editors and organizers see the list.
 */
export function SendersScreen({
  account,
  withAccountName = false,
}: {
  account: AccountJson;
  withAccountName?: boolean;
}) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const session = useSignedIn();
  const canManage = session.can("senders.manage");
  const canMarkVerified = session.can("senders.verify");
  const senders = useSenders(account.id);
  const resend = useResendSender(account.id);
  const markVerified = useMarkSenderVerified(account.id);
  const remove = useRemoveSender(account.id);
  const [isAdding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<SenderJson | null>(null);
  const [notice, setNotice] = useState<ScreenNotice | null>(null);
  const now = Date.now();

  function act(action: Promise<SenderJson>, done: (sender: SenderJson) => string) {
    setNotice(null);
    action.then(
      (sender) => notifySuccess(done(sender)),
      (error: unknown) => setNotice({ message: errorMessage(error, t), color: "red" }),
    );
  }

  const rows = senders.data ?? [];
  return (
    <>
      <ScreenHeader
        title={withAccountName ? t("senders.titleOf", { name: account.name }) : t("senders.title")}
        description={t("senders.description")}
        actions={
          canManage && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
              {t("senders.create")}
            </Button>
          )
        }
      />
      <ScreenAlerts
        notice={notice}
        onDismiss={() => setNotice(null)}
        loadError={senders.error}
        onRetry={() => void senders.refetch()}
      />
      {!canManage && (
        <Text size="sm" c="dimmed" mb="md">
          {t("senders.readOnly")}
        </Text>
      )}
      {senders.isPending ? (
        <Center p="xl">
          <Loader size="sm" />
        </Center>
      ) : senders.isError ? null : rows.length === 0 ? (
        <Text c="dimmed" ta="center" p="xl" size="sm">
          {t("senders.empty")}
        </Text>
      ) : (
        <Table.ScrollContainer
          minWidth={560}
          // Scrolled sideways on a phone: the keyboard reaches it too (WCAG 2.1.1).
          scrollAreaProps={{ viewportProps: { tabIndex: 0, "aria-label": t("senders.title") } }}
        >
          <Table verticalSpacing="sm" data-testid="senders">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("senders.email")}</Table.Th>
                <Table.Th>{t("senders.name")}</Table.Th>
                <Table.Th>{t("senders.status")}</Table.Th>
                {(canManage || canMarkVerified) && <Table.Th>{t("common.actions")}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((sender) => (
                <Table.Tr key={sender.id} data-testid="sender-row">
                  <Table.Td>{sender.email}</Table.Td>
                  <Table.Td>{sender.name ?? "—"}</Table.Td>
                  <Table.Td>
                    <SenderStatus sender={sender} now={now} />
                  </Table.Td>
                  {(canManage || canMarkVerified) && (
                    <Table.Td>
                      <ActionsMenu label={t("senders.actionsOf", { email: sender.email })}>
                        {canManage && !sender.isVerified && (
                          <Menu.Item
                            onClick={() =>
                              act(resend.mutateAsync(sender.id), (sent) =>
                                t("senders.resentNotice", { email: sent.email }),
                              )
                            }
                          >
                            {t("senders.resend")}
                          </Menu.Item>
                        )}
                        {canMarkVerified && !sender.isVerified && (
                          <Menu.Item
                            onClick={() =>
                              act(markVerified.mutateAsync(sender.id), (marked) =>
                                t("senders.markedNotice", { email: marked.email }),
                              )
                            }
                          >
                            {t("senders.markVerified")}
                          </Menu.Item>
                        )}
                        {canManage && (
                          <Menu.Item color="red" onClick={() => setDeleting(sender)}>
                            {t("common.delete")}
                          </Menu.Item>
                        )}
                      </ActionsMenu>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {isAdding && <SenderFormModal accountId={account.id} onClose={() => setAdding(false)} />}
      {deleting && (
        <ConfirmModal
          title={t("senders.deleteTitle")}
          message={t("senders.deleteConfirm", { email: deleting.email })}
          confirmLabel={t("common.delete")}
          onConfirm={() => remove.mutateAsync(deleting.id)}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
