import { createContext, useContext } from "react";
import type { Language } from "@tessera/shared/i18n/languages";
import type { SignInPaths } from "./signInPaths.ts";

export type SignInAlertColor = "red" | "green" | "blue";

export interface SignInAlert {
  message: string;
  color: SignInAlertColor;
}

export interface SignInContextValue {
  language: Language;
  /** The language the address asked for (/fr/admin), which sign-in carries over; null on /admin. */
  chosenLanguage: Language | null;
  paths: SignInPaths;
  /** The event of /{event}/admin, when signing in from an event's address. */
  eventSlug: string | null;
  /** Shows the banner above the page; it clears by itself on the next path change. */
  showAlert: (message: string, color?: SignInAlertColor) => void;
  clearAlert: () => void;
}

export const SignInContext = createContext<SignInContextValue | null>(null);

export function useSignIn(): SignInContextValue {
  const value = useContext(SignInContext);
  if (!value) throw new Error("useSignIn() is only available inside the sign-in layout");
  return value;
}
