import { observer } from "mobx-react-lite";
import { useStores } from "@/stores/StoresContext.ts";
import { ManageNotFoundScreen } from "../shell/ManageNotFoundScreen.tsx";
import { TeamsScreen } from "../teams/TeamsScreen.tsx";
import { AccountSettingsScreen } from "./AccountSettingsScreen.tsx";

/** The account-level screens of issue 3 (a lazy chunk): teams and account settings. */
const AccountArea = observer(function AccountArea({ screen }: { screen: "teams" | "settings" }) {
  const { session } = useStores();
  const account = session.account;
  if (!account) return <ManageNotFoundScreen />;
  return screen === "teams" ? <TeamsScreen account={account} /> : <AccountSettingsScreen account={account} />;
});

export default AccountArea;
