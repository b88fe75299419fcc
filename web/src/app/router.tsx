import { Suspense } from "react";
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from "react-router";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "@tessera/shared/i18n/languages";
import { PageLoader } from "../components/PageLoader.tsx";
import { NotFoundScreen } from "../screens/errors/NotFoundScreen.tsx";
import { RouteErrorScreen } from "../screens/errors/RouteErrorScreen.tsx";
import { ForgotPasswordScreen } from "../screens/signIn/ForgotPasswordScreen.tsx";
import { ForgotPasswordSuccessScreen } from "../screens/signIn/ForgotPasswordSuccessScreen.tsx";
import { RegisterAdminScreen } from "../screens/signIn/RegisterAdminScreen.tsx";
import { RegisterSuccessScreen } from "../screens/signIn/RegisterSuccessScreen.tsx";
import { ResetPasswordScreen } from "../screens/signIn/ResetPasswordScreen.tsx";
import { ResetPasswordSuccessScreen } from "../screens/signIn/ResetPasswordSuccessScreen.tsx";
import { SendingTokenScreen } from "../screens/signIn/SendingTokenScreen.tsx";
import { SignInLayout } from "../screens/signIn/SignInLayout.tsx";
import { SignInScreen } from "../screens/signIn/SignInScreen.tsx";
import type { GuestPage } from "../screens/public/guestPaths.ts";
import { lazyWithTimeout } from "./lazyWithTimeout.ts";

/** The back-office (and, inside it, the platform area) is loaded only once someone goes there. */
const ManageApp = lazyWithTimeout(() => import("../screens/shell/ManageApp.tsx"));
/** The guest site (registration forms, the guests' portal): a chunk of its own, for guests only. */
const GuestSite = lazyWithTimeout(() => import("../screens/public/GuestSite.tsx"));
/** The check-in desk in the browser (signed in with an access code): its own chunk, the camera's reader apart. */
const DeskApp = lazyWithTimeout(() => import("../screens/desk/DeskApp.tsx"));

const signInPages: RouteObject[] = [
  { index: true, element: <SignInScreen /> },
  { path: "forgot-password", element: <ForgotPasswordScreen /> },
  { path: "forgot-password-success", element: <ForgotPasswordSuccessScreen /> },
  { path: "reset-password", element: <ResetPasswordScreen /> },
  { path: "reset-password-success", element: <ResetPasswordSuccessScreen /> },
  { path: "register-admin", element: <RegisterAdminScreen /> },
  { path: "register-success", element: <RegisterSuccessScreen /> },
  { path: "sending-token", element: <SendingTokenScreen /> },
];

/**
 * Spec §2: the sign-in app at /admin and /{lang}/admin, and its sign-in page at /{event}/admin and
 * /{lang}/{event}/admin. Language prefixes are static segments, so they outrank `:event`: /fr/admin
 * is French, /acme/admin is the event "acme" in English.
 */
function signInRoutes(prefix: string, language: Language): RouteObject[] {
  const layout = <SignInLayout prefix={prefix} language={language} />;
  return [
    { path: `${prefix}/admin`, element: layout, children: signInPages },
    { path: `${prefix}/:event/admin`, element: layout, children: [{ index: true, element: <SignInScreen /> }] },
  ];
}

/**
 * The guest site of an event, at /{event}/… (English) and /{lang}/{event}/…: its registration forms and its
 * guests' portal. Static segments outrank `:event`, so /fr/admin and /manage stay the sign-in app's and the
 * back-office's.
 */
function guestRoutes(prefix: string, language: Language): RouteObject[] {
  const page = (name: GuestPage) => (
    <Suspense fallback={<PageLoader fullScreen />}>
      <GuestSite prefix={prefix} language={language} page={name} />
    </Suspense>
  );
  return [
    { path: `${prefix}/:event/forms/view/:id`, element: page("form") },
    { path: `${prefix}/:event/portal`, element: page("portal") },
    { path: `${prefix}/:event/portal/confirm`, element: page("confirm") },
    { path: `${prefix}/:event/portal/me`, element: page("me") },
    { path: `${prefix}/:event/contact`, element: page("contact") },
    { path: `${prefix}/:event/orders/:id/:secret`, element: page("order") },
    // A campaign message's unsubscribe page: no event in the path ("unsubscribe" is a reserved slug).
    { path: `${prefix}/unsubscribe/:token`, element: page("unsubscribe") },
    // A sender's verification link (an account's campaign address): "senders" is a reserved slug too.
    { path: `${prefix}/senders/verify/:token`, element: page("senderVerify") },
  ];
}

/** A check-in desk at /desk and /{lang}/desk: no organizer session, a session's access code. */
function deskRoutes(prefix: string, language: Language): RouteObject[] {
  return [
    {
      path: `${prefix}/desk`,
      element: (
        <Suspense fallback={<PageLoader fullScreen />}>
          <DeskApp language={language} />
        </Suspense>
      ),
    },
  ];
}

export const routes: RouteObject[] = [
  {
    element: <Outlet />,
    errorElement: <RouteErrorScreen />,
    children: [
      { path: "/", element: <Navigate to="/manage" replace /> },
      ...signInRoutes("", DEFAULT_LANGUAGE),
      ...LANGUAGES.flatMap((language) => signInRoutes(`/${language}`, language)),
      ...guestRoutes("", DEFAULT_LANGUAGE),
      ...LANGUAGES.flatMap((language) => guestRoutes(`/${language}`, language)),
      ...deskRoutes("", DEFAULT_LANGUAGE),
      ...LANGUAGES.flatMap((language) => deskRoutes(`/${language}`, language)),
      {
        path: "/manage/*",
        element: (
          <Suspense fallback={<PageLoader fullScreen />}>
            <ManageApp />
          </Suspense>
        ),
      },
      { path: "*", element: <NotFoundScreen /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
