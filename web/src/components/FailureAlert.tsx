import { Alert } from "@mantine/core";

/** Why the last action failed, in red above the form or list; nothing when there is no failure. */
export function FailureAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {message}
    </Alert>
  );
}
