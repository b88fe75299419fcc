import { Suspense, type ReactNode } from "react";
import { Navigate, Route, Routes } from "react-router";
import { lazyWithTimeout } from "@/app/lazyWithTimeout.ts";
import { PageLoader } from "@/components/PageLoader.tsx";
import { useSignedIn } from "@/queries/session.ts";
import { ManageNotFoundScreen } from "./ManageNotFoundScreen.tsx";
import { ManageShell } from "./ManageShell.tsx";
import { ProfileScreen } from "../profile/ProfileScreen.tsx";
import { AccountUsersScreen } from "../users/AccountUsersScreen.tsx";

/** The platform area is a chunk of its own: only platform administrators ever load it. */
const PlatformRoutes = lazyWithTimeout(() => import("../platform/PlatformRoutes.tsx"));
/** The events (list and event area) and the account screens are chunks of their own too. */
const EventsRoutes = lazyWithTimeout(() => import("../events/EventsRoutes.tsx"));
const AccountArea = lazyWithTimeout(() => import("../account/AccountRoutes.tsx"));

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoader />}>{children}</Suspense>;
}

/** Routes below /manage. Account screens need an account; the platform area needs platform.manage. */
export function ManageRoutes() {
  const session = useSignedIn();
  const account = session.account;
  const hasAccount = account !== null;
  const canManagePlatform = session.can("platform.manage");
  const home = hasAccount ? "events" : canManagePlatform ? "platform/accounts" : "profile";
  return (
    <Routes>
      <Route element={<ManageShell />}>
        <Route index element={<Navigate to={home} replace />} />
        {hasAccount && (
          <Route
            path="events/*"
            element={
              <Lazy>
                <EventsRoutes />
              </Lazy>
            }
          />
        )}
        {account && <Route path="users" element={<AccountUsersScreen account={account} />} />}
        {hasAccount && (
          <Route
            path="teams"
            element={
              <Lazy>
                <AccountArea screen="teams" />
              </Lazy>
            }
          />
        )}
        {hasAccount && session.can("credits.read") && (
          <Route
            path="credits"
            element={
              <Lazy>
                <AccountArea screen="credits" />
              </Lazy>
            }
          />
        )}
        {hasAccount && session.can("credits.read") && (
          <Route
            path="mail-history"
            element={
              <Lazy>
                <AccountArea screen="mailHistory" />
              </Lazy>
            }
          />
        )}
        {hasAccount && session.can("mailErrors.manage") && (
          <Route
            path="mail-errors"
            element={
              <Lazy>
                <AccountArea screen="mailErrors" />
              </Lazy>
            }
          />
        )}
        {hasAccount && session.can("senders.read") && (
          <Route
            path="senders"
            element={
              <Lazy>
                <AccountArea screen="senders" />
              </Lazy>
            }
          />
        )}
        {hasAccount && (
          <Route
            path="account"
            element={
              <Lazy>
                <AccountArea screen="settings" />
              </Lazy>
            }
          />
        )}
        <Route path="profile" element={<ProfileScreen />} />
        {canManagePlatform && (
          <Route
            path="platform/*"
            element={
              <Lazy>
                <PlatformRoutes />
              </Lazy>
            }
          />
        )}
        <Route path="*" element={<ManageNotFoundScreen />} />
      </Route>
    </Routes>
  );
}
