import { Anchor, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { LANGUAGES } from "@tessera/shared/i18n/languages";
import { pathInLanguage } from "./guestPaths.ts";
import { useGuestSite } from "./guestSiteContext.ts";

/** The same guest page in the other languages (the fragment kept: an emailed link's token is in it). */
export function GuestLanguageLinks() {
  const { t } = useTranslation("web");
  const { prefix, language } = useGuestSite();
  const location = useLocation();
  return (
    <Group justify="center" gap="md" component="nav" aria-label={t("public.languages")}>
      {LANGUAGES.map((other) =>
        other === language ? (
          <Text key={other} size="sm" fw={600} aria-current="true" lang={other}>
            {t(`languages.${other}`)}
          </Text>
        ) : (
          <Anchor key={other} component={Link} to={pathInLanguage(location, prefix, other)} size="sm" lang={other}>
            {t(`languages.${other}`)}
          </Anchor>
        ),
      )}
    </Group>
  );
}
