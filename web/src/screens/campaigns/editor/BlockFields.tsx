import { ColorInput, Group, NumberInput, SimpleGrid, Stack, TextInput } from "@mantine/core";
import {
  CAMPAIGN_BUTTON_LABEL_MAX,
  CAMPAIGN_IMAGE_ALT_MAX,
  CAMPAIGN_IMAGE_WIDTH_MAX,
  CAMPAIGN_IMAGE_WIDTH_MIN,
  CAMPAIGN_SPACER_HEIGHT_MAX,
  CAMPAIGN_SPACER_HEIGHT_MIN,
  CAMPAIGN_URL_MAX,
  type CampaignBlock,
} from "@tessera/shared/campaigns/content";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { insertAtCaret } from "./caret.ts";
import { messageAt, type ShownIssue } from "./issues.ts";
import { MergeTagMenu } from "./MergeTagMenu.tsx";
import { RichTextField } from "./RichTextField.tsx";

interface FieldsProps<B extends CampaignBlock> {
  block: B;
  onChange: (block: CampaignBlock) => void;
  issues: readonly ShownIssue[] | undefined;
  disabled: boolean;
}

/** The fields of a block, by its type, each with the rules' message at it. */
export function BlockFields({ block, onChange, issues, disabled }: FieldsProps<CampaignBlock>) {
  const { t } = useTranslation("web");
  switch (block.type) {
    case "text":
    case "footer":
      return (
        <RichTextField
          label={t(block.type === "text" ? "campaigns.editor.fields.text" : "campaigns.editor.fields.footer")}
          value={block.html}
          onChange={(html) => onChange({ ...block, html })}
          error={messageAt(issues, "html")}
          disabled={disabled}
        />
      );
    case "image":
      return <ImageFields block={block} onChange={onChange} issues={issues} disabled={disabled} />;
    case "button":
      return <ButtonFields block={block} onChange={onChange} issues={issues} disabled={disabled} />;
    case "spacer":
      return (
        <NumberInput
          label={t("campaigns.editor.fields.height")}
          suffix=" px"
          min={CAMPAIGN_SPACER_HEIGHT_MIN}
          max={CAMPAIGN_SPACER_HEIGHT_MAX}
          clampBehavior="strict"
          allowDecimal={false}
          value={block.height}
          onChange={(height) => typeof height === "number" && onChange({ ...block, height })}
          disabled={disabled}
          maw={200}
        />
      );
    case "divider":
      return null;
  }
}

/** A target url with the link merge tags menu. */
function TargetUrlField({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  disabled: boolean;
}) {
  const { t } = useTranslation("web");
  const input = useRef<HTMLInputElement>(null);
  const label = t("campaigns.editor.fields.targetUrl");
  return (
    <Stack gap={2}>
      <TextInput
        ref={input}
        label={label}
        description={t("campaigns.editor.fields.targetUrlHelp")}
        placeholder="https://"
        value={value}
        onChange={(changed) => onChange(changed.currentTarget.value)}
        maxLength={CAMPAIGN_URL_MAX}
        error={error}
        disabled={disabled}
        required
      />
      <Group justify="flex-end">
        <MergeTagMenu
          fieldLabel={label}
          linksOnly
          disabled={disabled}
          onInsert={(tag) => insertAtCaret(input, value, tag, onChange)}
        />
      </Group>
    </Stack>
  );
}

function ImageFields({ block, onChange, issues, disabled }: FieldsProps<Extract<CampaignBlock, { type: "image" }>>) {
  const { t } = useTranslation("web");
  return (
    <Stack gap="xs">
      <TextInput
        label={t("campaigns.editor.fields.imageSrc")}
        description={t("campaigns.editor.fields.imageSrcHelp")}
        value={block.src}
        onChange={(changed) => onChange({ ...block, src: changed.currentTarget.value })}
        maxLength={CAMPAIGN_URL_MAX}
        error={messageAt(issues, "src")}
        disabled={disabled}
        required
      />
      <TextInput
        label={t("campaigns.editor.fields.imageAlt")}
        value={block.alt}
        onChange={(changed) => onChange({ ...block, alt: changed.currentTarget.value })}
        maxLength={CAMPAIGN_IMAGE_ALT_MAX}
        error={messageAt(issues, "alt")}
        disabled={disabled}
        required
      />
      <TargetUrlField
        value={block.url}
        onChange={(url) => onChange({ ...block, url })}
        error={messageAt(issues, "url")}
        disabled={disabled}
      />
      <NumberInput
        label={t("campaigns.editor.fields.imageWidth")}
        description={t("campaigns.editor.fields.imageWidthHelp")}
        suffix=" px"
        min={CAMPAIGN_IMAGE_WIDTH_MIN}
        max={CAMPAIGN_IMAGE_WIDTH_MAX}
        clampBehavior="blur"
        allowDecimal={false}
        value={block.width ?? ""}
        onChange={(width) => {
          const { width: _old, ...rest } = block;
          onChange(typeof width === "number" ? { ...rest, width } : rest);
        }}
        error={messageAt(issues, "width")}
        disabled={disabled}
        maw={240}
      />
    </Stack>
  );
}

function ButtonFields({ block, onChange, issues, disabled }: FieldsProps<Extract<CampaignBlock, { type: "button" }>>) {
  const { t } = useTranslation("web");
  const labelInput = useRef<HTMLInputElement>(null);
  const labelText = t("campaigns.editor.fields.buttonLabel");
  return (
    <Stack gap="xs">
      <Stack gap={2}>
        <TextInput
          ref={labelInput}
          label={labelText}
          value={block.label}
          onChange={(changed) => onChange({ ...block, label: changed.currentTarget.value })}
          maxLength={CAMPAIGN_BUTTON_LABEL_MAX}
          error={messageAt(issues, "label")}
          disabled={disabled}
          required
        />
        <Group justify="flex-end">
          <MergeTagMenu
            fieldLabel={labelText}
            disabled={disabled}
            onInsert={(tag) => insertAtCaret(labelInput, block.label, tag, (label) => onChange({ ...block, label }))}
          />
        </Group>
      </Stack>
      <TargetUrlField
        value={block.url}
        onChange={(url) => onChange({ ...block, url })}
        error={messageAt(issues, "url")}
        disabled={disabled}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <ColorInput
          label={t("campaigns.editor.fields.backgroundColor")}
          format="hex"
          withEyeDropper={false}
          value={block.backgroundColor}
          onChange={(color) => /^#[0-9a-fA-F]{6}$/.test(color) && onChange({ ...block, backgroundColor: color })}
          disabled={disabled}
        />
        <ColorInput
          label={t("campaigns.editor.fields.textColor")}
          format="hex"
          withEyeDropper={false}
          value={block.textColor}
          onChange={(color) => /^#[0-9a-fA-F]{6}$/.test(color) && onChange({ ...block, textColor: color })}
          disabled={disabled}
        />
      </SimpleGrid>
    </Stack>
  );
}
