import { Button, FileButton, Group, Image, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { IMAGE_MAX_BYTES, IMAGE_MIME_TYPES, type ImageKind } from "@tessera/shared/schemas/images";
import { useUpdateEvent, type ImageRef } from "@/queries/events.ts";
import { useAddImage } from "@/queries/images.ts";
import { useCurrentEvent } from "../EventContext.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { useAction } from "@/app/useAction.ts";

const KINDS: readonly ImageKind[] = ["logo", "banner", "favicon"];
const FIELD: Record<ImageKind, "logoImageId" | "bannerImageId" | "faviconImageId"> = {
  logo: "logoImageId",
  banner: "bannerImageId",
  favicon: "faviconImageId",
};

/** Logo, banner and favicon: upload a file or give its address; the event then points at the image. */
export function ImagesTab() {
  const { event } = useCurrentEvent();
  return (
    <Stack gap="md" maw={760}>
      {KINDS.map((kind) => (
        <ImageSlot key={kind} kind={kind} image={event[kind]} canEdit={event.abilities.update === true} />
      ))}
    </Stack>
  );
}

function ImageSlot({ kind, image, canEdit }: { kind: ImageKind; image: ImageRef | null; canEdit: boolean }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event } = useCurrentEvent();
  const update = useUpdateEvent(accountId, event.id);
  const addImage = useAddImage(accountId);
  const [url, setUrl] = useState("");
  const { isWorking, failure, setFailure, run } = useAction();

  async function attach(imageId: string | null) {
    await update.mutateAsync({ [FIELD[kind]]: imageId });
  }

  function upload(file: File | null) {
    if (!file) return;
    // The server judges the content; these checks only spare a pointless upload.
    if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type))
      return setFailure(t("errors:unsupported_image_type"));
    if (file.size > IMAGE_MAX_BYTES) return setFailure(t("errors:file_too_big"));
    void run(async () => {
      const uploaded = await addImage.mutateAsync({ kind, file });
      await attach(uploaded.id);
    });
  }

  function download() {
    const address = url.trim();
    if (!address) return;
    void run(async () => {
      const downloaded = await addImage.mutateAsync({ kind, url: address });
      await attach(downloaded.id);
      setUrl("");
    });
  }

  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t(`images.${kind}`)}
        </Title>
        <Text size="sm" c="dimmed">
          {t(`images.${kind}Help`)}
        </Text>
        <FailureAlert message={failure} />
        {image ? (
          <Group align="flex-end">
            <Image
              src={image.url}
              alt={t(`images.${kind}`)}
              h={kind === "favicon" ? 48 : 120}
              w="auto"
              fit="contain"
              radius="sm"
              bd="1px solid var(--mantine-color-gray-3)"
            />
            <Text size="xs" c="dimmed">
              {image.width} × {image.height}
            </Text>
          </Group>
        ) : (
          <Text size="sm" fs="italic">
            {t("images.none")}
          </Text>
        )}
        {canEdit && (
          <Stack gap="xs">
            <Group gap="sm">
              <FileButton onChange={upload} accept={IMAGE_MIME_TYPES.join(",")}>
                {(props) => (
                  <Button {...props} variant="light" loading={isWorking}>
                    {t("images.upload")}
                  </Button>
                )}
              </FileButton>
              {image && (
                <Button variant="subtle" color="red" disabled={isWorking} onClick={() => void run(() => attach(null))}>
                  {t("common.remove")}
                </Button>
              )}
            </Group>
            <Group gap="sm" align="flex-end">
              <TextInput
                type="url"
                label={t("images.fromUrl")}
                placeholder="https://…"
                value={url}
                onChange={(e) => setUrl(e.currentTarget.value)}
                style={{ flex: 1 }}
              />
              <Button variant="default" onClick={download} disabled={isWorking || !url.trim()}>
                {t("images.download")}
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              {t("images.rules")}
            </Text>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
