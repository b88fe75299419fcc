import { Button, Center, Group, Loader, Select, Stack, Tabs, Text } from "@mantine/core";
import { observer } from "mobx-react-lite";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { EventJson } from "@tessera/shared/client";
import { EVENT_LIST_SORTS, type EventListFilter, type EventListSort } from "@tessera/shared/rules/events";
import type { Account } from "@tessera/shared/schemas/users";
import { errorMessage } from "@/app/errorMessage.ts";
import { ConfirmModal } from "@/components/ConfirmModal.tsx";
import { IconPlus } from "@/components/icons.tsx";
import { ListFooter } from "@/components/ListFooter.tsx";
import { SearchField } from "@/components/SearchField.tsx";
import { useStores } from "@/stores/StoresContext.ts";
import { ScreenHeader } from "@/screens/shell/ScreenHeader.tsx";
import { CreateEventModal } from "./CreateEventModal.tsx";
import { DuplicateEventModal } from "./DuplicateEventModal.tsx";
import { EventCard, type EventAction } from "./EventCard.tsx";
import { ScreenAlerts, type ScreenNotice } from "@/components/ScreenAlerts.tsx";

/** Spec §2: the list's filters ("all" = every event that is not archived). */
const FILTERS = ["all", "in_progress", "past", "archived"] as const satisfies readonly EventListFilter[];

function filterOf(value: string | null): EventListFilter {
  return (FILTERS as readonly string[]).includes(value ?? "") ? (value as EventListFilter) : "all";
}

function sortOf(value: string | null): EventListSort {
  return (EVENT_LIST_SORTS as readonly string[]).includes(value ?? "") ? (value as EventListSort) : "start_date";
}

/** /manage/events: the account's events; the view (filter, sort, search, page) is in the address. */
export const EventsListScreen = observer(function EventsListScreen({ account }: { account: Account }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { events } = useStores();
  const [params, setParams] = useSearchParams();
  const [isCreating, setCreating] = useState(false);
  const [pending, setPending] = useState<{ action: EventAction; event: EventJson } | null>(null);
  const [notice, setNotice] = useState<ScreenNotice | null>(null);

  const filter = filterOf(params.get("filter"));
  const sort = sortOf(params.get("sort"));
  const search = params.get("search") ?? "";
  const page = Math.max(1, Number(params.get("page")) || 1);

  useEffect(() => {
    events.show({ accountId: account.id, filter, sort, search }, page);
  }, [events, account.id, filter, sort, search, page]);

  /** Changes some of the view's parameters; any change but the page goes back to page 1. */
  const changeView = useCallback(
    (patch: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          if (!("page" in patch)) next.delete("page");
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const onSearch = useCallback(
    (value: string) => {
      if (value !== (new URLSearchParams(window.location.search).get("search") ?? "")) changeView({ search: value });
    },
    [changeView],
  );

  async function archive(event: EventJson, archived: boolean) {
    await events.setArchived(event.id, archived);
    setNotice({
      color: "green",
      message: t(archived ? "events.archivedNotice" : "events.unarchivedNotice", { name: event.name }),
    });
  }

  function act(action: EventAction, event: EventJson) {
    setNotice(null);
    if (action === "archive" || action === "unarchive") {
      archive(event, action === "archive").catch((error: unknown) =>
        setNotice({ color: "red", message: errorMessage(error, t) }),
      );
      return;
    }
    setPending({ action, event });
  }

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
      <ScreenAlerts notice={notice} onDismiss={() => setNotice(null)} loadError={events.loadError} />
      <Tabs value={filter} onChange={(value) => changeView({ filter: value === "all" ? null : value })} mb="md">
        <Tabs.List>
          {FILTERS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`events.filters.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group mb="md" justify="space-between" align="flex-end">
        <SearchField label={t("events.search")} initialValue={search} onSearch={onSearch} />
        <Select
          label={t("events.sortBy")}
          data={EVENT_LIST_SORTS.map((value) => ({ value, label: t(`events.sorts.${value}`) }))}
          value={sort}
          onChange={(value) => changeView({ sort: value === "start_date" ? null : value })}
          allowDeselect={false}
          w={220}
        />
      </Group>
      <EventsCards onAction={act} />
      <ListFooter
        pagination={events.pagination}
        pageCount={events.pageCount}
        onPage={(next) => changeView({ page: next > 1 ? String(next) : null })}
      />
      {isCreating && <CreateEventModal accountId={account.id} onClose={() => setCreating(false)} />}
      {pending?.action === "duplicate" && (
        <DuplicateEventModal
          event={pending.event}
          onClose={() => setPending(null)}
          onDone={(copy) => setNotice({ color: "green", message: t("events.duplicatedNotice", { name: copy.name }) })}
        />
      )}
      {pending?.action === "delete" && (
        <ConfirmModal
          title={t("events.deleteTitle")}
          message={t("events.deleteConfirm", { name: pending.event.name })}
          confirmLabel={t("common.delete")}
          onConfirm={() => events.remove(pending.event.id)}
          onClose={() => setPending(null)}
        />
      )}
    </>
  );
});

const EventsCards = observer(function EventsCards({
  onAction,
}: {
  onAction: (action: EventAction, event: EventJson) => void;
}) {
  const { t } = useTranslation("web");
  const { events } = useStores();
  if (events.isLoading && events.items.length === 0) {
    return (
      <Center p="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  if (events.items.length === 0) {
    return (
      <Text c="dimmed" ta="center" p="xl" size="sm">
        {events.query.search ? t("common.noMatch") : t(`events.empty.${events.query.filter}`)}
      </Text>
    );
  }
  return (
    <Stack gap="sm" aria-busy={events.isLoading}>
      {events.items.map((event) => (
        <EventCard key={event.id} event={event} onAction={onAction} />
      ))}
    </Stack>
  );
});
