import { Alert, Anchor, Button, Group, Menu, Stack, Text } from "@mantine/core";
import { observer } from "mobx-react-lite";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import type { Language } from "@tessera/shared/i18n/index";
import { formatDateTime } from "@/app/formatDate.ts";
import { IconPlus } from "@/components/icons.tsx";
import { SearchField } from "@/components/SearchField.tsx";
import { useGuestsArea } from "../GuestsContext.ts";
import { BulkAnswerModal } from "./BulkAnswerModal.tsx";
import { BulkDeleteModal } from "./BulkDeleteModal.tsx";
import { ColumnChooser } from "./ColumnChooser.tsx";
import { FilterBar } from "./FilterBar.tsx";
import { allColumns, readChosenColumns, saveChosenColumns } from "./guestColumns.ts";
import { GuestTable } from "./GuestTable.tsx";
import { queryFromParams } from "./listQuery.ts";
import { ViewsBar } from "./ViewsBar.tsx";

/** The event's guests: views, search, filters, sort, columns, selection and export; the view is in the address. */
export const GuestListScreen = observer(function GuestListScreen() {
  const { t, i18n } = useTranslation(["web", "errors", "validation"]);
  const { api, accountId, event, base, canWrite, fields, list } = useGuestsArea();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [chosen, setChosen] = useState(() => readChosenColumns(event.id));
  const [isDeleting, setDeleting] = useState(false);
  const [isSettingField, setSettingField] = useState(false);

  const paramsKey = params.toString();
  const query = useMemo(() => queryFromParams(new URLSearchParams(paramsKey)), [paramsKey]);
  useEffect(() => list.setQuery(query), [list, query]);

  const changeView = useCallback(
    (patch: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  // The search box reports its value when it mounts too: only a different search changes the address
  // (react-router's updater sees the last rendered address, so a no-op change could undo a newer one).
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
  const columns = useMemo(
    () => allColumns(fields.fields, t, (iso) => formatDateTime(iso, language)),
    [fields.fields, t, language],
  );
  const shown = chosen
    .map((key) => columns.find((column) => column.key === key))
    .filter((column) => column !== undefined);

  function choose(keys: string[]) {
    setChosen(keys);
    saveChosenColumns(event.id, keys);
  }
  function sortBy(key: string) {
    const order = query.sort === key && (query.order ?? "asc") === "asc" ? "desc" : "asc";
    changeView({ sort: key, order });
  }
  const exportHref = (format: "csv" | "xlsx") =>
    api.guests.exportUrl(accountId, event.id, format, { ...query, columns: shown.map((c) => c.key).join(",") });
  const selectionCount = list.selectionCount;

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
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default">{t("guests.list.export")}</Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item component="a" href={exportHref("csv")} download>
                {t("guests.list.exportCsv")}
              </Menu.Item>
              <Menu.Item component="a" href={exportHref("xlsx")} download>
                {t("guests.list.exportXlsx")}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
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
      <FilterBar query={query} fields={fields.fields} onChange={changeView} />
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
            <Anchor component="button" size="sm" onClick={() => list.setSelection([])}>
              {t("guests.list.clearSelection")}
            </Anchor>
            {fields.fields.some((field) => field.type !== "file") && (
              <Button size="xs" variant="light" onClick={() => setSettingField(true)}>
                {t("guests.list.setField")}
              </Button>
            )}
            <Button size="xs" color="red" variant="light" onClick={() => setDeleting(true)}>
              {t("guests.list.deleteSelected")}
            </Button>
          </Group>
        )}
      </Group>
      {canWrite && (list.canSelectAllMatching || list.allMatching) && (
        <Alert variant="light" color="blue" p="xs" data-testid="select-all-matching">
          <Group gap="xs" justify="center">
            {list.allMatching ? (
              <>
                <Text size="sm">{t("guests.list.allMatchingSelected", { count: list.total })}</Text>
                <Anchor component="button" size="sm" onClick={() => list.setSelection([])}>
                  {t("guests.list.clearSelection")}
                </Anchor>
              </>
            ) : (
              <>
                <Text size="sm">{t("guests.list.loadedSelected", { count: list.selected.size })}</Text>
                <Anchor component="button" size="sm" fw={600} onClick={() => list.selectAllMatching()}>
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
        <GuestTable
          store={list}
          columns={shown}
          query={query}
          selectable={canWrite}
          onSort={sortBy}
          onOpen={(guest) => navigate(`${base}/view/${guest.id}`)}
        />
      )}
      {isDeleting && <BulkDeleteModal onClose={() => setDeleting(false)} />}
      {isSettingField && <BulkAnswerModal onClose={() => setSettingField(false)} />}
    </Stack>
  );
});
