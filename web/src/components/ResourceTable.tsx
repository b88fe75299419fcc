import { Center, Loader, Table, Text, VisuallyHidden } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

interface ResourceTableProps {
  isLoading: boolean;
  isEmpty: boolean;
  emptyText: string;
  minWidth: number;
  /** Header labels of the data columns; a hidden "actions" column is appended. */
  columns: readonly string[];
  /** The table rows (rendered by the caller, so an observer parent tracks them). */
  children: ReactNode;
}

/** Table shell shared by the list screens: loader, empty text, header and rows. */
export function ResourceTable({ isLoading, isEmpty, emptyText, minWidth, columns, children }: ResourceTableProps) {
  const { t } = useTranslation("web");

  if (isLoading && isEmpty) {
    return (
      <Center p="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  if (isEmpty) {
    return (
      <Text c="dimmed" ta="center" p="xl" size="sm">
        {emptyText}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {columns.map((label) => (
              <Table.Th key={label}>{label}</Table.Th>
            ))}
            <Table.Th>
              <VisuallyHidden>{t("common.actions")}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
