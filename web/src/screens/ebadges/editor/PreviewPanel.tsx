import { Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/app/errorMessage.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { usePreviewEbadge, type EbadgeUpdateBody } from "@/queries/ebadges.ts";
import { useEbadgesArea } from "../EbadgesContext.ts";
import { PreviewGuestPicker, type PickedGuest } from "./PreviewGuestPicker.tsx";

interface Shown {
  url: string;
  guest: string;
}

/**
 * The badge as the PDF draws it, for a chosen guest (or the sample guest), from the editor's draft as it stands:
 * nothing is saved and no print is recorded. The PDF is shown in the page from a blob address (freed when
 * another replaces it or the editor closes), and can be opened in a tab of its own.
 */
export function PreviewPanel({ ebadgeId, draft }: { ebadgeId: string; draft: EbadgeUpdateBody }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event } = useEbadgesArea();
  const preview = usePreviewEbadge(accountId, event.id);
  const [guest, setGuest] = useState<PickedGuest | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!shown) return;
    return () => URL.revokeObjectURL(shown.url);
  }, [shown]);

  async function show() {
    setFailure(null);
    try {
      const pdf = await preview.mutateAsync({ id: ebadgeId, body: { draft, ...(guest ? { guestId: guest.id } : {}) } });
      setShown({ url: URL.createObjectURL(pdf), guest: guest?.label ?? t("ebadges.preview.sampleGuest") });
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  }

  return (
    <Paper withBorder p="md" radius="md" data-testid="badge-preview">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t("ebadges.preview.title")}
        </Title>
        <Text size="xs" c="dimmed">
          {t("ebadges.preview.help")}
        </Text>
        <Group align="flex-end" gap="sm">
          <PreviewGuestPicker accountId={accountId} eventId={event.id} value={guest} onChange={setGuest} />
          <Button onClick={() => void show()} loading={preview.isPending} variant="light">
            {t("ebadges.preview.show")}
          </Button>
        </Group>
        <FailureAlert message={failure} />
        {shown && (
          <Stack gap={4}>
            <Group justify="space-between">
              <Text size="sm" aria-live="polite">
                {t("ebadges.preview.shownFor", { guest: shown.guest })}
              </Text>
              <Anchor href={shown.url} target="_blank" rel="noopener" size="sm">
                {t("ebadges.preview.openTab")}
              </Anchor>
            </Group>
            <iframe
              src={shown.url}
              title={t("ebadges.preview.frameTitle", { guest: shown.guest })}
              data-testid="badge-preview-frame"
              style={{ width: "100%", height: 520, border: "1px solid var(--mantine-color-gray-4)", borderRadius: 4 }}
            />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
