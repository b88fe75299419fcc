import { Alert, Button } from "@mantine/core";
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useBackOfficeGuestSearch, useBackOfficeScan, useCheckin, type ScanBody } from "@/queries/checkins.ts";
import { useSignedIn } from "@/queries/session.ts";
import { DeskScreen } from "../desk/DeskScreen.tsx";
import { useCheckinsArea } from "./CheckinsContext.ts";
import { SessionNotShown } from "./SessionNotShown.tsx";
import { useSessionVocabulary } from "./useSessionVocabulary.ts";

/**
 * checkins/{id}/desk: an organizer scans at the door from the back office with their own session (no access
 * code); editors and up may let a refused guest in anyway, recorded as forced.
 */
export function BackOfficeDeskScreen({ checkinId }: { checkinId: string }) {
  const { t } = useTranslation("web");
  const { accountId, event, base } = useCheckinsArea();
  const session = useCheckin(accountId, event.id, checkinId);
  const vocabulary = useSessionVocabulary(accountId, event.id);
  const scan = useBackOfficeScan(accountId, event.id, checkinId);
  const { user } = useSignedIn();
  const deskName = t("desk.backOfficeDesk", { name: [user.firstName, user.lastName].filter(Boolean).join(" ") });
  const fields = useMemo(
    () => (session.data?.displayedFields ?? []).map((id) => ({ id, label: vocabulary.fieldLabel(id) })),
    [session.data?.displayedFields, vocabulary],
  );
  const { mutateAsync } = scan;
  const send = useCallback(
    // The mutation retries with the same body: only the desk's name is added here.
    (body: ScanBody) => mutateAsync({ ...body, desk: deskName.slice(0, 100) }),
    [mutateAsync, deskName],
  );

  if (session.error || !session.data) return <SessionNotShown error={session.error} />;
  if (session.data.status !== "enabled") {
    return (
      <Alert color="orange" variant="light" role="alert">
        {t("desk.sessionDisabled")}
      </Alert>
    );
  }
  return (
    <DeskScreen
      title={session.data.name}
      deskName={deskName}
      fields={fields}
      options={session.data.options}
      valueContext={{ optionLabel: vocabulary.optionLabel, timeZone: event.timezone ?? undefined }}
      scan={send}
      useSearch={useEventGuestSearch}
      canForce={session.data.abilities.update}
      actions={
        <Button component={Link} to={`${base}/${checkinId}`} variant="default">
          {t("desk.backToSession")}
        </Button>
      }
    />
  );
}

/** The event's guests by name, for the desk's search (inside the check-in section). */
function useEventGuestSearch(q: string) {
  const { accountId, event } = useCheckinsArea();
  return useBackOfficeGuestSearch(accountId, event.id, q);
}
