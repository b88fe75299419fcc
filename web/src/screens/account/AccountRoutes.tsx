import { useSignedIn } from "@/queries/session.ts";
import { ManageNotFoundScreen } from "../shell/ManageNotFoundScreen.tsx";
import { TeamsScreen } from "../teams/TeamsScreen.tsx";
import { AccountSettingsScreen } from "./AccountSettingsScreen.tsx";
import { CreditsScreen } from "./credits/CreditsScreen.tsx";
import { MailErrorsScreen } from "./mailErrors/MailErrorsScreen.tsx";
import { MailHistoryScreen } from "./mailHistory/MailHistoryScreen.tsx";
import { SendersScreen } from "./senders/SendersScreen.tsx";

/** The account-level screens (a lazy chunk): teams, account settings, credits, mail history, mail errors, senders. */
export default function AccountArea({
  screen,
}: {
  screen: "teams" | "settings" | "credits" | "mailHistory" | "mailErrors" | "senders";
}) {
  const { account } = useSignedIn();
  if (!account) return <ManageNotFoundScreen />;
  if (screen === "teams") return <TeamsScreen account={account} />;
  if (screen === "credits") return <CreditsScreen account={account} />;
  if (screen === "mailHistory") return <MailHistoryScreen account={account} />;
  if (screen === "mailErrors") return <MailErrorsScreen account={account} />;
  if (screen === "senders") return <SendersScreen account={account} />;
  return <AccountSettingsScreen account={account} />;
}
