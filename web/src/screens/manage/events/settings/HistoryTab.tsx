import { Alert, Badge, Center, Code, Group, Loader, Pagination, Paper, Stack, Table, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError, type ApiError, type PageOf } from "@tessera/shared/client";
import type { AuditLogJson } from "@tessera/shared/schemas/audit";
import { formatDateTime } from "../../../../app/formatDate.ts";
import { useStores } from "../../../../stores/StoresContext.ts";
import { useEventStore } from "../EventContext.ts";
import { changedFields, displayValue } from "./auditChanges.ts";

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

/** The event's audit log, newest first: who did what, when, and each changed field before → after. */
export function HistoryTab() {
  const { t } = useTranslation("web");
  const { context, session } = useStores();
  const store = useEventStore();
  const language = session.user?.language ?? "en";
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<PageOf<AuditLogJson> | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);

  useEffect(() => {
    let isCurrent = true;
    setFailure(null);
    context.api.auditLogs.list(store.accountId, { eventId: store.eventId, page, perPage: PER_PAGE }).then(
      (answer) => isCurrent && setResult(answer),
      (error: unknown) => {
        if (!isCurrent) return;
        if (isApiError(error)) setFailure(error);
        else throw error;
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [context, store.accountId, store.eventId, page, store.event?.updatedAt]);

  if (failure) {
    return (
      <Alert color={failure.status === 403 ? "gray" : "red"} variant="light" role="alert" maw={760}>
        {failure.status === 403 ? t("history.notAllowed") : failure.message}
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
  const pageCount = Math.max(1, Math.ceil(result.pagination.total / result.pagination.perPage));
  return (
    <Stack gap="md">
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
                      {changedFields(entry.before, entry.after).map((change) => (
                        <Group key={change.field} gap={6} wrap="nowrap" align="baseline">
                          <Text size="xs" fw={600}>
                            {change.field}
                          </Text>
                          {entry.before && (
                            <>
                              <Text
                                size="xs"
                                c="dimmed"
                                td="line-through"
                                lineClamp={2}
                                style={{ wordBreak: "break-all" }}
                              >
                                {displayValue(change.before)}
                              </Text>
                              <Text size="xs">→</Text>
                            </>
                          )}
                          <Text size="xs" lineClamp={2} style={{ wordBreak: "break-all" }}>
                            {displayValue(change.after)}
                          </Text>
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
