import { Modal, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "@/app/formatDate.ts";
import { deskApi, type DeskConflict } from "../deskApi.ts";

/** The guests admitted here and at another desk while they could not see each other. */
export function ConflictsDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t, i18n } = useTranslation("web");
  const [conflicts, setConflicts] = useState<DeskConflict[] | null>(null);
  useEffect(() => {
    if (!opened) return;
    void deskApi()
      ["desk.conflicts"]()
      .then(setConflicts)
      .catch(() => setConflicts([]));
  }, [opened]);
  return (
    <Modal opened={opened} onClose={onClose} title={t("deskApp.conflicts.title")} size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t("deskApp.conflicts.help")}
        </Text>
        {conflicts?.length === 0 && <Text>{t("deskApp.conflicts.none")}</Text>}
        {conflicts && conflicts.length > 0 && (
          <Stack
            component="ul"
            gap="xs"
            m={0}
            p={0}
            style={{ listStyle: "none" }}
            aria-label={t("deskApp.conflicts.title")}
          >
            {conflicts.map((conflict) => (
              <Text component="li" key={conflict.scanId}>
                <Text span fw={600}>
                  {conflict.name}
                </Text>
                {" · "}
                {conflict.flagged === "here"
                  ? t(conflict.previous?.desk ? "deskApp.conflicts.firstAt" : "deskApp.conflicts.first", {
                      when: conflict.previous ? formatDateTime(conflict.previous.at, i18n.language) : "—",
                      desk: conflict.previous?.desk,
                    })
                  : t("deskApp.conflicts.elsewhere", { when: formatDateTime(conflict.scannedAt, i18n.language) })}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
