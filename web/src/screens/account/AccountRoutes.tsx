import { useSignedIn } from "@/queries/session.ts";
import { ManageNotFoundScreen } from "../shell/ManageNotFoundScreen.tsx";
import { TeamsScreen } from "../teams/TeamsScreen.tsx";
import { AccountSettingsScreen } from "./AccountSettingsScreen.tsx";

/** The account-level screens of issue 3 (a lazy chunk): teams and account settings. */
export default function AccountArea({ screen }: { screen: "teams" | "settings" }) {
  const { account } = useSignedIn();
  if (!account) return <ManageNotFoundScreen />;
  return screen === "teams" ? <TeamsScreen account={account} /> : <AccountSettingsScreen account={account} />;
}
