import { Button, Group } from "@mantine/core";
import { LANGUAGES, type Language } from "@tessera/shared/i18n/languages";
import { useTranslation } from "react-i18next";

/** Each language named in itself ("Français", "Español"), so that a guest finds theirs whatever is shown. */
function ownName(language: Language): string {
  const name = new Intl.DisplayNames([language], { type: "language" }).of(language) ?? language;
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}

/** The kiosk's languages: a guest switches the screen to theirs. */
export function KioskLanguages({ language, onLanguage }: { language: Language; onLanguage(language: Language): void }) {
  const { t } = useTranslation("web");
  return (
    <Group justify="center" gap="xs" role="group" aria-label={t("deskApp.start.language")}>
      {LANGUAGES.map((each) => (
        <Button
          key={each}
          lang={each}
          size="sm"
          variant={each === language ? "filled" : "default"}
          aria-pressed={each === language}
          onClick={() => onLanguage(each)}
        >
          {ownName(each)}
        </Button>
      ))}
    </Group>
  );
}
