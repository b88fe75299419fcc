import { ActionIcon, Button, Group, Popover, Stack, Text, Textarea, TextInput, Tooltip } from "@mantine/core";
import { CAMPAIGN_TEXT_HTML_MAX } from "@tessera/shared/campaigns/content";
import { useId, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { applyEdit, insertAtCaret } from "./caret.ts";
import { MergeTagMenu } from "./MergeTagMenu.tsx";
import { applyFormat, type TextFormat } from "./richText.ts";

/** A list's mark: bullets or numbers before three lines (drawn, so that the button's name is its label alone). */
function ListMark({ numbered }: { numbered: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden focusable="false">
      {numbered
        ? [
            // A "1", a "2" and a "3", drawn as strokes.
            "M2 1.5v3",
            "M1 6.5h2v1.5h-2v1.5h2",
            "M1 11.5h2v1.5h-2h2v1.5h-2",
          ].map((d) => <path key={d} d={d} stroke="currentColor" strokeWidth="0.8" fill="none" />)
        : [3, 8, 13].map((y) => <circle key={y} cx="2" cy={y} r="1.3" fill="currentColor" />)}
      {[3, 8, 13].map((y) => (
        <rect key={`line-${y}`} x="5" y={y - 0.75} width="10" height="1.5" fill="currentColor" />
      ))}
    </svg>
  );
}

const BUTTONS: { format: Exclude<TextFormat, "link">; mark: ReactNode }[] = [
  { format: "bold", mark: "B" },
  { format: "italic", mark: "I" },
  { format: "bulletList", mark: <ListMark numbered={false} /> },
  { format: "numberedList", mark: <ListMark numbered /> },
];

/**
 * A text block's limited rich text: the HTML the campaigns accept, written in a textarea, with a toolbar that
 * wraps the selection (bold, italic, link, lists) and the merge tags menu. The server keeps only the allowed tags.
 */
export function RichTextField({
  label,
  value,
  onChange,
  error,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const { t } = useTranslation("web");
  const area = useRef<HTMLTextAreaElement>(null);
  const toolbarId = useId();
  const [isLinking, setLinking] = useState(false);
  const [href, setHref] = useState("https://");

  function format(kind: TextFormat, url?: string) {
    const node = area.current;
    const start = node?.selectionStart ?? value.length;
    const end = node?.selectionEnd ?? value.length;
    applyEdit(area, applyFormat(value, start, end, kind, url), onChange);
  }

  return (
    <Stack gap={4}>
      <Group gap={4} role="toolbar" aria-label={t("campaigns.editor.toolbarOf", { field: label })} id={toolbarId}>
        {BUTTONS.map(({ format: kind, mark }) => (
          <Tooltip key={kind} label={t(`campaigns.editor.formats.${kind}`)} withinPortal>
            <ActionIcon
              variant="default"
              size="md"
              disabled={disabled}
              aria-label={t(`campaigns.editor.formats.${kind}`)}
              onClick={() => format(kind)}
              fw={kind === "bold" ? 700 : undefined}
              fs={kind === "italic" ? "italic" : undefined}
            >
              <Text span size="xs" fw="inherit" fs="inherit">
                {mark}
              </Text>
            </ActionIcon>
          </Tooltip>
        ))}
        <Popover opened={isLinking} onChange={setLinking} trapFocus withinPortal position="bottom-start">
          <Popover.Target>
            <Button size="compact-sm" variant="default" disabled={disabled} onClick={() => setLinking((o) => !o)}>
              {t("campaigns.editor.formats.link")}
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <form
              onSubmit={(submitted) => {
                submitted.preventDefault();
                setLinking(false);
                format("link", href.trim());
              }}
            >
              <Group align="flex-end" gap="xs">
                <TextInput
                  label={t("campaigns.editor.linkUrl")}
                  description={t("campaigns.editor.linkUrlHelp")}
                  value={href}
                  onChange={(changed) => setHref(changed.currentTarget.value)}
                  data-autofocus
                />
                <Button type="submit">{t("campaigns.editor.insert")}</Button>
              </Group>
            </form>
          </Popover.Dropdown>
        </Popover>
        <MergeTagMenu
          fieldLabel={label}
          disabled={disabled}
          onInsert={(tag) => insertAtCaret(area, value, tag, onChange)}
        />
      </Group>
      <Textarea
        ref={area}
        label={label}
        description={t("campaigns.editor.htmlHelp")}
        value={value}
        onChange={(changed) => onChange(changed.currentTarget.value)}
        error={error}
        disabled={disabled}
        autosize
        minRows={3}
        maxRows={14}
        maxLength={CAMPAIGN_TEXT_HTML_MAX}
        ff="monospace"
        styles={{ input: { fontSize: 13 } }}
      />
    </Stack>
  );
}
