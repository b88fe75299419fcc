import { Badge, Button, Group, SegmentedControl, Select, Stack, Text, Title } from "@mantine/core";
import {
  EBADGE_FORMATS,
  EBADGE_ORIENTATIONS,
  type EbadgeFormat,
  type EbadgeOrientation,
} from "@tessera/shared/rules/ebadges";
import { useTranslation } from "react-i18next";
import { BackLink } from "@/components/BackLink.tsx";

/** The editor's head: back to the list, the template's name, its page (size and orientation), save. */
export function EditorHeader({
  backTo,
  name,
  format,
  orientation,
  canEdit,
  isDirty,
  isSaving,
  onPage,
  onSave,
}: {
  backTo: string;
  name: string;
  format: EbadgeFormat;
  orientation: EbadgeOrientation;
  canEdit: boolean;
  isDirty: boolean;
  isSaving: boolean;
  onPage(format: EbadgeFormat, orientation: EbadgeOrientation): void;
  onSave(): void;
}) {
  const { t } = useTranslation("web");
  return (
    <Stack gap="xs">
      <BackLink to={backTo}>{t("ebadges.backToList")}</BackLink>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} size="h3">
          {name}
        </Title>
        <Group gap="sm" align="flex-end">
          <Select
            label={t("ebadges.fields.format")}
            data={EBADGE_FORMATS.map((value) => ({ value, label: t(`ebadges.formats.${value}`) }))}
            value={format}
            onChange={(value) => value && onPage(value as EbadgeFormat, orientation)}
            allowDeselect={false}
            readOnly={!canEdit}
            w={110}
            size="xs"
          />
          <Stack gap={2}>
            <Text size="xs" fw={500} id="badge-orientation">
              {t("ebadges.fields.orientation")}
            </Text>
            <SegmentedControl
              size="xs"
              aria-labelledby="badge-orientation"
              data={EBADGE_ORIENTATIONS.map((value) => ({ value, label: t(`ebadges.orientations.${value}`) }))}
              value={orientation}
              onChange={(value) => onPage(format, value as EbadgeOrientation)}
              readOnly={!canEdit}
            />
          </Stack>
          {isDirty && (
            <Badge variant="light" color="orange" data-testid="unsaved-badge">
              {t("ebadges.editor.unsaved")}
            </Badge>
          )}
          {canEdit && (
            <Button onClick={onSave} loading={isSaving} disabled={!isDirty}>
              {t("common.save")}
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}
