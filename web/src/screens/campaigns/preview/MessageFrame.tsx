import { Paper, SegmentedControl, Stack, Text } from "@mantine/core";
import type { CampaignLanguage } from "@tessera/shared/rules/campaigns";
import { useTranslation } from "react-i18next";

/** The widths a message is shown at: an email body's desktop width and a phone's. */
export const MESSAGE_WIDTHS = { desktop: 640, phone: 375 } as const;
export type MessageWidth = keyof typeof MESSAGE_WIDTHS;

/** Desktop or phone. */
export function MessageWidthControl({
  value,
  onChange,
}: {
  value: MessageWidth;
  onChange: (width: MessageWidth) => void;
}) {
  const { t } = useTranslation("web");
  return (
    <SegmentedControl
      aria-label={t("campaigns.preview.width")}
      value={value}
      onChange={(changed) => onChange(changed as MessageWidth)}
      data={(Object.keys(MESSAGE_WIDTHS) as MessageWidth[]).map((width) => ({
        value: width,
        label: t(`campaigns.preview.widths.${width}`),
      }))}
    />
  );
}

/**
 * A rendered message as its recipient sees it (a campaign's or an automatic mail's): its subject and inbox
 * preview text above, its HTML in a sandboxed frame at the width chosen.
 */
export function MessageFrame({
  subject,
  html,
  language,
  width,
  previewText,
}: {
  subject: string;
  html: string;
  language: CampaignLanguage;
  width: MessageWidth;
  previewText?: string | null;
}) {
  const { t } = useTranslation("web");
  return (
    <Stack gap="xs" maw={MESSAGE_WIDTHS[width] + 2} w="100%" mx="auto">
      <Paper withBorder p="sm" radius="sm">
        <Text size="xs" c="dimmed">
          {t("campaigns.fields.subject")}
        </Text>
        <Text fw={600} style={{ overflowWrap: "anywhere" }} data-testid="campaign-preview-subject">
          {subject}
        </Text>
        {previewText && (
          <>
            <Text size="xs" c="dimmed" mt={4}>
              {t("campaigns.fields.previewText")}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {previewText}
            </Text>
          </>
        )}
      </Paper>
      <iframe
        title={t("campaigns.preview.frameTitle", { language: t(`languages.${language}`) })}
        srcDoc={html}
        sandbox=""
        style={{
          width: "100%",
          maxWidth: MESSAGE_WIDTHS[width],
          height: 640,
          border: "1px solid var(--mantine-color-default-border)",
          borderRadius: 4,
          background: "#fff",
        }}
        data-testid="campaign-preview-frame"
      />
    </Stack>
  );
}
