import { Button, Paper, Stack, Table, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { RemotePicker } from "@/components/RemotePicker.tsx";

/** One user or team granted access, as shown in an access list. */
export interface AccessEntry {
  id: string;
  name: string;
  detail: string;
  /** An extra cell between the name and the remove button (e.g. the user's role). */
  extra?: ReactNode;
}

interface AccessListProps {
  title: string;
  addLabel: string;
  searchPlaceholder: string;
  emptyText: string;
  load: (search: string) => Promise<{ value: string; label: string }[]>;
  entries: readonly AccessEntry[];
  canManage: boolean;
  busyId: string | null;
  onAdd: (id: string) => void;
  onRemove: (id: string) => void;
}

/** A titled list of who has access, with a picker to add and a button per entry to remove. */
export function AccessList({
  title,
  addLabel,
  searchPlaceholder,
  emptyText,
  load,
  entries,
  canManage,
  busyId,
  onAdd,
  onRemove,
}: AccessListProps) {
  const { t } = useTranslation("web");
  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        {canManage && (
          <RemotePicker
            label={addLabel}
            placeholder={searchPlaceholder}
            load={load}
            excluded={entries.map((entry) => entry.id)}
            onPick={onAdd}
          />
        )}
        {entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            {emptyText}
          </Text>
        ) : (
          <Table>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {entry.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {entry.detail}
                    </Text>
                  </Table.Td>
                  {entry.extra !== undefined && <Table.Td>{entry.extra}</Table.Td>}
                  <Table.Td ta="right">
                    {canManage && (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        loading={busyId === entry.id}
                        onClick={() => onRemove(entry.id)}
                        aria-label={t("access.removeOf", { name: entry.name })}
                      >
                        {t("common.remove")}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
