import { Button, Paper, PasswordInput, SegmentedControl, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { LANGUAGES, type Language } from "@tessera/shared/i18n/languages";
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { deskApi, type DeskSessionView } from "../deskApi.ts";
import type { DeskMode } from "../preferences.ts";
import { useDeskCall } from "../shared/useDeskCall.ts";

type StartMode = DeskMode | "backOffice";

/** A supervisor PIN: 4 to 8 digits (as the core keeps it). */
const PIN = /^\d{4,8}$/;

/**
 * The first screen: the language, the mode and what it needs. Desk and kiosk sign in with a check-in access
 * code and download the session's snapshot; back office opens the server's own /admin in the window.
 */
export function StartScreen({
  language,
  onLanguage,
  onStarted,
  onImport,
}: {
  language: Language;
  onLanguage(language: Language): void;
  onStarted(mode: DeskMode, session: DeskSessionView): void;
  /** Opens the bulk import of guests from a file. */
  onImport(): void;
}) {
  const { t } = useTranslation("web");
  const [mode, setMode] = useState<StartMode>("desk");
  const [serverUrl, setServerUrl] = useState("");
  const [code, setCode] = useState("");
  const [deskName, setDeskName] = useState("");
  const [pin, setPin] = useState("");
  const [pinError, setPinError] = useState<string | null>(null);
  const [hasPin, setHasPin] = useState(false);
  const call = useDeskCall();

  useEffect(() => {
    const api = deskApi();
    void api["desk.info"]()
      .then((info) => setServerUrl((typed) => typed || info.serverUrl || ""))
      .catch(() => undefined);
    // A desk signed in before may have its PIN: it is then confirmed, not set again.
    void api["print.status"]()
      .then((status) => setHasPin(status.hasSupervisorPin))
      .catch(() => undefined);
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const isPinNeeded = mode === "kiosk" || (mode === "desk" && pin !== "");
    if (isPinNeeded && !PIN.test(pin)) {
      setPinError(t("deskApp.start.pinInvalid"));
      return;
    }
    setPinError(null);
    const api = deskApi();
    await call.run(async () => {
      const info = await api["desk.setServerUrl"](serverUrl.trim());
      if (mode === "backOffice") {
        await api["app.openBackOffice"](info.serverUrl!);
        return;
      }
      const session = await api["desk.signIn"](code.trim(), deskName.trim());
      await api["desk.refresh"]();
      if (isPinNeeded && !hasPin) await api["desk.setSupervisorPin"](pin);
      if (isPinNeeded && hasPin && !(await api["desk.verifyPin"](pin))) {
        setPinError(t("deskApp.pin.wrong"));
        return;
      }
      onStarted(mode, session);
    });
  }

  const modeHelp: Record<StartMode, string> = {
    desk: t("deskApp.start.deskHelp"),
    kiosk: t("deskApp.start.kioskHelp"),
    backOffice: t("deskApp.start.backOfficeHelp"),
  };

  return (
    <Stack maw={560} mx="auto" gap="md" py="lg">
      <Title order={1}>{t("deskApp.start.title")}</Title>
      <Select
        label={t("deskApp.start.language")}
        data={LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))}
        value={language}
        onChange={(value) => value && onLanguage(value as Language)}
        allowDeselect={false}
        w={220}
      />
      <Paper withBorder radius="md" p="lg">
        <form onSubmit={(event) => void submit(event)} aria-labelledby="start-mode-label">
          <Stack gap="md">
            <Stack gap={4}>
              <Text fw={500} size="sm" id="start-mode-label">
                {t("deskApp.start.mode")}
              </Text>
              <SegmentedControl
                fullWidth
                aria-labelledby="start-mode-label"
                value={mode}
                onChange={(value) => setMode(value as StartMode)}
                data={[
                  { value: "desk", label: t("deskApp.start.modes.desk") },
                  { value: "kiosk", label: t("deskApp.start.modes.kiosk") },
                  { value: "backOffice", label: t("deskApp.start.modes.backOffice") },
                ]}
              />
              <Text size="sm" c="dimmed">
                {modeHelp[mode]}
              </Text>
            </Stack>
            <TextInput
              label={t("deskApp.start.serverUrl")}
              description={t("deskApp.start.serverUrlHelp")}
              placeholder="https://tessera.example.org"
              value={serverUrl}
              onChange={(event) => setServerUrl(event.currentTarget.value)}
              type="url"
              required
              autoComplete="url"
            />
            {mode !== "backOffice" && (
              <>
                <TextInput
                  label={t("desk.signIn.code")}
                  value={code}
                  onChange={(event) => setCode(event.currentTarget.value)}
                  required
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                />
                <TextInput
                  label={t("desk.signIn.desk")}
                  description={t("desk.signIn.deskHelp")}
                  value={deskName}
                  onChange={(event) => setDeskName(event.currentTarget.value)}
                  required
                  maxLength={100}
                />
                <PasswordInput
                  label={t("deskApp.start.pin")}
                  description={
                    hasPin
                      ? t("deskApp.start.pinSet")
                      : t(mode === "kiosk" ? "deskApp.start.pinKioskHelp" : "deskApp.start.pinDeskHelp")
                  }
                  value={pin}
                  onChange={(event) => setPin(event.currentTarget.value)}
                  required={mode === "kiosk"}
                  inputMode="numeric"
                  autoComplete="off"
                  error={pinError}
                />
              </>
            )}
            <FailureAlert message={call.failure} />
            <Button type="submit" size="md" loading={call.isBusy}>
              {mode === "backOffice" ? t("deskApp.start.openBackOffice") : t("deskApp.start.openDesk")}
            </Button>
          </Stack>
        </form>
      </Paper>
      <Button variant="default" onClick={onImport} style={{ alignSelf: "flex-start" }}>
        {t("deskApp.start.import")}
      </Button>
    </Stack>
  );
}
