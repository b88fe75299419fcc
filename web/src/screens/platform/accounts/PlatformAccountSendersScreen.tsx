import { SendersScreen } from "@/screens/account/senders/SendersScreen.tsx";
import { PlatformAccountPage } from "./PlatformAccountPage.tsx";

/** A platform administrator looking after the sender emails of one account (and marking one verified). */
export function PlatformAccountSendersScreen() {
  return <PlatformAccountPage>{(account) => <SendersScreen account={account} withAccountName />}</PlatformAccountPage>;
}
