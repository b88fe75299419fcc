import { Badge } from "@mantine/core";
import type { FormState } from "@tessera/shared/rules/forms";
import { useTranslation } from "react-i18next";

/** Draft (grey) or online (green). */
export function FormStateBadge({ state }: { state: FormState }) {
  const { t } = useTranslation("web");
  return (
    <Badge variant="light" color={state === "online" ? "green" : "gray"}>
      {t(`forms.states.${state}`)}
    </Badge>
  );
}
