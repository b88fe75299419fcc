import { Button, Center, Paper, Stack, Text } from "@mantine/core";
import { I18nextProvider, useTranslation } from "react-i18next";
import { errorPageI18n, getActiveLanguage } from "../app/language.ts";
import { Logo } from "./Logo.tsx";

/** The generic error page: what went wrong in a sentence, and a button that reloads the page. */
export function ErrorView({ isChunkError = false }: { isChunkError?: boolean }) {
  // Rendered outside the routes' language scope too (error boundaries): use the page's language.
  return (
    <I18nextProvider i18n={errorPageI18n(getActiveLanguage())}>
      <ErrorMessage isChunkError={isChunkError} />
    </I18nextProvider>
  );
}

function ErrorMessage({ isChunkError }: { isChunkError: boolean }) {
  const { t } = useTranslation("errors");
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="lg" maw={600} w="100%">
        <Logo />
        <Paper withBorder p="xl" w="100%">
          <Stack align="center" gap="md">
            <Text ta="center" fw={500} role="alert">
              {isChunkError ? t("chunk_load_error") : t("internal_error")}
            </Text>
            <Button onClick={() => window.location.reload()}>{t("reload_page")}</Button>
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
}
