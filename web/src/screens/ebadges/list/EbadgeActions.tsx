import { Menu } from "@mantine/core";
import { ActionsMenu } from "@/components/ActionsMenu.tsx";
import { useTranslation } from "react-i18next";
import type { EbadgeJson } from "@/queries/ebadges.ts";

/** A template's menu in the list: edit (or view), rename, conditions, enable or disable, delete, as its abilities allow. */
export function EbadgeActions({
  ebadge,
  isBusy,
  onOpen,
  onRename,
  onConditions,
  onToggle,
  onDelete,
}: {
  ebadge: EbadgeJson;
  isBusy: boolean;
  onOpen(): void;
  onRename(): void;
  onConditions(): void;
  onToggle(): void;
  onDelete(): void;
}) {
  const { t } = useTranslation("web");
  const { update: canUpdate, delete: canDelete } = ebadge.abilities;
  return (
    <ActionsMenu label={t("ebadges.actionsOf", { name: ebadge.name })} isBusy={isBusy}>
      <Menu.Item onClick={onOpen}>{canUpdate ? t("ebadges.edit") : t("ebadges.view")}</Menu.Item>
      {canUpdate && <Menu.Item onClick={onRename}>{t("ebadges.rename")}</Menu.Item>}
      {canUpdate && <Menu.Item onClick={onConditions}>{t("ebadges.conditions")}</Menu.Item>}
      {canUpdate && (
        <Menu.Item onClick={onToggle}>{ebadge.isEnabled ? t("ebadges.disable") : t("ebadges.enable")}</Menu.Item>
      )}
      {canDelete && (
        <Menu.Item color="red.8" onClick={onDelete}>
          {t("common.delete")}
        </Menu.Item>
      )}
    </ActionsMenu>
  );
}
