import { Navigate, Route, Routes } from "react-router";
import { ManageNotFoundScreen } from "../shell/ManageNotFoundScreen.tsx";
import { AccountsScreen } from "./accounts/AccountsScreen.tsx";
import { PlatformAccountCreditsScreen } from "./accounts/PlatformAccountCreditsScreen.tsx";
import { PlatformAccountEventsScreen } from "./accounts/PlatformAccountEventsScreen.tsx";
import { PlatformAccountMailErrorsScreen } from "./accounts/PlatformAccountMailErrorsScreen.tsx";
import { PlatformAccountSendersScreen } from "./accounts/PlatformAccountSendersScreen.tsx";
import { PlatformAccountUsersScreen } from "./accounts/PlatformAccountUsersScreen.tsx";
import { AdministratorsScreen } from "./administrators/AdministratorsScreen.tsx";

/** The platform area below /manage/platform (a lazy chunk, for platform administrators). */
export default function PlatformRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="accounts" replace />} />
      <Route path="accounts" element={<AccountsScreen />} />
      <Route path="accounts/:accountId/users" element={<PlatformAccountUsersScreen />} />
      <Route path="accounts/:accountId/events/*" element={<PlatformAccountEventsScreen />} />
      <Route path="accounts/:accountId/credits" element={<PlatformAccountCreditsScreen />} />
      <Route path="accounts/:accountId/mail-errors" element={<PlatformAccountMailErrorsScreen />} />
      <Route path="accounts/:accountId/senders" element={<PlatformAccountSendersScreen />} />
      <Route path="administrators" element={<AdministratorsScreen />} />
      <Route path="*" element={<ManageNotFoundScreen />} />
    </Routes>
  );
}
