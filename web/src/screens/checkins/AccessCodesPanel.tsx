import { Badge, Button, CopyButton, Group, Modal, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { DEFAULT_LANGUAGE } from "@tessera/shared/i18n/languages";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/app/errorMessage.ts";
import { formatDateTime } from "@/app/formatDate.ts";
import { ConfirmModal } from "@/components/ConfirmModal.tsx";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { notifySuccess } from "@/components/notify.ts";
import {
  useCreateAccessCode,
  useDeskConnections,
  useLastAccessCode,
  useRevokeAccessCode,
  type AccessCodeJson,
  type CheckinJson,
} from "@/queries/checkins.ts";
import { useCheckinsArea } from "./CheckinsContext.ts";

/** Where a desk signs in with an access code, in the organizer's language. */
export function deskUrl(language: string): string {
  const prefix = language === DEFAULT_LANGUAGE ? "" : `/${language}`;
  return `${window.location.origin}${prefix}/desk`;
}

/** A session's access codes: make one (shown once), the newest and the desks signed in with codes, revoke. */
export function AccessCodesPanel({ session, language }: { session: CheckinJson; language: string }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event } = useCheckinsArea();
  const last = useLastAccessCode(accountId, event.id, session.id);
  const desks = useDeskConnections(accountId, event.id, session.id);
  const create = useCreateAccessCode(accountId, event.id);
  const revoke = useRevokeAccessCode(accountId, event.id);
  const [shown, setShown] = useState<AccessCodeJson | null>(null);
  const [revoking, setRevoking] = useState<{ codeId: string; label: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const canEdit = session.abilities.update;
  const code = last.data;
  const when = (timestamp: string) => formatDateTime(timestamp, language, event.timezone ?? undefined);
  const lastUsed = (codeId: string) =>
    (desks.data ?? []).filter((desk) => desk.codeId === codeId).map((desk) => desk.lastSeenAt)[0] ?? null;

  async function make() {
    setFailure(null);
    try {
      setShown(await create.mutateAsync(session.id));
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  }

  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }} radius="md" maw={960} data-testid="access-codes">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={3} size="h4">
              {t("checkins.codes.title")}
            </Title>
            <Text size="sm" c="dimmed">
              {t("checkins.codes.help", { url: deskUrl(language) })}
            </Text>
          </div>
          {canEdit && (
            <Button onClick={() => void make()} loading={create.isPending}>
              {t("checkins.codes.create")}
            </Button>
          )}
        </Group>
        <FailureAlert message={failure} />
        {session.status !== "enabled" && (
          <Text size="sm" c="orange.9">
            {t("checkins.codes.disabledSession")}
          </Text>
        )}
        {code ? (
          <Group justify="space-between" wrap="wrap" data-testid="last-code">
            <Stack gap={2}>
              <Text size="sm" fw={500}>
                {t("checkins.codes.newest", { hint: code.hint })}{" "}
                {code.revokedAt && (
                  <Badge color="gray" variant="light">
                    {t("checkins.codes.revoked")}
                  </Badge>
                )}
              </Text>
              <Text size="xs" c="dimmed">
                {code.createdBy
                  ? t("checkins.codes.madeBy", { when: when(code.createdAt), who: code.createdBy })
                  : t("checkins.codes.made", { when: when(code.createdAt) })}
                {" · "}
                {lastUsed(code.id)
                  ? t("checkins.codes.lastUsed", { when: when(lastUsed(code.id)!) })
                  : t("checkins.codes.neverUsed")}
              </Text>
            </Stack>
            {canEdit && !code.revokedAt && (
              <Button
                variant="light"
                color="red"
                size="xs"
                onClick={() =>
                  setRevoking({ codeId: code.id, label: t("checkins.codes.endingIn", { hint: code.hint }) })
                }
              >
                {t("checkins.codes.revoke")}
              </Button>
            )}
          </Group>
        ) : (
          !last.isPending && (
            <Text size="sm" c="dimmed">
              {t("checkins.codes.none")}
            </Text>
          )
        )}
        {desks.data && desks.data.length > 0 && (
          // No horizontal scrolling (a scrolled region of text only takes no keyboard focus): short cells wrap.
          <Table verticalSpacing="xs">
            <Table.Caption>{t("checkins.codes.desksCaption")}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("checkins.codes.columns.desk")}</Table.Th>
                <Table.Th>{t("checkins.codes.columns.connected")}</Table.Th>
                <Table.Th>{t("checkins.codes.columns.lastSeen")}</Table.Th>
                <Table.Th>{t("checkins.codes.columns.code")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {desks.data.map((desk) => {
                const isNewest = desk.codeId === code?.id;
                return (
                  <Table.Tr key={desk.id}>
                    <Table.Td>{desk.desk}</Table.Td>
                    <Table.Td>{when(desk.connectedAt)}</Table.Td>
                    <Table.Td>{when(desk.lastSeenAt)}</Table.Td>
                    <Table.Td>
                      {desk.revokedAt ? (
                        <Text size="sm" c="dimmed">
                          {t("checkins.codes.signedOut")}
                        </Text>
                      ) : isNewest ? (
                        t("checkins.codes.endingIn", { hint: code!.hint })
                      ) : canEdit ? (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          onClick={() => setRevoking({ codeId: desk.codeId, label: t("checkins.codes.anEarlierCode") })}
                        >
                          {t("checkins.codes.revokeEarlier", { desk: desk.desk })}
                        </Button>
                      ) : (
                        t("checkins.codes.anEarlierCode")
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      {shown && <CodeShownModal code={shown} language={language} onClose={() => setShown(null)} />}
      {revoking && (
        <ConfirmModal
          title={t("checkins.codes.revokeTitle")}
          message={t("checkins.codes.revokeConfirm", { code: revoking.label })}
          confirmLabel={t("checkins.codes.revoke")}
          onConfirm={async () => {
            await revoke.mutateAsync({ codeId: revoking.codeId, checkinId: session.id });
            notifySuccess(t("checkins.codes.revokedNotice"));
          }}
          onClose={() => setRevoking(null)}
        />
      )}
    </Paper>
  );
}

/** The code, big and copyable, with the desk's address: shown this once (it is hashed at rest). */
function CodeShownModal({ code, language, onClose }: { code: AccessCodeJson; language: string; onClose(): void }) {
  const { t } = useTranslation("web");
  const url = deskUrl(language);
  return (
    <Modal opened onClose={onClose} title={t("checkins.codes.shownTitle")} centered size="lg">
      <Stack gap="md">
        <Text size="sm">{t("checkins.codes.shownOnce")}</Text>
        <Paper withBorder p="md" bg="gray.0" ta="center">
          <Text
            ff="monospace"
            fw={700}
            fz={{ base: 30, sm: 44 }}
            style={{ letterSpacing: "0.08em", wordBreak: "break-all" }}
            data-testid="access-code"
          >
            {code.code}
          </Text>
        </Paper>
        <Group justify="center">
          <CopyButton value={code.code ?? ""}>
            {({ copied, copy }) => (
              <Button onClick={copy} variant={copied ? "light" : "filled"} color={copied ? "green" : undefined}>
                {copied ? t("checkins.codes.copied") : t("checkins.codes.copy")}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t("checkins.codes.deskAddress")}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Text ff="monospace" size="sm" style={{ wordBreak: "break-all" }} data-testid="desk-url">
              {url}
            </Text>
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button size="compact-sm" variant="default" onClick={copy}>
                  {copied ? t("checkins.codes.copied") : t("checkins.codes.copyAddress")}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t("checkins.codes.done")}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
