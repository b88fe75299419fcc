import { Alert } from "@mantine/core";

/** A failed call's words (nothing when none). */
export function FailureText({ failure }: { failure: string | null }) {
  if (!failure) return null;
  return (
    <Alert color="red" role="alert">
      {failure}
    </Alert>
  );
}
