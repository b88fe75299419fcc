import { Button, Center, Paper, Stack, Text } from "@mantine/core";
import { I18nextProvider, useTranslation } from "react-i18next";
import { errorPageI18n, getActiveLanguage } from "../app/language.ts";
import { useErrorReference } from "@/queries/errorReference.ts";
import { Logo } from "./Logo.tsx";

/**
 * The generic error page: what went wrong in a sentence, the reference the team finds it under (the
 * failed request's, or a report of this crash), and a button that reloads the page.
 */
export function ErrorView({ error, isChunkError = false }: { error?: unknown; isChunkError?: boolean }) {
  // Rendered outside the routes' language scope too (error boundaries): use the page's language.
  return (
    <I18nextProvider i18n={errorPageI18n(getActiveLanguage())}>
      <ErrorMessage error={error} isChunkError={isChunkError} />
    </I18nextProvider>
  );
}

function ErrorMessage({ error, isChunkError }: { error: unknown; isChunkError: boolean }) {
  const { t } = useTranslation("errors");
  // A script that could not be downloaded is the network's doing: nothing for the team to look at.
  const reference = useErrorReference(error, !isChunkError && error !== undefined);
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="lg" maw={600} w="100%">
        <Logo />
        <Paper withBorder p="xl" w="100%">
          <Stack align="center" gap="md">
            <Text ta="center" fw={500} role="alert">
              {isChunkError ? t("chunk_load_error") : t("internal_error")}
            </Text>
            {reference && (
              <Text ta="center" size="sm" c="dimmed" data-testid="error-reference">
                {t("error_reference", { reference })}
              </Text>
            )}
            <Button onClick={() => window.location.reload()}>{t("reload_page")}</Button>
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
}
