import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useBlocker } from "react-router";

/**
 * While a form holds unsaved changes, leaving it (another tab or screen, a reload, closing the page) asks
 * first instead of dropping them.
 */
export function UnsavedChangesGuard({ isDirty }: { isDirty: boolean }) {
  const { t } = useTranslation("web");
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!isDirty) return;
    // The browser shows its own wording for a reload or a closed tab.
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [isDirty]);

  const isAsking = blocker.state === "blocked";
  return (
    <Modal opened={isAsking} onClose={() => blocker.reset?.()} title={t("unsaved.title")} size={500} centered>
      <Stack gap="md">
        <Text size="sm">{t("unsaved.message")}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            {t("unsaved.stay")}
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            {t("unsaved.leave")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
