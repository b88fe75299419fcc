import { Box, Image, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { usePortalEntryCode } from "@/queries/portal.ts";
import { useGuestSite } from "../guestSiteContext.ts";
import { MemberSection, SectionPending } from "./MemberSection.tsx";

/**
 * The signed-in guest's entry code: its QR code, large enough to be read off a phone's screen at the door,
 * and the code's text below it (a desk can type it). Nothing when the guest has no code (not confirmed).
 */
export function MyEntryCode() {
  const { t } = useTranslation("web");
  const { eventSlug } = useGuestSite();
  const entryCode = usePortalEntryCode(eventSlug);
  const title = t("public.me.entryCode");

  if (entryCode.data === null) return null;
  if (!entryCode.data) {
    return (
      <MemberSection title={title} testId="entry-code">
        <SectionPending isError={entryCode.isError} onRetry={() => void entryCode.refetch()} />
      </MemberSection>
    );
  }
  const { code, qrSvg } = entryCode.data;
  return (
    <MemberSection title={title} testId="entry-code">
      <Text size="sm">{t("public.me.entryCodeText")}</Text>
      <Stack align="center" gap="xs">
        {/* A white square with its quiet zone, whatever the theme, so that a scanner reads it. */}
        <Box bg="white" p={4} style={{ borderRadius: 8, width: "min(100%, 320px)" }}>
          <Image
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`}
            alt={t("public.me.entryCodeAlt")}
            w="100%"
            style={{ aspectRatio: "1 / 1", imageRendering: "pixelated" }}
          />
        </Box>
        <Text
          size="xs"
          c="dimmed"
          ff="monospace"
          ta="center"
          style={{ wordBreak: "break-all", maxWidth: 320, userSelect: "all" }}
        >
          {code}
        </Text>
      </Stack>
    </MemberSection>
  );
}
