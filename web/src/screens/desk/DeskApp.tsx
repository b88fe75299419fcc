import { Alert, Box, Button, Center, Loader } from "@mantine/core";
import { QueryClientProvider, useQueryClient } from "@tanstack/react-query";
import type { Language } from "@tessera/shared/i18n/languages";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/app/errorMessage.ts";
import { LanguageProvider } from "@/components/LanguageProvider.tsx";
import { deskScan, deskSignOut, forgetDesk, readDeskToken, useDeskSearch, useDeskSession } from "@/queries/checkins.ts";
import { createQueryClient } from "@/queries/queryClient.ts";
import { DeskScreen } from "./DeskScreen.tsx";
import { DeskSignInScreen } from "./DeskSignInScreen.tsx";

/**
 * /desk and /{lang}/desk: a check-in desk in the browser, signed in with a session's access code (no organizer
 * session). Its token stays in this tab (sessionStorage). It has a query cache of its own, so that a 401 of the
 * desk (its code revoked) signs the desk out, never an organizer using the same browser.
 */
export default function DeskApp({ language }: { language: Language }) {
  const [hasToken, setHasToken] = useState(() => readDeskToken() !== null);
  const [queryClient] = useState(() => {
    const client = createQueryClient({
      onUnauthenticated: () => {
        forgetDesk(client);
        setHasToken(false);
      },
    });
    return client;
  });
  return (
    <LanguageProvider language={language}>
      <QueryClientProvider client={queryClient}>
        <Box component="main" px={{ base: "xs", sm: "lg" }} py={{ base: "sm", sm: "lg" }} mih="100dvh">
          {hasToken ? (
            <DeskSession onSignedOut={() => setHasToken(false)} />
          ) : (
            <DeskSignInScreen onSignedIn={() => setHasToken(true)} />
          )}
        </Box>
      </QueryClientProvider>
    </LanguageProvider>
  );
}

/** The desk's session, read with its token, and its scanning screen. */
function DeskSession({ onSignedOut }: { onSignedOut(): void }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const queryClient = useQueryClient();
  const session = useDeskSession();
  const [isSigningOut, setSigningOut] = useState(false);

  async function signOut() {
    setSigningOut(true);
    await deskSignOut(queryClient);
    onSignedOut();
  }

  if (!session.data) {
    return session.error ? (
      <Alert color="red" variant="light" role="alert" maw={560} mx="auto">
        {errorMessage(session.error, t)}
        <Box mt="sm">
          <Button size="xs" variant="light" color="red" onClick={() => void session.refetch()}>
            {t("common.retry")}
          </Button>
        </Box>
      </Alert>
    ) : (
      <Center p="xl">
        <Loader />
      </Center>
    );
  }
  const { checkin, desk } = session.data;
  return (
    <DeskScreen
      title={checkin.name}
      deskName={desk}
      fields={checkin.displayedFields}
      options={checkin.options}
      valueContext={{
        optionLabel: (fieldId, value) =>
          checkin.displayedFields.find((field) => field.id === fieldId)?.options?.find((option) => option.id === value)
            ?.label,
      }}
      scan={(body) => deskScan(body)}
      useSearch={useDeskSearch}
      canForce={false}
      actions={
        <Button variant="default" onClick={() => void signOut()} loading={isSigningOut}>
          {t("desk.signOut")}
        </Button>
      }
    />
  );
}
