import { Anchor, Group, Text } from "@mantine/core";
import { Link, useLocation } from "react-router";
import { LANGUAGES, type Language } from "@tessera/shared/i18n/languages";
import { useTranslation } from "react-i18next";

/** The same sign-in page in the other languages (query string kept, so an emailed link still works). */
export function LanguageLinks({ prefix, language }: { prefix: string; language: Language }) {
  const { t } = useTranslation("web");
  const { pathname, search } = useLocation();
  const pathWithoutPrefix = prefix && pathname.startsWith(prefix) ? pathname.slice(prefix.length) : pathname;
  return (
    <Group justify="center" gap="md" component="nav" aria-label={t("languages.label")}>
      {LANGUAGES.map((other) =>
        other === language ? (
          <Text key={other} size="sm" fw={600} aria-current="true">
            {t(`languages.${other}`)}
          </Text>
        ) : (
          <Anchor key={other} component={Link} to={`/${other}${pathWithoutPrefix}${search}`} size="sm" lang={other}>
            {t(`languages.${other}`)}
          </Anchor>
        ),
      )}
    </Group>
  );
}
