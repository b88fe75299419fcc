import { Alert, Button, Stack, Text } from "@mantine/core";
import { isApiError } from "@tessera/shared/client";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { errorMessage } from "@/app/errorMessage.ts";
import { PageLoader } from "@/components/PageLoader.tsx";
import { useSenderVerificationState, useVerifySender } from "@/queries/senderVerification.ts";
import { GuestMessage, RetryButton } from "../GuestMessage.tsx";

/** The link's answer when it cannot be used: unknown or used (404), past its 48 hours (410). */
function deadLink(error: unknown): "notFound" | "expired" | null {
  if (!isApiError(error)) return null;
  if (error.status === 404) return "notFound";
  if (error.status === 410) return "expired";
  return null;
}

/**
 * /senders/verify/{token} and /{lang}/senders/verify/{token}: the page a sender's verification mail links to
 * (spec §3 sender email). It confirms before acting — opening it (or a link scanner fetching it) verifies
 * nothing: the address, the account and a button; then it says the address is verified. A used, unknown or
 * expired link says so, and where a new one comes from.
 */
export function SenderVerifyScreen() {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const token = useParams().token ?? "";
  const state = useSenderVerificationState(token);
  const verify = useVerifySender(token);
  // Set once the button worked in this visit: the link is used up, the page keeps saying it is done.
  const [justDone, setJustDone] = useState(false);

  if (state.isPending && token) return <PageLoader />;
  const dead = token ? deadLink(state.error) : "notFound";
  if (dead && !justDone) {
    return (
      <GuestMessage title={t(`public.senderVerify.${dead}Title`)}>{t(`public.senderVerify.${dead}`)}</GuestMessage>
    );
  }
  if (state.isError || !state.data) {
    return (
      <GuestMessage
        title={t("public.loadFailed")}
        action={<RetryButton label={t("common.retry")} onRetry={() => void state.refetch()} />}
      >
        {errorMessage(state.error, t)}
      </GuestMessage>
    );
  }
  const names = { account: state.data.accountName, email: state.data.email };
  if (justDone || state.data.isVerified)
    return (
      <GuestMessage title={t("public.senderVerify.doneTitle")} takeFocus={justDone}>
        <Text role="status">{t("public.senderVerify.done", names)}</Text>
      </GuestMessage>
    );
  return (
    <GuestMessage
      title={t("public.senderVerify.title")}
      action={
        <Button
          loading={verify.isPending}
          onClick={() => verify.mutate(undefined, { onSuccess: () => setJustDone(true) })}
        >
          {t("public.senderVerify.button")}
        </Button>
      }
    >
      <Stack gap="xs">
        <Text fw={500}>{t("public.senderVerify.question", names)}</Text>
        <Text c="dimmed" size="sm">
          {t("public.senderVerify.explain")}
        </Text>
        {verify.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(verify.error, t)}
          </Alert>
        )}
      </Stack>
    </GuestMessage>
  );
}
