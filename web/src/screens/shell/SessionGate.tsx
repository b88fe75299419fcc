import { Button, Center, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation } from "react-router";
import { isApiError } from "@tessera/shared/client";
import { getActiveLanguage } from "@/app/language.ts";
import { LanguageProvider } from "@/components/LanguageProvider.tsx";
import { Logo } from "@/components/Logo.tsx";
import { PageLoader } from "@/components/PageLoader.tsx";
import { useSession } from "@/queries/session.ts";
import { ManageRoutes } from "./ManageRoutes.tsx";

/** Shows the back-office to a signed-in user, in their language; sends anyone else to sign in. */
export function SessionGate() {
  const session = useSession();
  const { pathname, search } = useLocation();

  if (session.data === null) {
    const next = encodeURIComponent(pathname + search);
    return <Navigate to={`/${getActiveLanguage()}/admin?next=${next}`} replace />;
  }
  if (session.data) {
    return (
      <LanguageProvider language={session.data.user.language}>
        <ManageRoutes />
      </LanguageProvider>
    );
  }
  if (session.isError && !session.isFetching) {
    const message = isApiError(session.error) ? session.error.message : undefined;
    // No user, so no language of theirs: the page's.
    return (
      <LanguageProvider language={getActiveLanguage()}>
        <SessionUnavailable message={message} onRetry={() => void session.refetch()} />
      </LanguageProvider>
    );
  }
  return <PageLoader fullScreen />;
}

/** The API could not tell who is signed in (network down, server error): offer to try again. */
function SessionUnavailable({ message, onRetry }: { message: string | undefined; onRetry: () => void }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="lg" maw={600} w="100%">
        <Logo />
        <Paper withBorder p="xl" w="100%">
          <Stack align="center" gap="md">
            <Text ta="center" role="alert">
              {message ?? t("errors:internal_error")}
            </Text>
            <Button onClick={onRetry}>{t("common.retry")}</Button>
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
}
