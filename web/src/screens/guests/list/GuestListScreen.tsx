import { Alert, Anchor, Button, Group, Stack, Text } from "@mantine/core";
import { useCallback, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { Language } from "@tessera/shared/i18n/languages";
import { formatDateTime } from "@/app/formatDate.ts";
import { useViewParams } from "@/app/useViewParams.ts";
import { ExportMenu, type ExportFormat } from "@/components/ExportMenu.tsx";
import { IconPlus } from "@/components/icons.tsx";
import { SearchField } from "@/components/SearchField.tsx";
import { VirtualTable } from "@/components/table/VirtualTable.tsx";
import { sortingOf } from "@/components/table/virtualTableModel.ts";
import { guestExportUrl } from "@/queries/guestExport.ts";
import { useGuestListWindow, type GuestJson, type GuestSelectionBody } from "@/queries/guests.ts";
import { useGuestFields, useGuestsArea } from "../GuestsContext.ts";
import { BulkAnswerModal } from "./BulkAnswerModal.tsx";
import { BulkDeleteModal } from "./BulkDeleteModal.tsx";
import { ColumnChooser } from "./ColumnChooser.tsx";
import { FilterBar } from "./FilterBar.tsx";
import { allColumns, readChosenColumns, saveChosenColumns } from "./guestColumns.ts";
import * as selecting from "./guestSelection.ts";
import { queryFromParams } from "./listQuery.ts";
import { ViewsBar } from "./ViewsBar.tsx";

/** What a bulk action is given when it opens: whom it acts on, how many they are and their names. */
interface BulkTarget {
  selection: GuestSelectionBody;
  count: number;
  names: ReadonlyMap<string, string>;
}

const nameOf = (guest: GuestJson) => guest.fullName || guest.email || "";

/** The event's guests: views, search, filters, sort, columns, selection and export; the view is in the address. */
export function GuestListScreen() {
  const { t, i18n } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event, base, canWrite } = useGuestsArea();
  const fields = useGuestFields();
  const navigate = useNavigate();
  const [params, changeView] = useViewParams();
  const [chosen, setChosen] = useState(() => readChosenColumns(event.id));
  const [deleting, setDeleting] = useState<BulkTarget | null>(null);
  const [settingField, setSettingField] = useState<BulkTarget | null>(null);

  const paramsKey = params.toString();
  const query = useMemo(() => queryFromParams(new URLSearchParams(paramsKey)), [paramsKey]);
  // The rows on screen and the selection belong to one view of the list: another view starts afresh.
  const [shownRows, setShownRows] = useState({ view: paramsKey, first: 0, last: 0 });
  const rows = shownRows.view === paramsKey ? shownRows : { first: 0, last: 0 };
  const onRowsShown = useCallback(
    (first: number, last: number) => setShownRows({ view: paramsKey, first, last }),
    [paramsKey],
  );
  const list = useGuestListWindow(accountId, event.id, query, rows);
  const [selectionOfView, setSelectionOfView] = useState({ view: paramsKey, selection: selecting.NO_SELECTION });
  const selection = selectionOfView.view === paramsKey ? selectionOfView.selection : selecting.NO_SELECTION;
  const select = useCallback(
    (change: (current: selecting.GuestSelection) => selecting.GuestSelection) =>
      setSelectionOfView((current) => ({
        view: paramsKey,
        selection: change(current.view === paramsKey ? current.selection : selecting.NO_SELECTION),
      })),
    [paramsKey],
  );
  const clearSelection = () => select(() => selecting.NO_SELECTION);

  // The search box reports its value when it mounts too: only a different search changes the address.
  const shownSearch = useRef(query.search ?? "");
  shownSearch.current = query.search ?? "";
  const onSearch = useCallback(
    (search: string) => {
      if (search !== shownSearch.current) changeView({ search: search || null });
    },
    [changeView],
  );
  // A view applied from the views bar brings its own search: the box starts again from it.
  const [searchBox, setSearchBox] = useState(0);
  const applyView = useCallback(
    (patch: Record<string, string | null>) => {
      changeView(patch);
      setSearchBox((count) => count + 1);
    },
    [changeView],
  );

  const language = i18n.language as Language;
  const columns = useMemo(() => allColumns(fields, t, (iso) => formatDateTime(iso, language)), [fields, t, language]);
  const shown = chosen.filter((key) => columns.some((column) => column.id === key));
  const columnVisibility = useMemo(
    () => Object.fromEntries(columns.map((column) => [column.id, chosen.includes(column.id)])),
    [columns, chosen],
  );

  function choose(keys: string[]) {
    setChosen(keys);
    saveChosenColumns(event.id, keys);
  }
  const exportHref = (format: ExportFormat) =>
    guestExportUrl(accountId, event.id, { ...query, format, columns: shown.join(","), lang: language });

  const loadedIds = list.loadedGuests.map((guest) => guest.id);
  const selectionCount = selecting.selectionCount(selection, list.total);
  const canSelectAllMatching = selecting.canSelectAllMatching(selection, loadedIds, list.total);
  const allLoadedSelected = loadedIds.length > 0 && loadedIds.every((id) => selecting.isSelected(selection, id));
  /** The selection as a bulk action gets it, with the names of the guests loaded now (for its report). */
  const bulkTarget = (): BulkTarget => ({
    selection: selecting.selectionBody(selection, query),
    count: selectionCount,
    names: new Map(list.loadedGuests.map((guest) => [guest.id, nameOf(guest) || guest.id])),
  });

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <SearchField
          key={searchBox}
          label={t("guests.list.search")}
          initialValue={query.search ?? ""}
          onSearch={onSearch}
        />
        <Group gap="xs">
          <ColumnChooser columns={columns} chosen={chosen} onChange={choose} />
          <ExportMenu
            label={t("guests.list.export")}
            formatLabels={{ csv: t("guests.list.exportCsv"), xlsx: t("guests.list.exportXlsx") }}
            hrefOf={exportHref}
          />
          {canWrite && (
            <>
              <Button variant="default" onClick={() => navigate(`${base}/import`)}>
                {t("guests.list.import")}
              </Button>
              <Button leftSection={<IconPlus size={16} />} onClick={() => navigate(`${base}/new`)}>
                {t("guests.list.add")}
              </Button>
            </>
          )}
        </Group>
      </Group>
      <ViewsBar query={query} onChange={applyView} />
      <FilterBar query={query} fields={fields} onChange={changeView} />
      {list.loadError && (
        <Alert color="red" variant="light" role="alert">
          {list.loadError.message}
        </Alert>
      )}
      <Group justify="space-between" mih={30}>
        <Text size="sm" c="dimmed" aria-live="polite">
          {list.hasLoaded ? t("guests.list.total", { count: list.total }) : t("guests.list.loading")}
        </Text>
        {canWrite && selectionCount > 0 && (
          <Group gap="xs">
            <Text size="sm">{t("guests.list.selected", { count: selectionCount })}</Text>
            <Anchor component="button" size="sm" onClick={clearSelection}>
              {t("guests.list.clearSelection")}
            </Anchor>
            {fields.some((field) => field.type !== "file") && (
              <Button size="xs" variant="light" onClick={() => setSettingField(bulkTarget())}>
                {t("guests.list.setField")}
              </Button>
            )}
            <Button size="xs" color="red" variant="light" onClick={() => setDeleting(bulkTarget())}>
              {t("guests.list.deleteSelected")}
            </Button>
          </Group>
        )}
      </Group>
      {canWrite && (canSelectAllMatching || selection.allMatching) && (
        <Alert variant="light" color="blue" p="xs" data-testid="select-all-matching">
          <Group gap="xs" justify="center">
            {selection.allMatching ? (
              <>
                <Text size="sm">{t("guests.list.allMatchingSelected", { count: list.total })}</Text>
                <Anchor component="button" size="sm" onClick={clearSelection}>
                  {t("guests.list.clearSelection")}
                </Anchor>
              </>
            ) : (
              <>
                <Text size="sm">{t("guests.list.loadedSelected", { count: selection.ids.size })}</Text>
                <Anchor
                  component="button"
                  size="sm"
                  fw={600}
                  onClick={() => select(() => selecting.selectAllMatching(loadedIds))}
                >
                  {t("guests.list.selectAllMatching", { count: list.total })}
                </Anchor>
              </>
            )}
          </Group>
        </Alert>
      )}
      {list.hasLoaded && list.total === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {query.search ||
          query.filters ||
          query.status ||
          query.mailStatus ||
          query.createdSource ||
          query.createdFrom ||
          query.createdTo ||
          query.registeredFrom ||
          query.registeredTo
            ? t("common.noMatch")
            : t("guests.list.empty")}
        </Text>
      ) : (
        <VirtualTable<GuestJson>
          label={t("guests.list.tableLabel")}
          columns={columns}
          columnVisibility={columnVisibility}
          columnOrder={chosen}
          rowCount={list.total}
          rowAt={list.guestAt}
          getRowId={(guest) => guest.id}
          rowLabel={nameOf}
          rowTestId={(guest) => (guest ? "guest-row" : "guest-row-loading")}
          onRowsShown={onRowsShown}
          isBusy={list.isFetching}
          resetKey={paramsKey}
          sorting={sortingOf(query.sort, query.order)}
          onSortingChange={([sort]) => changeView({ sort: sort?.id ?? null, order: sort?.desc ? "desc" : "asc" })}
          onOpen={(guest) => navigate(`${base}/view/${guest.id}`)}
          selection={
            canWrite
              ? {
                  isSelected: (id) => selecting.isSelected(selection, id),
                  toggle: (id) => select((current) => selecting.toggle(current, id, loadedIds)),
                  all: {
                    checked: allLoadedSelected,
                    indeterminate: selection.ids.size > 0 && !allLoadedSelected,
                    toggle: () =>
                      select(() => (allLoadedSelected ? selecting.NO_SELECTION : selecting.selectIds(loadedIds))),
                    label: t("guests.list.selectAll"),
                  },
                  checkboxLabel: (guest) => t("guests.list.select", { name: nameOf(guest) }),
                }
              : undefined
          }
        />
      )}
      {deleting && (
        <BulkDeleteModal
          selection={deleting.selection}
          count={deleting.count}
          nameOf={(id) => deleting.names.get(id) ?? id}
          onDone={clearSelection}
          onClose={() => setDeleting(null)}
        />
      )}
      {settingField && (
        <BulkAnswerModal
          selection={settingField.selection}
          count={settingField.count}
          onDone={clearSelection}
          onClose={() => setSettingField(null)}
        />
      )}
    </Stack>
  );
}
