import { useTranslation } from "react-i18next";
import { OutcomePanel } from "./OutcomePanel.tsx";
import { useSignIn } from "./signInContext.ts";

export function ForgotPasswordSuccessScreen() {
  const { t } = useTranslation("web");
  const { paths } = useSignIn();
  return (
    <OutcomePanel
      title={t("forgotPasswordSuccess.title")}
      actionLabel={t("common.backToSignIn")}
      actionTo={paths.signIn}
    >
      {t("forgotPasswordSuccess.text")}
    </OutcomePanel>
  );
}
