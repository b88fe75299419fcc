import { observer } from "mobx-react-lite";
import { Suspense } from "react";
import { Navigate, Route, Routes } from "react-router";
import { lazyWithTimeout } from "../../app/lazyWithTimeout.ts";
import { PageLoader } from "../../components/PageLoader.tsx";
import { useStores } from "../../stores/StoresContext.ts";
import { EventsScreen } from "./EventsScreen.tsx";
import { ManageNotFoundScreen } from "./ManageNotFoundScreen.tsx";
import { ManageShell } from "./ManageShell.tsx";
import { ProfileScreen } from "./ProfileScreen.tsx";
import { TeamsScreen } from "./TeamsScreen.tsx";
import { AccountUsersScreen } from "./users/AccountUsersScreen.tsx";

/** The platform area is a chunk of its own: only platform administrators ever load it. */
const PlatformRoutes = lazyWithTimeout(() => import("../platform/PlatformRoutes.tsx"));

/** Routes below /manage. Account screens need an account; the platform area needs platform.manage. */
export const ManageRoutes = observer(function ManageRoutes() {
  const { session } = useStores();
  const account = session.account;
  const hasAccount = account !== null;
  const canManagePlatform = session.can("platform.manage");
  const home = hasAccount ? "events" : canManagePlatform ? "platform/accounts" : "profile";
  return (
    <Routes>
      <Route element={<ManageShell />}>
        <Route index element={<Navigate to={home} replace />} />
        {hasAccount && <Route path="events" element={<EventsScreen />} />}
        {account && <Route path="users" element={<AccountUsersScreen account={account} />} />}
        {hasAccount && <Route path="teams" element={<TeamsScreen />} />}
        <Route path="profile" element={<ProfileScreen />} />
        {canManagePlatform && (
          <Route
            path="platform/*"
            element={
              <Suspense fallback={<PageLoader />}>
                <PlatformRoutes />
              </Suspense>
            }
          />
        )}
        <Route path="*" element={<ManageNotFoundScreen />} />
      </Route>
    </Routes>
  );
});
