import { AccountUsersScreen } from "@/screens/users/AccountUsersScreen.tsx";
import { PlatformAccountPage } from "./PlatformAccountPage.tsx";

/** A platform administrator looking after the users of one account. */
export function PlatformAccountUsersScreen() {
  return (
    <PlatformAccountPage>{(account) => <AccountUsersScreen account={account} withAccountName />}</PlatformAccountPage>
  );
}
