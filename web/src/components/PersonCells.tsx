import { Badge, Group, Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { User } from "@tessera/shared/schemas/users";

/** The name (with invitation / inactive badges) and e-mail cells of a person's table row. */
export function PersonCells({ user }: { user: User }) {
  const { t } = useTranslation("web");
  return (
    <>
      <Table.Td>
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {`${user.firstName} ${user.lastName}`}
          </Text>
          <Group gap={4}>
            {!user.isRegistered && (
              <Badge size="xs" variant="outline" color="yellow">
                {t("users.invitationPending")}
              </Badge>
            )}
            {!user.isActive && (
              <Badge size="xs" variant="outline" color="gray">
                {t("common.inactive")}
              </Badge>
            )}
          </Group>
        </Stack>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{user.email}</Text>
      </Table.Td>
    </>
  );
}
