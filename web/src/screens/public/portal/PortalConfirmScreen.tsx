import { Alert, Button, Stack, Text } from "@mantine/core";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { isApiError } from "@tessera/shared/client";
import { errorMessage } from "@/app/errorMessage.ts";
import { usePortalSignIn } from "@/queries/portal.ts";
import { GuestMessage } from "../GuestMessage.tsx";
import { useGuestSite } from "../guestSiteContext.ts";
import { tokenFromHash } from "./portalToken.ts";

/**
 * /{lang}/{event}/portal/confirm#token=…: the emailed link. Opening it spends nothing (a mail scanner opens
 * links too); only the guest's press of the button sends the token, once, then their area opens.
 */
export function PortalConfirmScreen() {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { eventSlug, paths } = useGuestSite();
  const { hash } = useLocation();
  const navigate = useNavigate();
  const token = useMemo(() => tokenFromHash(hash), [hash]);
  const signIn = usePortalSignIn(eventSlug);
  const [isRefused, setRefused] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (!token || isRefused) {
    return (
      <GuestMessage
        title={t("public.portal.invalidTitle")}
        takeFocus={isRefused}
        action={
          <Button component={Link} to={paths.portal}>
            {t("public.portal.requestNew")}
          </Button>
        }
      >
        {t("public.portal.invalidText")}
      </GuestMessage>
    );
  }

  function confirm(signInToken: string) {
    setFailure(null);
    signIn.mutateAsync({ token: signInToken }).then(
      () => navigate(paths.me, { replace: true }),
      (error: unknown) => {
        if (isApiError(error) && error.status === 400) setRefused(true);
        else setFailure(errorMessage(error, t));
      },
    );
  }

  return (
    <GuestMessage
      title={t("public.portal.confirmTitle")}
      action={
        <Stack gap="md" w="100%" align="flex-start">
          {failure && (
            <Alert color="red" variant="light" role="alert" w="100%">
              {failure}
            </Alert>
          )}
          <Button size="md" onClick={() => confirm(token)} loading={signIn.isPending || signIn.isSuccess}>
            {t("public.portal.signIn")}
          </Button>
        </Stack>
      }
    >
      <Text>{t("public.portal.confirmText")}</Text>
    </GuestMessage>
  );
}
