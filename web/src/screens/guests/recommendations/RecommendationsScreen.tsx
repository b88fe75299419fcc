import { Anchor, Button, Center, Group, Loader, Stack, Table, Tabs, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Language } from "@tessera/shared/i18n/languages";
import { RECOMMENDATION_STATUSES, type RecommendationStatus } from "@tessera/shared/rules/guests";
import { errorMessage } from "@/app/errorMessage.ts";
import { formatDateTime } from "@/app/formatDate.ts";
import { ConfirmModal } from "@/components/ConfirmModal.tsx";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { ListFooter } from "@/components/ListFooter.tsx";
import {
  RECOMMENDATIONS_PER_PAGE as PER_PAGE,
  useDecideRecommendation,
  useRecommendationsPage,
  type RecommendationJson,
} from "@/queries/recommendations.ts";
import { useGuestsArea } from "../GuestsContext.ts";

const EMPTY = {
  pending: "guests.recommendations.emptyPending",
  accepted: "guests.recommendations.emptyAccepted",
  refused: "guests.recommendations.emptyRefused",
} as const satisfies Record<RecommendationStatus, string>;

/** People recommended by guests: pending ones are accepted (they become guests) or refused. */
export function RecommendationsScreen() {
  const { t, i18n } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event, base, canWrite } = useGuestsArea();
  const [status, setStatus] = useState<RecommendationStatus>("pending");
  const [page, setPage] = useState(1);
  const recommendations = useRecommendationsPage(accountId, event.id, { status, page, perPage: PER_PAGE });
  const decide = useDecideRecommendation(accountId, event.id);
  // Refusing is final: it is asked first.
  const [refusing, setRefusing] = useState<RecommendationJson | null>(null);
  const result = recommendations.data;
  const rows = result?.data ?? (recommendations.error ? [] : null);
  const total = result?.pagination.total ?? 0;
  const failure = decide.error ?? recommendations.error;
  const accepting = decide.isPending && decide.variables.decision === "accept" ? decide.variables.id : undefined;

  // The last row of a later page was just decided: show the page before it.
  const lastPage = Math.max(1, Math.ceil(total / PER_PAGE));
  const isPastTheEnd = result !== undefined && result.data.length === 0 && page > 1;
  useEffect(() => {
    if (isPastTheEnd) setPage(lastPage);
  }, [isPastTheEnd, lastPage]);

  return (
    <Stack gap="md">
      <Tabs
        value={status}
        onChange={(value) => {
          if (!value) return;
          setStatus(value as RecommendationStatus);
          setPage(1);
        }}
      >
        <Tabs.List>
          {RECOMMENDATION_STATUSES.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`guests.recommendations.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <FailureAlert message={failure ? errorMessage(failure, t) : null} />
      {!rows ? (
        <Center p="xl">
          <Loader />
        </Center>
      ) : rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t(EMPTY[status])}
        </Text>
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("guests.recommendations.person")}</Table.Th>
              <Table.Th>{t("guests.fields.email")}</Table.Th>
              <Table.Th>{t("guests.fields.company")}</Table.Th>
              <Table.Th>{t("guests.recommendations.by")}</Table.Th>
              {status !== "pending" && <Table.Th>{t("guests.recommendations.decidedAt")}</Table.Th>}
              {status === "pending" && canWrite && <Table.Th>{t("common.actions")}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id} data-testid="recommendation-row">
                <Table.Td>
                  {row.guestId ? (
                    <Anchor component={Link} to={`${base}/view/${row.guestId}`} size="sm">
                      {personName(row) || row.email}
                    </Anchor>
                  ) : (
                    personName(row) || "—"
                  )}
                </Table.Td>
                <Table.Td data-testid="recommendation-email">{row.email}</Table.Td>
                <Table.Td>{row.company ?? "—"}</Table.Td>
                <Table.Td>{row.recommenderName}</Table.Td>
                {status !== "pending" && (
                  <Table.Td>{row.decidedAt ? formatDateTime(row.decidedAt, i18n.language as Language) : "—"}</Table.Td>
                )}
                {status === "pending" && canWrite && (
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        loading={accepting === row.id}
                        onClick={() => decide.mutate({ id: row.id, decision: "accept" })}
                      >
                        {t("guests.recommendations.accept")}
                      </Button>
                      <Button size="xs" variant="light" color="red" onClick={() => setRefusing(row)}>
                        {t("guests.recommendations.refuse")}
                      </Button>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {refusing && (
        <ConfirmModal
          title={t("guests.recommendations.refuseTitle")}
          message={t("guests.recommendations.refuseConfirm", {
            name: personName(refusing) || refusing.email,
            recommender: refusing.recommenderName,
          })}
          confirmLabel={t("guests.recommendations.refuse")}
          onConfirm={() => decide.mutateAsync({ id: refusing.id, decision: "refuse" })}
          onClose={() => setRefusing(null)}
        />
      )}
      {total > 0 && (
        <ListFooter
          pagination={{ page, perPage: PER_PAGE, total }}
          pageCount={Math.max(1, Math.ceil(total / PER_PAGE))}
          onPage={setPage}
        />
      )}
    </Stack>
  );
}

function personName(row: RecommendationJson): string {
  return [row.firstName, row.lastName].filter(Boolean).join(" ");
}
