import { Badge, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { notifySuccess } from "@/components/notify.ts";
import { errorMessage } from "@/app/errorMessage.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { ListFooter } from "@/components/ListFooter.tsx";
import {
  DUPLICATES_PER_PAGE as PER_PAGE,
  useDuplicatesPage,
  useIgnoreDuplicate,
  useMergeDuplicates,
} from "@/queries/duplicates.ts";
import type { GuestJson } from "@/queries/guests.ts";
import { useGuestFields, useGuestsArea } from "../GuestsContext.ts";
import { DuplicateGuestCard } from "./DuplicateGuestCard.tsx";
import { MergeConfirmModal } from "./MergeConfirmModal.tsx";

/** Pairs of guests that look like the same person, side by side: ignore the pair or merge into one of them. */
export function DuplicatesScreen() {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event, canWrite } = useGuestsArea();
  const fields = useGuestFields();
  const [page, setPage] = useState(1);
  const duplicates = useDuplicatesPage(accountId, event.id, page);
  const ignore = useIgnoreDuplicate(accountId, event.id);
  const merge = useMergeDuplicates(accountId, event.id);
  const [merging, setMerging] = useState<{ keep: GuestJson; merge: GuestJson } | null>(null);
  const result = duplicates.data;
  const failure = ignore.error ?? duplicates.error;
  const ignoring = ignore.isPending ? ignore.variables?.join(":") : undefined;

  // The last pair of a later page was just resolved: show the page before it.
  const lastPage = result ? Math.max(1, Math.ceil(result.pagination.total / PER_PAGE)) : page;
  const isPastTheEnd = result !== undefined && !duplicates.isPlaceholderData && result.data.length === 0 && page > 1;
  useEffect(() => {
    if (isPastTheEnd) setPage(lastPage);
  }, [isPastTheEnd, lastPage]);

  if (!result) {
    return duplicates.error ? (
      <FailureAlert message={errorMessage(duplicates.error, t)} />
    ) : (
      <Center p="xl">
        <Loader />
      </Center>
    );
  }
  const pairs = result.data;
  const total = result.pagination.total;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t("guests.duplicates.intro")}
      </Text>
      <FailureAlert message={failure ? errorMessage(failure, t) : null} />
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
                    loading={ignoring === key}
                    onClick={() => ignore.mutate([first.id, second.id])}
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
                    fields={fields}
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
          onConfirm={() =>
            merge.mutateAsync({ keepId: merging.keep.id, mergeId: merging.merge.id }).then(() =>
              notifySuccess(
                t("guests.duplicates.mergedNotice", {
                  kept: merging.keep.fullName || merging.keep.email || "",
                  merged: merging.merge.fullName || merging.merge.email || "",
                }),
              ),
            )
          }
          onClose={() => setMerging(null)}
        />
      )}
    </Stack>
  );
}
