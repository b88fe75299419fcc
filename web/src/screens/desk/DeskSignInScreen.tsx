import { Button, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { CHECKIN_DESK_NAME_MAX } from "@tessera/shared/rules/checkins";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/app/errorMessage.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { useDeskSignIn } from "@/queries/checkins.ts";

/** The desk's name is remembered on this device, so that the people at a door type only the code next time. */
const DESK_NAME_KEY = "tessera.deskName";

function rememberedDeskName(): string {
  try {
    return localStorage.getItem(DESK_NAME_KEY) ?? "";
  } catch {
    return "";
  }
}

/** A desk signs in: the session's access code (as the organizer gave it) and the name of this desk. */
export function DeskSignInScreen({ onSignedIn }: { onSignedIn(): void }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const signIn = useDeskSignIn();
  const [code, setCode] = useState("");
  const [desk, setDesk] = useState(rememberedDeskName);
  const [wasSubmitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const required = t("validation:required");

  async function submit() {
    setSubmitted(true);
    setFailure(null);
    if (!code.trim() || !desk.trim()) return;
    try {
      await signIn.mutateAsync({ code, desk });
      try {
        localStorage.setItem(DESK_NAME_KEY, desk.trim());
      } catch {
        // Not remembered: typed again next time.
      }
      onSignedIn();
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  }

  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} maw={480} mx="auto" mt={{ base: "md", sm: 60 }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <div>
            <Title order={1} size="h2">
              {t("desk.signIn.title")}
            </Title>
            <Text size="sm" c="dimmed">
              {t("desk.signIn.help")}
            </Text>
          </div>
          <FailureAlert message={failure} />
          <TextInput
            label={t("desk.signIn.code")}
            placeholder="ABCDE-FGHJK"
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            size="lg"
            maxLength={40}
            styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)", letterSpacing: "0.08em" } }}
            required
            autoFocus
            error={wasSubmitted && !code.trim() ? required : undefined}
          />
          <TextInput
            label={t("desk.signIn.desk")}
            description={t("desk.signIn.deskHelp")}
            value={desk}
            onChange={(event) => setDesk(event.currentTarget.value)}
            maxLength={CHECKIN_DESK_NAME_MAX}
            required
            error={wasSubmitted && !desk.trim() ? required : undefined}
          />
          <Button type="submit" size="lg" loading={signIn.isPending}>
            {t("desk.signIn.submit")}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
