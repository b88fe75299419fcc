import { Alert } from "@mantine/core";

/** A message a screen shows after an action (green: done, red: refused). */
export interface ScreenNotice {
  message: string;
  color: "red" | "green";
}

/** The dismissible action notice (when the screen has one) and the list's load error, under a list's header. */
export function ScreenAlerts({
  notice = null,
  onDismiss,
  loadError,
}: {
  notice?: ScreenNotice | null;
  onDismiss?: () => void;
  loadError: { message: string } | null;
}) {
  return (
    <>
      {notice && (
        <Alert color={notice.color} variant="light" role="alert" mb="md" withCloseButton onClose={onDismiss}>
          {notice.message}
        </Alert>
      )}
      {loadError && (
        <Alert color="red" variant="light" role="alert" mb="md">
          {loadError.message}
        </Alert>
      )}
    </>
  );
}
