import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Role } from "@tessera/shared/permissions";

const ROLE_COLORS: Record<Role, string> = {
  administrator: "red",
  overseer: "grape",
  organizer: "indigo",
  editor: "teal",
  reader: "gray",
};

export function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation("web");
  return (
    <Badge color={ROLE_COLORS[role]} variant="light">
      {t(`roles.${role}`)}
    </Badge>
  );
}
