import { useTranslation } from "react-i18next";
import { OutcomePanel } from "./OutcomePanel.tsx";
import { useSignIn } from "./signInContext.ts";

export function RegisterSuccessScreen() {
  const { t } = useTranslation("web");
  const { paths } = useSignIn();
  return (
    <OutcomePanel title={t("registerSuccess.title")} actionLabel={t("signIn.submit")} actionTo={paths.signIn}>
      {t("registerSuccess.text")}
    </OutcomePanel>
  );
}
