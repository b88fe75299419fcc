import { Alert, Button, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/app/errorMessage.ts";

/** A message a screen shows after an action (green: done, red: refused). */
export interface ScreenNotice {
  message: string;
  color: "red" | "green";
}

/**
 * The dismissible action notice (when the screen has one) and the list's load error, under a list's
 * header. A load error says what failed in the catalogue's words, with a way to try again: a screen
 * that could not load shows it instead of an empty list.
 */
export function ScreenAlerts({
  notice = null,
  onDismiss,
  loadError,
  onRetry,
}: {
  notice?: ScreenNotice | null;
  onDismiss?: () => void;
  loadError: unknown;
  onRetry?: () => void;
}) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  return (
    <>
      {notice && (
        <Alert color={notice.color} variant="light" role="alert" mb="md" withCloseButton onClose={onDismiss}>
          {notice.message}
        </Alert>
      )}
      {loadError ? (
        <Alert color="red" variant="light" role="alert" mb="md">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{errorMessage(loadError, t)}</Text>
            {onRetry && (
              <Button size="xs" variant="light" color="red" onClick={onRetry}>
                {t("common.retry")}
              </Button>
            )}
          </Group>
        </Alert>
      ) : null}
    </>
  );
}
