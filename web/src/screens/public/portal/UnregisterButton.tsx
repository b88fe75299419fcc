import { Button } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/app/errorMessage.ts";
import { useCancelPortalRegistration } from "@/queries/portal.ts";
import { useGuestSite } from "../guestSiteContext.ts";
import { ConfirmDialog } from "./ConfirmDialog.tsx";

/** Cancels the guest's registration once they confirm it in a dialog; `onCancelled` gets the notice to show. */
export function UnregisterButton({ onCancelled }: { onCancelled: (notice: string) => void }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { eventSlug } = useGuestSite();
  const cancel = useCancelPortalRegistration(eventSlug);
  const [isAsking, setAsking] = useState(false);

  return (
    <>
      <Button
        variant="outline"
        color="red"
        onClick={() => {
          cancel.reset();
          setAsking(true);
        }}
      >
        {t("public.me.unregister")}
      </Button>
      <ConfirmDialog
        opened={isAsking}
        title={t("public.me.unregisterTitle")}
        text={t("public.me.unregisterText")}
        confirmLabel={t("public.me.unregisterConfirm")}
        isWorking={cancel.isPending}
        failure={cancel.error ? errorMessage(cancel.error, t) : null}
        onClose={() => setAsking(false)}
        onConfirm={() =>
          // Awaited rather than mutate's callbacks: the button goes once the status is cancelled, its callbacks with it.
          void cancel.mutateAsync().then(
            () => {
              setAsking(false);
              onCancelled(t("public.me.unregistered"));
            },
            () => undefined,
          )
        }
      />
    </>
  );
}
