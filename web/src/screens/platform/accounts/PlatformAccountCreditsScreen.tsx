import { CreditsScreen } from "@/screens/account/credits/CreditsScreen.tsx";
import { PlatformAccountPage } from "./PlatformAccountPage.tsx";

/** A platform administrator looking after the credits of one account: adds and debits them there. */
export function PlatformAccountCreditsScreen() {
  return <PlatformAccountPage>{(account) => <CreditsScreen account={account} withAccountName />}</PlatformAccountPage>;
}
