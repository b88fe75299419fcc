import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import {
  DEFAULT_EBADGE_FONT,
  EBADGE_ALIGNMENTS,
  EBADGE_BLOCK_TYPES,
  EBADGE_FONT_SIZE_MAX,
  EBADGE_FONT_SIZE_MIN,
  EBADGE_TEXT_MAX,
  type EbadgeBlockType,
} from "@tessera/shared/rules/ebadges";
import { useTranslation } from "react-i18next";
import { IconTrash } from "@/components/icons.tsx";
import type { EbadgeBlockJson } from "@/queries/ebadges.ts";
import { blockTypeLabel, guestFieldChoices, type QuestionRef } from "../ebadgeWords.ts";
import { withType, writesText } from "./blockDefaults.ts";
import type { PageSize } from "./geometry.ts";

/** A number typed into a field, or the value it had while the field is being emptied. */
const numberOr = (typed: string | number, fallback: number) => (typeof typed === "number" ? typed : fallback);

/**
 * The selected block's properties as form fields: its kind, its words or guest field, its font size, weight and
 * alignment, its place and size in millimetres and its rotation in degrees. Each change goes through the
 * editor's draft, which keeps the block on the page.
 */
export function BlockPropertiesPanel({
  block,
  page,
  questions,
  problems,
  canEdit,
  onChange,
  onRemove,
}: {
  block: EbadgeBlockJson | null;
  page: PageSize;
  questions: readonly QuestionRef[];
  /** The last save's messages about this block. */
  problems: readonly string[];
  canEdit: boolean;
  onChange(block: EbadgeBlockJson): void;
  onRemove(): void;
}) {
  const { t } = useTranslation("web");
  if (!block) {
    return (
      <Paper withBorder p="md" radius="md">
        <Title order={3} size="h5">
          {t("ebadges.editor.properties")}
        </Title>
        <Text size="sm" c="dimmed" mt="xs">
          {t("ebadges.editor.noSelection")}
        </Text>
      </Paper>
    );
  }
  const set = (patch: Partial<EbadgeBlockJson>) => onChange({ ...block, ...patch });
  const font = { ...DEFAULT_EBADGE_FONT, ...block.font };
  const readOnly = !canEdit;
  const mm = (label: string, key: "x" | "y" | "width" | "height", max: number) => (
    <NumberInput
      label={label}
      value={block[key]}
      onChange={(typed) => set({ [key]: numberOr(typed, block[key]) })}
      min={0}
      max={max}
      step={1}
      decimalScale={1}
      suffix=" mm"
      readOnly={readOnly}
      size="xs"
    />
  );

  return (
    <Paper withBorder p="md" radius="md" data-testid="block-properties">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t("ebadges.editor.properties")}
        </Title>
        {problems.map((problem) => (
          <Text key={problem} size="sm" c="red.8">
            {problem}
          </Text>
        ))}
        <Select
          label={t("ebadges.editor.type")}
          data={EBADGE_BLOCK_TYPES.map((type) => ({ value: type, label: blockTypeLabel(t, type) }))}
          value={block.type}
          onChange={(type) =>
            type &&
            type !== block.type &&
            onChange(withType(block, type as EbadgeBlockType, t("ebadges.editor.newText")))
          }
          allowDeselect={false}
          readOnly={readOnly}
          size="xs"
        />
        {block.type === "text" && (
          <Textarea
            label={t("ebadges.editor.text")}
            value={block.text ?? ""}
            onChange={(typed) => set({ text: typed.currentTarget.value })}
            maxLength={EBADGE_TEXT_MAX}
            autosize
            minRows={2}
            readOnly={readOnly}
            size="xs"
          />
        )}
        {block.type === "guestField" && (
          <Select
            label={t("ebadges.editor.guestField")}
            data={guestFieldChoices(t, questions)}
            value={block.field ?? null}
            onChange={(field) => field && set({ field })}
            allowDeselect={false}
            searchable
            readOnly={readOnly}
            size="xs"
          />
        )}
        {block.type === "logo" && (
          <Text size="xs" c="dimmed">
            {t("ebadges.editor.logoHelp")}
          </Text>
        )}
        {writesText(block.type) && (
          <>
            <Group grow align="flex-end">
              <NumberInput
                label={t("ebadges.editor.fontSize")}
                value={font.size}
                onChange={(typed) => set({ font: { ...block.font, size: numberOr(typed, font.size) } })}
                min={EBADGE_FONT_SIZE_MIN}
                max={EBADGE_FONT_SIZE_MAX}
                clampBehavior="strict"
                suffix=" pt"
                readOnly={readOnly}
                size="xs"
              />
              <Checkbox
                label={t("ebadges.editor.bold")}
                checked={font.weight === "bold"}
                onChange={(changed) =>
                  set({ font: { ...block.font, weight: changed.currentTarget.checked ? "bold" : "normal" } })
                }
                disabled={readOnly}
                mb={6}
              />
            </Group>
            <Stack gap={4}>
              <Text size="xs" fw={500} id={`align-${block.id}`}>
                {t("ebadges.editor.align")}
              </Text>
              <SegmentedControl
                size="xs"
                aria-labelledby={`align-${block.id}`}
                data={EBADGE_ALIGNMENTS.map((align) => ({ value: align, label: t(`ebadges.editor.aligns.${align}`) }))}
                value={block.align ?? "left"}
                onChange={(align) => set({ align: align as EbadgeBlockJson["align"] })}
                readOnly={readOnly}
              />
            </Stack>
          </>
        )}
        <Group grow>
          {mm(t("ebadges.editor.x"), "x", page.width)}
          {mm(t("ebadges.editor.y"), "y", page.height)}
        </Group>
        <Group grow>
          {mm(t("ebadges.editor.width"), "width", page.width)}
          {mm(t("ebadges.editor.height"), "height", page.height)}
        </Group>
        <NumberInput
          label={t("ebadges.editor.rotation")}
          description={t("ebadges.editor.rotationHelp")}
          value={block.rotation ?? 0}
          onChange={(typed) => set({ rotation: numberOr(typed, block.rotation ?? 0) })}
          step={1}
          decimalScale={0}
          suffix="°"
          readOnly={readOnly}
          size="xs"
        />
        {canEdit && (
          <Button variant="light" color="red" size="xs" leftSection={<IconTrash size={14} />} onClick={onRemove}>
            {t("ebadges.editor.removeBlock")}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
