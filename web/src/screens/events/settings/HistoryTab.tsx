import { Alert, Badge, Center, Group, Image, Loader, Pagination, Paper, Stack, Table, Text } from "@mantine/core";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "@tessera/shared/client";
import { useAuditLogsPage, type AuditLogJson } from "@/queries/auditLogs.ts";
import { useCustomFields } from "@/queries/customFields.ts";
import { pageCountOf } from "@/queries/pages.ts";
import { useSignedIn } from "@/queries/session.ts";
import { useCurrentEvent } from "../EventContext.ts";
import { shownChanges } from "./historyChanges.ts";
import { customFieldCatalogue } from "./historyCustomFields.ts";
import { formatTimestamp, type HistoryValue } from "./historyFormat.ts";
import { historySentence, type SentenceContext } from "./historySentences.ts";
import { useAccessNames } from "./useAccessNames.ts";

const PER_PAGE = 20;

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
  const entries = result?.data ?? NO_ENTRIES;
  const names = useAccessNames(accountId, entries, event.access);
  const { fields: customFields } = useCustomFields(accountId, event.id);
  const fields = useMemo(() => customFieldCatalogue(customFields, entries), [customFields, entries]);
  const ctx: SentenceContext = { t, language, timeZone, names, fields, eventName: event.name };

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
                    <Text size="sm">{formatTimestamp(entry.createdAt, ctx)}</Text>
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
                    <Text size="sm">{historySentence(entry, ctx)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      {shownChanges(entry, ctx).map((change) => (
                        <Group key={change.field} gap={6} wrap="nowrap" align="baseline">
                          <Text size="xs" fw={600}>
                            {change.label}
                          </Text>
                          {change.before && <ChangeValue value={change.before} isBefore alt={change.label} />}
                          {change.before && change.after && <Text size="xs">→</Text>}
                          {change.after && <ChangeValue value={change.after} alt={change.label} />}
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
