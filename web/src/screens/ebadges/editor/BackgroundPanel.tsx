import { Button, FileButton, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { EBADGE_BACKGROUND_MIME_TYPES } from "@tessera/shared/rules/ebadges";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/app/errorMessage.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { useUpdateEbadge, useUploadEbadgeBackground, type EbadgeJson } from "@/queries/ebadges.ts";
import { useEbadgesArea } from "../EbadgesContext.ts";
import { backgroundFileProblem, backgroundLimitText } from "./backgroundFile.ts";

/**
 * The template's background: a JPEG or PNG with the shape of an A4 sheet, at most 4 MB, covering the page. A file
 * of another type or too big is refused here in the user's words; the API judges the rest (its content, its
 * shape). It is saved at once, apart from the blocks' draft.
 */
export function BackgroundPanel({ ebadge, canEdit }: { ebadge: EbadgeJson; canEdit: boolean }) {
  const { t, i18n } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event } = useEbadgesArea();
  const upload = useUploadEbadgeBackground(accountId, event.id);
  const update = useUpdateEbadge(accountId, event.id);
  const [failure, setFailure] = useState<string | null>(null);
  const limit = backgroundLimitText(i18n.language);

  async function choose(file: File | null) {
    if (!file) return;
    setFailure(null);
    const problem = backgroundFileProblem(file);
    if (problem) {
      setFailure(
        problem === "type"
          ? t("ebadges.background.wrongType", { name: file.name })
          : t("ebadges.background.tooBig", { name: file.name, limit }),
      );
      return;
    }
    try {
      await upload.mutateAsync({ id: ebadge.id, file });
      notifySuccess(t("ebadges.background.setNotice"));
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  }

  async function removeBackground() {
    setFailure(null);
    try {
      await update.mutateAsync({ id: ebadge.id, body: { removeBackground: true } });
      notifySuccess(t("ebadges.background.removedNotice"));
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  }

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t("ebadges.background.title")}
        </Title>
        <Text size="xs" c="dimmed" id="background-help">
          {t("ebadges.background.help", { limit })}
        </Text>
        <FailureAlert message={failure} />
        {ebadge.background && (
          <Text size="sm" data-testid="background-name">
            {ebadge.background.name}
          </Text>
        )}
        {canEdit && (
          <Group gap="xs">
            <FileButton onChange={(file) => void choose(file)} accept={EBADGE_BACKGROUND_MIME_TYPES.join(",")}>
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="light"
                  loading={upload.isPending}
                  aria-describedby="background-help"
                >
                  {ebadge.background ? t("ebadges.background.replace") : t("ebadges.background.choose")}
                </Button>
              )}
            </FileButton>
            {ebadge.background && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                loading={update.isPending}
                onClick={() => void removeBackground()}
              >
                {t("ebadges.background.remove")}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
