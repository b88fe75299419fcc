import { Alert, Button, Group, Paper, Stack, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { deskApi } from "../deskApi.ts";
import { useDeskCall } from "../shared/useDeskCall.ts";

/**
 * A guest without their code: their full name, and their email when several guests bear it. Only one exact
 * match is ever taken, and nothing of it is shown before the check-in answers.
 */
export function KioskNameForm({ onFound, onCancel }: { onFound(guestId: string): void; onCancel(): void }) {
  const { t } = useTranslation("web");
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [isEmailAsked, setEmailAsked] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const call = useDeskCall();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    const answer = await call.run(() =>
      deskApi()["desk.kioskFind"]({ name, ...(isEmailAsked && email.trim() ? { email } : {}) }),
    );
    if (!answer) return;
    if (answer.kind === "found") onFound(answer.guest.id);
    else if (answer.kind === "ambiguous" && !isEmailAsked) {
      setEmailAsked(true);
      setNotice(t("deskApp.kiosk.emailNeeded"));
    } else setNotice(t("deskApp.kiosk.notFound"));
  }

  return (
    <Paper withBorder radius="md" p="xl">
      <form onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <TextInput
            size="lg"
            label={t("deskApp.kiosk.fullName")}
            description={t("deskApp.kiosk.fullNameHelp")}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            required
            autoFocus
            autoComplete="off"
            data-keeps-focus="true"
          />
          {isEmailAsked && (
            <TextInput
              size="lg"
              type="email"
              label={t("deskApp.kiosk.email")}
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              required
              autoComplete="off"
              data-keeps-focus="true"
            />
          )}
          {notice && (
            <Alert color="orange" variant="light" role="alert">
              {notice}
            </Alert>
          )}
          <FailureAlert message={call.failure} />
          <Group justify="space-between">
            <Button size="lg" variant="default" onClick={onCancel}>
              {t("common.cancel")}
            </Button>
            <Button size="lg" type="submit" loading={call.isBusy}>
              {t("deskApp.kiosk.find")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
