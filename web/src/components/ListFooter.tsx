import { Group, Pagination, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { ListPage } from "@/queries/pages.ts";

type PageInfo = ListPage<unknown>["pagination"];

/** How many items there are, and the page buttons when there is more than one page. */
export function ListFooter({
  pagination,
  pageCount,
  onPage,
}: {
  pagination: PageInfo;
  pageCount: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation("web");
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed">
        {t("common.total", { count: pagination.total })}
      </Text>
      {pageCount > 1 && <Pagination total={pageCount} value={pagination.page} onChange={onPage} size="sm" />}
    </Group>
  );
}
