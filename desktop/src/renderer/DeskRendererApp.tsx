import { Box, Button, Stack } from "@mantine/core";
import type { Language } from "@tessera/shared/i18n/languages";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageLoader } from "@/components/PageLoader.tsx";
import { LanguageProvider } from "@/components/LanguageProvider.tsx";
import { DeskModeScreen } from "./desk/DeskModeScreen.tsx";
import { KioskScreen } from "./kiosk/KioskScreen.tsx";
import {
  storedLanguage,
  storedMode,
  storedSession,
  storeLanguage,
  storeMode,
  storeSession,
  type DeskMode,
} from "./preferences.ts";
import { StartScreen } from "./start/StartScreen.tsx";

/** The bulk import loads when it is opened. */
const ImportScreen = lazy(() =>
  import("./import/ImportScreen.tsx").then((module) => ({ default: module.ImportScreen })),
);
import { deskApi, type DeskSessionView } from "./deskApi.ts";

/**
 * The desk app's window: the start screen choosing the mode, then the desk's scanning screen or the kiosk.
 * A desk or kiosk signed in before comes back in its mode at launch (a kiosk stays locked across restarts).
 */
export function DeskRendererApp() {
  const [language, setLanguage] = useState<Language>(storedLanguage);
  const [session, setSession] = useState<DeskSessionView | null>(storedSession);
  const [mode, setMode] = useState<DeskMode | null>(() => (storedSession() ? storedMode() : null));
  const [isImporting, setImporting] = useState(false);

  // A desk whose local session is gone (its database removed) starts over at the start screen.
  useEffect(() => {
    void deskApi()
      ["desk.status"]()
      .then((status) => {
        if (!status.signedIn) setMode(null);
      })
      .catch(() => undefined);
  }, []);

  function start(chosen: DeskMode, view: DeskSessionView) {
    storeSession(view);
    storeMode(chosen);
    setSession(view);
    setMode(chosen);
  }

  function chooseLanguage(chosen: Language) {
    storeLanguage(chosen);
    setLanguage(chosen);
  }

  function leave() {
    storeMode(null);
    setMode(null);
  }

  return (
    <LanguageProvider language={language}>
      <Box component="main" px={{ base: "xs", sm: "lg" }} py={{ base: "sm", sm: "md" }} mih="100dvh">
        {mode === "desk" && session ? (
          <DeskModeScreen session={session} onLeave={leave} />
        ) : mode === "kiosk" && session ? (
          <KioskScreen session={session} onLeave={leave} language={language} onLanguage={chooseLanguage} />
        ) : isImporting ? (
          <ImportView onBack={() => setImporting(false)} />
        ) : (
          <StartScreen
            onImport={() => setImporting(true)}
            language={language}
            onLanguage={chooseLanguage}
            onStarted={start}
          />
        )}
      </Box>
    </LanguageProvider>
  );
}

/** The bulk import of guests from a file, and the way back to the start screen. */
function ImportView({ onBack }: { onBack(): void }) {
  const { t } = useTranslation("web");
  return (
    <Stack gap="md" maw={960} mx="auto">
      <Button variant="default" onClick={onBack} style={{ alignSelf: "flex-start" }}>
        {t("deskApp.back")}
      </Button>
      <Suspense fallback={<PageLoader />}>
        <ImportScreen />
      </Suspense>
    </Stack>
  );
}
