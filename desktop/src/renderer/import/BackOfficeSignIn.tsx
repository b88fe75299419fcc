import { Button, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { User } from "@tessera/shared/schemas/users";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { useDeskCall } from "../shared/useDeskCall.ts";
import { importDesk, type ImportableEvent } from "./importDesk.ts";

/** An organizer's sign-in to the server (the desk's address first), then the events they may import into. */
export function BackOfficeSignIn({ onSignedIn }: { onSignedIn(user: User, events: ImportableEvent[]): void }) {
  const { t } = useTranslation("web");
  const api = importDesk();
  const call = useDeskCall();
  const [serverUrl, setServerUrl] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");

  useEffect(() => {
    void api["desk.info"]()
      .then((info) => setServerUrl((current) => current || info.serverUrl || ""))
      .catch(() => undefined);
  }, [api]);

  async function signIn(event: FormEvent) {
    event.preventDefault();
    const user = await call.run(() => api["backoffice.signIn"](serverUrl, email, password));
    if (!user) return;
    setPassword("");
    const events = await call.run(() => api["backoffice.events"]());
    if (events) onSignedIn(user, events);
  }

  return (
    <form onSubmit={(event) => void signIn(event)}>
      <Stack gap="sm" maw={420}>
        <Text size="sm">{t("deskImport.signInHelp")}</Text>
        <FailureAlert message={call.failure} />
        <TextInput
          label={t("deskImport.serverUrl")}
          value={serverUrl}
          onChange={(event) => setServerUrl(event.currentTarget.value)}
          required
        />
        <TextInput
          label={t("deskImport.email")}
          type="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          required
        />
        <PasswordInput
          label={t("deskImport.password")}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          required
        />
        <Group>
          <Button type="submit" loading={call.isBusy}>
            {t("deskImport.signIn")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
