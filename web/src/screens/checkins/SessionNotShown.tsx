import { Center, Loader } from "@mantine/core";
import { isApiError } from "@tessera/shared/client";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { ManageNotFoundScreen } from "../shell/ManageNotFoundScreen.tsx";

/** A session not (yet) read: "not found" for a 404, why it could not be read, or a loader meanwhile. */
export function SessionNotShown({ error }: { error: Error | null }) {
  if (isApiError(error) && error.status === 404) return <ManageNotFoundScreen />;
  if (error) return <FailureAlert message={error.message} />;
  return (
    <Center p="xl">
      <Loader />
    </Center>
  );
}
