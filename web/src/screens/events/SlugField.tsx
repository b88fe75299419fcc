import { Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { slugProblem } from "@tessera/shared/rules/events";

interface SlugFieldProps {
  value: string;
  onChange: (slug: string) => void;
  /** A server refusal (slug_taken, 422 detail) shown when the live rule has nothing to say. */
  serverError?: string | undefined;
}

/** The public address of an event as it is typed, checked live against the slug rules. */
export function SlugField({ value, onChange, serverError }: SlugFieldProps) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const problem = value ? slugProblem(value) : null;
  const address = `${window.location.origin}/${value || "…"}`;
  return (
    <TextInput
      label={t("events.slug")}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value.toLowerCase())}
      error={problem ? t(`validation:${problem}`) : serverError}
      description={
        <Text span size="xs" data-testid="slug-preview">
          {t("events.publicAddress", { address })}
        </Text>
      }
      inputWrapperOrder={["label", "input", "description", "error"]}
      autoComplete="off"
      spellCheck={false}
    />
  );
}
