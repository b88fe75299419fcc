import { Alert, Button, Stack, Text } from "@mantine/core";
import { isApiError } from "@tessera/shared/client";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { errorMessage } from "@/app/errorMessage.ts";
import { PageLoader } from "@/components/PageLoader.tsx";
import { useUnsubscribe, useUnsubscribeState } from "@/queries/unsubscribe.ts";
import { GuestMessage, RetryButton } from "../GuestMessage.tsx";

/**
 * /unsubscribe/{token} and /{lang}/unsubscribe/{token}: the page a campaign message's visible unsubscribe link
 * opens (issue 15 item 6). It confirms before acting — opening it (or a link scanner fetching it) unsubscribes no
 * one: the event, the address (masked) and a button; then it says the emails stop. Already unsubscribed: it says
 * so. An unknown link: a not-found message.
 */
export function UnsubscribeScreen() {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const token = useParams().token ?? "";
  const state = useUnsubscribeState(token);
  const unsubscribe = useUnsubscribe(token);
  // Set once the button worked in this visit: the page then says the emails stop (not "already").
  const [justDone, setJustDone] = useState(false);

  if (state.isPending && token) return <PageLoader />;
  if (!token || (state.isError && isApiError(state.error) && state.error.status === 404)) {
    return (
      <GuestMessage title={t("public.unsubscribe.notFoundTitle")}>{t("public.unsubscribe.notFound")}</GuestMessage>
    );
  }
  if (state.isError) {
    return (
      <GuestMessage
        title={t("public.loadFailed")}
        action={<RetryButton label={t("common.retry")} onRetry={() => void state.refetch()} />}
      >
        {errorMessage(state.error, t)}
      </GuestMessage>
    );
  }
  const { eventName, email, unsubscribed } = state.data!;
  const names = { event: eventName, email };

  if (justDone)
    return (
      <GuestMessage title={t("public.unsubscribe.doneTitle")} takeFocus>
        <Text role="status">{t("public.unsubscribe.done")}</Text>
      </GuestMessage>
    );
  if (unsubscribed)
    return (
      <GuestMessage title={t("public.unsubscribe.alreadyTitle")}>{t("public.unsubscribe.already", names)}</GuestMessage>
    );
  return (
    <GuestMessage
      title={t("public.unsubscribe.title")}
      action={
        <Button
          color="red"
          loading={unsubscribe.isPending}
          onClick={() => unsubscribe.mutate(undefined, { onSuccess: () => setJustDone(true) })}
        >
          {t("public.unsubscribe.button")}
        </Button>
      }
    >
      <Stack gap="xs">
        <Text fw={500}>{t("public.unsubscribe.question", names)}</Text>
        <Text c="dimmed" size="sm">
          {t("public.unsubscribe.explain")}
        </Text>
        {unsubscribe.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(unsubscribe.error, t)}
          </Alert>
        )}
      </Stack>
    </GuestMessage>
  );
}
