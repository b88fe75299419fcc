import { Center, Loader } from "@mantine/core";
import { isApiError } from "@tessera/shared/client";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { useEbadge } from "@/queries/ebadges.ts";
import { ManageNotFoundScreen } from "../../shell/ManageNotFoundScreen.tsx";
import { useEbadgesArea } from "../EbadgesContext.ts";
import { EbadgeEditor } from "./EbadgeEditor.tsx";

/** ebadges/{id}: the template's editor once it is read; "not found", why it could not be read, or a loader. */
export function EbadgeEditorScreen({ ebadgeId }: { ebadgeId: string }) {
  const { accountId, event } = useEbadgesArea();
  const ebadge = useEbadge(accountId, event.id, ebadgeId);
  if (ebadge.data) return <EbadgeEditor saved={ebadge.data} />;
  if (isApiError(ebadge.error) && ebadge.error.status === 404) return <ManageNotFoundScreen />;
  if (ebadge.error) return <FailureAlert message={ebadge.error.message} />;
  return (
    <Center p="xl">
      <Loader />
    </Center>
  );
}
