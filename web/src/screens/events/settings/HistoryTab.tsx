import { Alert, Badge, Center, Code, Group, Image, Loader, Pagination, Paper, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "@tessera/shared/client";
import { formatDateTime } from "@/app/formatDate.ts";
import { useAuditLogsPage, type AuditLogJson } from "@/queries/auditLogs.ts";
import { pageCountOf } from "@/queries/pages.ts";
import { useSignedIn } from "@/queries/session.ts";
import { useCurrentEvent } from "../EventContext.ts";
import { changedFields } from "./auditChanges.ts";
import { fieldLabelKey, isShownField } from "./historyFields.ts";
import { formatHistoryValue, type HistoryValue } from "./historyValues.ts";
import { useAccessNames } from "./useAccessNames.ts";

const PER_PAGE = 20;

/** The event actions the history names in words; any other shows its code. */
const ACTION_LABELS = {
  "event.created": "history.actions.event_created",
  "event.updated": "history.actions.event_updated",
  "event.deleted": "history.actions.event_deleted",
  "event.duplicated": "history.actions.event_duplicated",
  "event.archived": "history.actions.event_archived",
  "event.unarchived": "history.actions.event_unarchived",
  "event.access_granted": "history.actions.event_access_granted",
  "event.access_revoked": "history.actions.event_access_revoked",
} as const;

function isKnownAction(action: string): action is keyof typeof ACTION_LABELS {
  return action in ACTION_LABELS;
}

const NO_ENTRIES: readonly AuditLogJson[] = [];

/** One value of a change: words (struck out when it is the value before), or a thumbnail. */
function ChangeValue({ value, isBefore = false, alt }: { value: HistoryValue; isBefore?: boolean; alt: string }) {
  if ("imageUrl" in value) {
    return (
      <Image src={value.imageUrl} alt={alt} h={28} w="auto" fit="contain" radius="xs" opacity={isBefore ? 0.5 : 1} />
    );
  }
  return (
    <Text
      size="xs"
      c={isBefore ? "dimmed" : undefined}
      td={isBefore ? "line-through" : undefined}
      lineClamp={2}
      style={{ wordBreak: "break-word" }}
    >
      {value.text}
    </Text>
  );
}

/** The event's audit log, newest first: who did what, when, and each changed field before → after. */
export function HistoryTab() {
  const { t } = useTranslation("web");
  const { user } = useSignedIn();
  const { accountId, event } = useCurrentEvent();
  const language = user.language;
  const [page, setPage] = useState(1);
  // Read again whenever the event is saved (the events mutations mark the history stale).
  const history = useAuditLogsPage(accountId, { eventId: event.id, page, perPage: PER_PAGE });
  const result = history.data;
  const failure = history.error;
  const timeZone = event.timezone;
  const names = useAccessNames(accountId, result?.data ?? NO_ENTRIES, event.access);

  function labelOf(field: string): string {
    const key = fieldLabelKey(field);
    return key ? t(key) : field;
  }

  function format(field: string, value: unknown): HistoryValue {
    return formatHistoryValue(field, value, { t, language, timeZone, names });
  }

  if (failure) {
    const isRefused = isApiError(failure) && failure.status === 403;
    return (
      <Alert color={isRefused ? "gray" : "red"} variant="light" role="alert" maw={760}>
        {isRefused ? t("history.notAllowed") : failure.message}
      </Alert>
    );
  }
  if (!result) {
    return (
      <Center p="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  if (result.data.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t("history.empty")}
      </Text>
    );
  }
  const pageCount = pageCountOf(result.pagination);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t("history.valuesInTimezone", { timezone: timeZone })}
      </Text>
      <Paper withBorder>
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("history.when")}</Table.Th>
                <Table.Th>{t("history.who")}</Table.Th>
                <Table.Th>{t("history.action")}</Table.Th>
                <Table.Th>{t("history.changes")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.data.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    <Text size="sm">{formatDateTime(entry.createdAt, language)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{entry.actor?.name ?? t("history.system")}</Text>
                    {entry.actor?.type === "apiKey" && (
                      <Badge size="xs" variant="outline">
                        {t("history.apiKey")}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {isKnownAction(entry.action) ? (
                      <Text size="sm" title={entry.action}>
                        {t(ACTION_LABELS[entry.action])}
                      </Text>
                    ) : (
                      <Code>{entry.action}</Code>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      {changedFields(entry.before, entry.after)
                        .filter((change) => isShownField(change.field))
                        .map((change) => (
                          <Group key={change.field} gap={6} wrap="nowrap" align="baseline">
                            <Text size="xs" fw={600} title={change.field}>
                              {labelOf(change.field)}
                            </Text>
                            {entry.before && (
                              <ChangeValue
                                value={format(change.field, change.before)}
                                isBefore
                                alt={labelOf(change.field)}
                              />
                            )}
                            {entry.before && entry.after && <Text size="xs">→</Text>}
                            {entry.after && (
                              <ChangeValue value={format(change.field, change.after)} alt={labelOf(change.field)} />
                            )}
                          </Group>
                        ))}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t("common.total", { count: result.pagination.total })}
        </Text>
        {pageCount > 1 && <Pagination total={pageCount} value={page} onChange={setPage} size="sm" />}
      </Group>
    </Stack>
  );
}
