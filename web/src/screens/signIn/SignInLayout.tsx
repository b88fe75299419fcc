import { Alert, Box, Center, Paper, Stack } from "@mantine/core";
import { useCallback, useLayoutEffect, useMemo, useState } from "react";
import { Outlet, useLocation, useParams } from "react-router";
import type { Language } from "@tessera/shared/i18n/languages";
import { LanguageProvider } from "@/components/LanguageProvider.tsx";
import { Logo } from "@/components/Logo.tsx";
import { useForgetPreviousSession } from "@/queries/session.ts";
import { LanguageLinks } from "./LanguageLinks.tsx";
import { SignInContext, type SignInAlert, type SignInAlertColor, type SignInContextValue } from "./signInContext.ts";
import { signInPaths } from "./signInPaths.ts";

interface SignInLayoutProps {
  /** "" for /admin, "/fr" for /fr/admin. */
  prefix: string;
  language: Language;
}

/** Spec §2: a centred column at most 600px wide, the logo on top, an alert banner above the page. */
export function SignInLayout({ prefix, language }: SignInLayoutProps) {
  useForgetPreviousSession();
  return (
    <LanguageProvider language={language}>
      <SignInFrame prefix={prefix} language={language} />
    </LanguageProvider>
  );
}

function SignInFrame({ prefix, language }: SignInLayoutProps) {
  const { pathname } = useLocation();
  const { event } = useParams();
  const [alert, setAlert] = useState<SignInAlert | null>(null);

  // Layout effect: runs before the new page's own effects, which may raise a fresh alert.
  useLayoutEffect(() => setAlert(null), [pathname]);

  const showAlert = useCallback((message: string, color: SignInAlertColor = "red") => setAlert({ message, color }), []);
  const clearAlert = useCallback(() => setAlert(null), []);
  const context = useMemo<SignInContextValue>(
    () => ({
      language,
      chosenLanguage: prefix ? language : null,
      paths: signInPaths(prefix),
      eventSlug: event ?? null,
      showAlert,
      clearAlert,
    }),
    [language, prefix, event, showAlert, clearAlert],
  );

  return (
    <SignInContext.Provider value={context}>
      <Box component="main" maw={600} mx="auto" px="md" py={48}>
        <Stack gap="lg">
          <Center>
            <Logo height={48} />
          </Center>
          {alert && (
            <Alert color={alert.color} variant="light" role="alert" data-testid="sign-in-alert">
              {alert.message}
            </Alert>
          )}
          <Paper withBorder shadow="xs" p="xl">
            <Outlet />
          </Paper>
          <LanguageLinks prefix={prefix} language={language} />
        </Stack>
      </Box>
    </SignInContext.Provider>
  );
}
