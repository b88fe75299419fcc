import { Anchor, Button, Center, Group, Loader, Stack, Table, Tabs, Text } from "@mantine/core";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { RecommendationJson } from "@tessera/shared/client";
import type { Language } from "@tessera/shared/i18n/index";
import { RECOMMENDATION_STATUSES, type RecommendationStatus } from "@tessera/shared/rules/guests";
import { errorMessage } from "@/app/errorMessage.ts";
import { formatDateTime } from "@/app/formatDate.ts";
import { ConfirmModal } from "@/components/ConfirmModal.tsx";
import { ListFooter } from "@/components/ListFooter.tsx";
import { useGuestsArea } from "../GuestsContext.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { useAction } from "@/app/useAction.ts";

const PER_PAGE = 50;

const EMPTY = {
  pending: "guests.recommendations.emptyPending",
  accepted: "guests.recommendations.emptyAccepted",
  refused: "guests.recommendations.emptyRefused",
} as const satisfies Record<RecommendationStatus, string>;

/** People recommended by guests: pending ones are accepted (they become guests) or refused. */
export function RecommendationsScreen() {
  const { t, i18n } = useTranslation(["web", "errors", "validation"]);
  const { api, accountId, event, base, canWrite, list } = useGuestsArea();
  const [status, setStatus] = useState<RecommendationStatus>("pending");
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<RecommendationJson[] | null>(null);
  const [total, setTotal] = useState(0);
  const { busy, failure, setFailure, run } = useAction();
  // Refusing is final: it is asked first.
  const [refusing, setRefusing] = useState<RecommendationJson | null>(null);

  const load = useCallback(async () => {
    try {
      const result = await api.recommendations.list(accountId, event.id, { status, page, perPage: PER_PAGE });
      // The last row of a later page was just decided: show the page before it.
      if (result.data.length === 0 && page > 1) {
        setPage(Math.max(1, Math.ceil(result.pagination.total / PER_PAGE)));
        return;
      }
      setRows(result.data);
      setTotal(result.pagination.total);
    } catch (error) {
      setFailure(errorMessage(error, t));
      setRows([]);
    }
  }, [api, accountId, event.id, status, page, t, setFailure]);
  useEffect(() => {
    void load();
  }, [load]);

  const accept = (row: RecommendationJson) =>
    run(async () => {
      await api.recommendations.accept(accountId, event.id, row.id);
      list.reload();
      await load();
    }, row.id);

  return (
    <Stack gap="md">
      <Tabs
        value={status}
        onChange={(value) => {
          if (!value) return;
          setStatus(value as RecommendationStatus);
          setPage(1);
          setRows(null);
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
      <FailureAlert message={failure} />
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
                      <Button size="xs" loading={busy === row.id} onClick={() => void accept(row)}>
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
          onConfirm={async () => {
            await api.recommendations.refuse(accountId, event.id, refusing.id);
            await load();
          }}
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
