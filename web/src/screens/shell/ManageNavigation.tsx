import { AppShell, NavLink, ScrollArea, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { errorMessage } from "@/app/errorMessage.ts";
import {
  IconBuilding,
  IconCalendar,
  IconLogout,
  IconMailCheck,
  IconMailError,
  IconMailHistory,
  IconSettings,
  IconShield,
  IconSparkles,
  IconTeams,
  IconUser,
  IconUsers,
} from "@/components/icons.tsx";
import { useSignedIn, useSignOut } from "@/queries/session.ts";

/** Account navigation (Events, Users, Teams, Credits, Mail history, Mail errors, Senders, Account settings, Profile, Logout) and, for platform administrators, Platform. */
export function ManageNavigation({ onError }: { onError: (message: string) => void }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const session = useSignedIn();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const language = session.user.language;

  function logout() {
    signOut.mutateAsync().then(
      () => navigate(`/${language}/admin`, { replace: true }),
      (error: unknown) => onError(errorMessage(error, t)),
    );
  }

  return (
    <>
      <AppShell.Section grow component={ScrollArea}>
        {session.account && (
          <>
            <NavItem to="/manage/events" label={t("nav.events")} icon={<IconCalendar />} />
            <NavItem to="/manage/users" label={t("nav.users")} icon={<IconUsers />} />
            <NavItem to="/manage/teams" label={t("nav.teams")} icon={<IconTeams />} />
            {session.can("credits.read") && (
              <NavItem to="/manage/credits" label={t("nav.credits")} icon={<IconSparkles />} />
            )}
            {session.can("credits.read") && (
              <NavItem to="/manage/mail-history" label={t("nav.mailHistory")} icon={<IconMailHistory />} />
            )}
            {session.can("mailErrors.manage") && (
              <NavItem to="/manage/mail-errors" label={t("nav.mailErrors")} icon={<IconMailError />} />
            )}
            {session.can("senders.read") && (
              <NavItem to="/manage/senders" label={t("nav.senders")} icon={<IconMailCheck />} />
            )}
            <NavItem to="/manage/account" label={t("nav.account")} icon={<IconSettings />} />
          </>
        )}
        <NavItem to="/manage/profile" label={t("nav.profile")} icon={<IconUser />} />
        {session.can("platform.manage") && (
          <>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt="lg" mb={4} px="sm">
              {t("nav.platform")}
            </Text>
            <NavItem to="/manage/platform/accounts" label={t("nav.accounts")} icon={<IconBuilding />} />
            <NavItem to="/manage/platform/administrators" label={t("nav.administrators")} icon={<IconShield />} />
          </>
        )}
      </AppShell.Section>
      <AppShell.Section>
        <NavLink
          component="button"
          label={t("nav.logout")}
          leftSection={<IconLogout />}
          onClick={logout}
          disabled={signOut.isPending || signOut.isSuccess}
        />
      </AppShell.Section>
    </>
  );
}

function NavItem({ to, label, icon }: { to: string; label: string; icon: ReactNode }) {
  const { pathname } = useLocation();
  const isActive = pathname === to || pathname.startsWith(`${to}/`);
  return <NavLink component={Link} to={to} label={label} leftSection={icon} active={isActive} />;
}
