import { Button, Center, Group, Loader, Select, Stack, Tabs, Text } from "@mantine/core";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { EVENT_LIST_SORTS } from "@tessera/shared/rules/events";
import type { Account } from "@tessera/shared/schemas/users";
import { errorMessage } from "@/app/errorMessage.ts";
import { lazyWithTimeout } from "@/app/lazyWithTimeout.ts";
import { useListViewParams } from "@/app/useViewParams.ts";
import { ConfirmModal } from "@/components/ConfirmModal.tsx";
import { IconPlus } from "@/components/icons.tsx";
import { ListFooter } from "@/components/ListFooter.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { ScreenAlerts, type ScreenNotice } from "@/components/ScreenAlerts.tsx";
import { SearchField } from "@/components/SearchField.tsx";
import {
  EVENTS_PER_PAGE,
  useDeleteEvent,
  useEventsPage,
  useSetEventArchived,
  type EventJson,
} from "@/queries/events.ts";
import { ScreenHeader } from "@/screens/shell/ScreenHeader.tsx";
import { EventCard, type EventAction } from "./EventCard.tsx";
import { eventsQueryOf, FILTERS } from "./eventsQuery.ts";

// The event forms (dates, time zone, languages) load when one is opened: the list is the first screen after sign-in.
const CreateEventModal = lazyWithTimeout(async () => ({
  default: (await import("./CreateEventModal.tsx")).CreateEventModal,
}));
const DuplicateEventModal = lazyWithTimeout(async () => ({
  default: (await import("./DuplicateEventModal.tsx")).DuplicateEventModal,
}));

/** /manage/events: the account's events; the view (filter, sort, search, page) is in the address. */
export function EventsListScreen({ account }: { account: Account }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { params, changeView, onSearch } = useListViewParams();
  const [isCreating, setCreating] = useState(false);
  const [pending, setPending] = useState<{ action: EventAction; event: EventJson } | null>(null);
  const [failure, setFailure] = useState<ScreenNotice | null>(null);
  const query = eventsQueryOf(params);
  const events = useEventsPage(account.id, query);
  const setArchived = useSetEventArchived(account.id);
  const remove = useDeleteEvent(account.id);
  const busyId = setArchived.isPending ? setArchived.variables?.eventId : undefined;

  function act(action: EventAction, event: EventJson) {
    setFailure(null);
    if (action === "archive" || action === "unarchive") {
      const archived = action === "archive";
      setArchived.mutateAsync({ eventId: event.id, archived }).then(
        () => notifySuccess(t(archived ? "events.archivedNotice" : "events.unarchivedNotice", { name: event.name })),
        (error: unknown) => setFailure({ color: "red", message: errorMessage(error, t) }),
      );
      return;
    }
    setPending({ action, event });
  }

  const page = events.data;
  const pagination = page?.pagination ?? { page: query.page ?? 1, perPage: EVENTS_PER_PAGE, total: 0 };
  return (
    <>
      <ScreenHeader
        title={t("nav.events")}
        description={t("events.description")}
        actions={
          account.abilities.createEvents && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              {t("events.create")}
            </Button>
          )
        }
      />
      <ScreenAlerts
        notice={failure}
        onDismiss={() => setFailure(null)}
        loadError={events.error}
        onRetry={() => void events.refetch()}
      />
      <Tabs value={query.filter} onChange={(value) => changeView({ filter: value === "all" ? null : value })} mb="md">
        <Tabs.List>
          {FILTERS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`events.filters.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group mb="md" justify="space-between" align="flex-end">
        <SearchField label={t("events.search")} initialValue={query.search ?? ""} onSearch={onSearch} />
        <Select
          label={t("events.sortBy")}
          data={EVENT_LIST_SORTS.map((value) => ({ value, label: t(`events.sorts.${value}`) }))}
          value={query.sort ?? "start_date"}
          onChange={(value) => changeView({ sort: value === "start_date" ? null : value })}
          allowDeselect={false}
          w={220}
        />
      </Group>
      {!page || events.isError ? (
        events.isPending && (
          <Center p="xl">
            <Loader size="sm" />
          </Center>
        )
      ) : page.data.length === 0 ? (
        <Text c="dimmed" ta="center" p="xl" size="sm">
          {query.search ? t("common.noMatch") : t(`events.empty.${query.filter}`)}
        </Text>
      ) : (
        <Stack gap="sm" aria-busy={events.isFetching}>
          {page.data.map((event) => (
            <EventCard key={event.id} event={event} isBusy={busyId === event.id} onAction={act} />
          ))}
        </Stack>
      )}
      <ListFooter
        pagination={pagination}
        pageCount={Math.max(1, Math.ceil(pagination.total / pagination.perPage))}
        onPage={(next) => changeView({ page: next > 1 ? String(next) : null })}
      />
      <Suspense fallback={null}>
        {isCreating && <CreateEventModal accountId={account.id} onClose={() => setCreating(false)} />}
        {pending?.action === "duplicate" && (
          <DuplicateEventModal
            accountId={account.id}
            event={pending.event}
            onClose={() => setPending(null)}
            onDone={(copy) => notifySuccess(t("events.duplicatedNotice", { name: copy.name }))}
          />
        )}
      </Suspense>
      {pending?.action === "delete" && (
        <ConfirmModal
          title={t("events.deleteTitle")}
          message={t("events.deleteConfirm", { name: pending.event.name })}
          confirmLabel={t("common.delete")}
          onConfirm={() => remove.mutateAsync(pending.event.id)}
          onClose={() => setPending(null)}
        />
      )}
    </>
  );
}
