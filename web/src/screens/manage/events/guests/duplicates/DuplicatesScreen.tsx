import { Alert, Badge, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text } from "@mantine/core";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { DuplicatePairJson, GuestJson } from "@tessera/shared/client";
import { errorMessage } from "../../../../../app/errorMessage.ts";
import { ListFooter } from "../../../../../components/ListFooter.tsx";
import { useGuestsArea } from "../GuestsContext.ts";

const PER_PAGE = 20;

/** Pairs of guests that look like the same person, side by side: ignore the pair or merge into one of them. */
export function DuplicatesScreen() {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { api, accountId, event, canWrite, list } = useGuestsArea();
  const [pairs, setPairs] = useState<DuplicatePairJson[] | null>(null);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const result = await api.duplicates.list(accountId, event.id, { page, perPage: PER_PAGE });
      setPairs(result.data);
      setTotal(result.pagination.total);
    } catch (error) {
      setFailure(errorMessage(error, t));
      setPairs([]);
    }
  }, [api, accountId, event.id, page, t]);
  useEffect(() => {
    void load();
  }, [load]);

  async function act(key: string, operation: () => Promise<unknown>) {
    setBusy(key);
    setFailure(null);
    try {
      await operation();
      list.reload();
      await load();
    } catch (error) {
      setFailure(errorMessage(error, t));
    } finally {
      setBusy(null);
    }
  }

  if (!pairs) {
    return (
      <Center p="xl">
        <Loader />
      </Center>
    );
  }
  return (
    <Stack gap="md">
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
      {pairs.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t("guests.duplicates.empty")}
        </Text>
      ) : (
        pairs.map((pair) => {
          const [first, second] = pair.guests;
          const key = `${first.id}:${second.id}`;
          return (
            <Card key={key} withBorder data-testid="duplicate-pair">
              <Group justify="space-between" mb="sm">
                <Group gap="xs">
                  {pair.reasons.map((reason) => (
                    <Badge key={reason} variant="light">
                      {t(`guests.duplicates.reason.${reason}`)}
                    </Badge>
                  ))}
                </Group>
                {canWrite && (
                  <Button
                    size="xs"
                    variant="default"
                    loading={busy === `${key}:ignore`}
                    onClick={() =>
                      void act(`${key}:ignore`, () => api.duplicates.ignore(accountId, event.id, [first.id, second.id]))
                    }
                  >
                    {t("guests.duplicates.ignore")}
                  </Button>
                )}
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {[first, second].map((guest, index) => {
                  const other = index === 0 ? second : first;
                  return (
                    <Card key={guest.id} withBorder padding="sm">
                      <GuestSummary guest={guest} />
                      {canWrite && (
                        <Button
                          mt="sm"
                          size="xs"
                          loading={busy === `${key}:${guest.id}`}
                          onClick={() =>
                            void act(`${key}:${guest.id}`, () =>
                              api.duplicates.merge(accountId, event.id, guest.id, other.id),
                            )
                          }
                        >
                          {t("guests.duplicates.keep")}
                        </Button>
                      )}
                    </Card>
                  );
                })}
              </SimpleGrid>
            </Card>
          );
        })
      )}
      <ListFooter
        pagination={{ page, perPage: PER_PAGE, total }}
        pageCount={Math.max(1, Math.ceil(total / PER_PAGE))}
        onPage={setPage}
      />
    </Stack>
  );
}

function GuestSummary({ guest }: { guest: GuestJson }) {
  const { t } = useTranslation("web");
  return (
    <Stack gap={2}>
      <Text fw={600}>{guest.fullName || t("guests.detail.unnamed")}</Text>
      <Text size="sm">{guest.email ?? "—"}</Text>
      <Text size="sm" c="dimmed">
        {[guest.company, guest.jobTitle].filter(Boolean).join(" · ") || "—"}
      </Text>
      <Text size="sm">
        {t("guests.fields.status")}: {t(`guests.status.${guest.status}`)}
      </Text>
      <Text size="sm">
        {t("guests.fields.companionsExpected")}: {guest.companionsExpected}
      </Text>
    </Stack>
  );
}
