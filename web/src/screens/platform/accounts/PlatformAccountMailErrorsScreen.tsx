import { MailErrorsScreen } from "@/screens/account/mailErrors/MailErrorsScreen.tsx";
import { PlatformAccountPage } from "./PlatformAccountPage.tsx";

/** A platform administrator looking after the mail errors of one account. */
export function PlatformAccountMailErrorsScreen() {
  return (
    <PlatformAccountPage>{(account) => <MailErrorsScreen account={account} withAccountName />}</PlatformAccountPage>
  );
}
