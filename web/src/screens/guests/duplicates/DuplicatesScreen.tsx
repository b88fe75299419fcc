import { Badge, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text } from "@mantine/core";
import { observer } from "mobx-react-lite";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { DuplicatePairJson, GuestJson } from "@tessera/shared/client";
import { errorMessage } from "@/app/errorMessage.ts";
import { ListFooter } from "@/components/ListFooter.tsx";
import { useGuestsArea } from "../GuestsContext.ts";
import { DuplicateGuestCard } from "./DuplicateGuestCard.tsx";
import { MergeConfirmModal } from "./MergeConfirmModal.tsx";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { useAction } from "@/app/useAction.ts";

const PER_PAGE = 20;

/** Pairs of guests that look like the same person, side by side: ignore the pair or merge into one of them. */
export const DuplicatesScreen = observer(function DuplicatesScreen() {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { api, accountId, event, canWrite, fields, list } = useGuestsArea();
  const [pairs, setPairs] = useState<DuplicatePairJson[] | null>(null);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const { busy, failure, setFailure, run } = useAction();
  const [merging, setMerging] = useState<{ keep: GuestJson; merge: GuestJson } | null>(null);

  const load = useCallback(async () => {
    try {
      const result = await api.duplicates.list(accountId, event.id, { page, perPage: PER_PAGE });
      // The last pair of a later page was just resolved: show the page before it.
      if (result.data.length === 0 && page > 1) {
        setPage(Math.max(1, Math.ceil(result.pagination.total / PER_PAGE)));
        return;
      }
      setPairs(result.data);
      setTotal(result.pagination.total);
    } catch (error) {
      setFailure(errorMessage(error, t));
      setPairs([]);
    }
  }, [api, accountId, event.id, page, t, setFailure]);
  useEffect(() => {
    void load();
  }, [load]);

  const ignore = (key: string, guestIds: [string, string]) =>
    run(async () => {
      await api.duplicates.ignore(accountId, event.id, guestIds);
      await load();
    }, key);

  async function merge(keep: GuestJson, other: GuestJson) {
    await api.duplicates.merge(accountId, event.id, keep.id, other.id);
    list.reload();
    await load();
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
      <Text size="sm" c="dimmed">
        {t("guests.duplicates.intro")}
      </Text>
      <FailureAlert message={failure} />
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
                    <Badge key={reason} variant="light" data-testid="duplicate-reason">
                      {t(`guests.duplicates.reason.${reason}`)}
                    </Badge>
                  ))}
                </Group>
                {canWrite && (
                  <Button
                    size="xs"
                    variant="default"
                    loading={busy === key}
                    onClick={() => void ignore(key, [first.id, second.id])}
                  >
                    {t("guests.duplicates.ignore")}
                  </Button>
                )}
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {[first, second].map((guest, index) => (
                  <DuplicateGuestCard
                    key={guest.id}
                    guest={guest}
                    fields={fields.fields}
                    keepLabel={canWrite ? t("guests.duplicates.keep") : undefined}
                    onKeep={() => setMerging({ keep: guest, merge: index === 0 ? second : first })}
                  />
                ))}
              </SimpleGrid>
            </Card>
          );
        })
      )}
      {total > 0 && (
        <ListFooter
          pagination={{ page, perPage: PER_PAGE, total }}
          pageCount={Math.max(1, Math.ceil(total / PER_PAGE))}
          onPage={setPage}
        />
      )}
      {merging && (
        <MergeConfirmModal
          keep={merging.keep}
          merge={merging.merge}
          onConfirm={() => merge(merging.keep, merging.merge)}
          onClose={() => setMerging(null)}
        />
      )}
    </Stack>
  );
});
