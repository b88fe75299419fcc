import { Button, Center, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { DEFAULT_LANGUAGE } from "@tessera/shared/i18n/languages";
import { languageFromPath } from "@/app/language.ts";
import { LanguageProvider } from "@/components/LanguageProvider.tsx";
import { Logo } from "@/components/Logo.tsx";

/** Unknown paths; in the language of their prefix when they have one. */
export function NotFoundScreen() {
  const language = languageFromPath(useLocation().pathname);
  return (
    <LanguageProvider language={language}>
      <NotFoundMessage signInPath={language === DEFAULT_LANGUAGE ? "/admin" : `/${language}/admin`} />
    </LanguageProvider>
  );
}

function NotFoundMessage({ signInPath }: { signInPath: string }) {
  const { t } = useTranslation("web");
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="lg" maw={600} w="100%">
        <Logo />
        <Paper withBorder p="xl" w="100%">
          <Stack align="center" gap="md" ta="center">
            <Title order={1} size="h2">
              {t("notFound.title")}
            </Title>
            <Text size="sm">{t("notFound.text")}</Text>
            <Button component={Link} to={signInPath}>
              {t("notFound.home")}
            </Button>
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
}
