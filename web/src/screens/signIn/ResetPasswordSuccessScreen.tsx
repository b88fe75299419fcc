import { useTranslation } from "react-i18next";
import { OutcomePanel } from "./OutcomePanel.tsx";
import { useSignIn } from "./signInContext.ts";

export function ResetPasswordSuccessScreen() {
  const { t } = useTranslation("web");
  const { paths } = useSignIn();
  return (
    <OutcomePanel title={t("resetPasswordSuccess.title")} actionLabel={t("signIn.submit")} actionTo={paths.signIn}>
      {t("resetPasswordSuccess.text")}
    </OutcomePanel>
  );
}
