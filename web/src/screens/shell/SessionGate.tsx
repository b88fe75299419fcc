import { Button, Center, Paper, Stack, Text } from "@mantine/core";
import { observer } from "mobx-react-lite";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation } from "react-router";
import { getActiveLanguage } from "@/app/language.ts";
import { LanguageProvider } from "@/components/LanguageProvider.tsx";
import { Logo } from "@/components/Logo.tsx";
import { PageLoader } from "@/components/PageLoader.tsx";
import { useStores } from "@/stores/StoresContext.ts";
import { ManageRoutes } from "./ManageRoutes.tsx";

/** Shows the back-office to a signed-in user, in their language; sends anyone else to sign in. */
export const SessionGate = observer(function SessionGate() {
  const { session } = useStores();
  const { pathname, search } = useLocation();

  if (session.status === "signedOut") {
    const next = encodeURIComponent(pathname + search);
    return <Navigate to={`/${getActiveLanguage()}/admin?next=${next}`} replace />;
  }
  if (session.status === "failed") return <SessionUnavailable message={session.loadError?.message} />;
  if (session.status === "loading" || !session.user) return <PageLoader fullScreen />;
  return (
    <LanguageProvider language={session.user.language}>
      <ManageRoutes />
    </LanguageProvider>
  );
});

/** The API could not tell who is signed in (network down, server error): offer to try again. */
const SessionUnavailable = observer(function SessionUnavailable({ message }: { message: string | undefined }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { session } = useStores();
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="lg" maw={600} w="100%">
        <Logo />
        <Paper withBorder p="xl" w="100%">
          <Stack align="center" gap="md">
            <Text ta="center" role="alert">
              {message ?? t("errors:internal_error")}
            </Text>
            <Button onClick={() => void session.load()}>{t("common.retry")}</Button>
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
});
