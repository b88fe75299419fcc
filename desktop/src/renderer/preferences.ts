/**
 * What the renderer remembers between launches (the window's localStorage): the mode, the language, and the
 * session's view for the scanning screen's title and fields (the desk's token stays in the core).
 */
import { browserLanguage } from "@/app/language.ts";
import { isLanguage, type Language } from "@tessera/shared/i18n/languages";
import type { DeskSessionView } from "./deskApi.ts";

export type DeskMode = "desk" | "kiosk";

const KEYS = { mode: "tessera.desk.mode", language: "tessera.desk.language", session: "tessera.desk.session" };

export function storedMode(): DeskMode | null {
  const mode = localStorage.getItem(KEYS.mode);
  return mode === "desk" || mode === "kiosk" ? mode : null;
}

export function storeMode(mode: DeskMode | null): void {
  if (mode) localStorage.setItem(KEYS.mode, mode);
  else localStorage.removeItem(KEYS.mode);
}

export function storedLanguage(): Language {
  const language = localStorage.getItem(KEYS.language);
  return isLanguage(language) ? language : browserLanguage();
}

export function storeLanguage(language: Language): void {
  localStorage.setItem(KEYS.language, language);
}

export function storedSession(): DeskSessionView | null {
  const text = localStorage.getItem(KEYS.session);
  if (!text) return null;
  try {
    return JSON.parse(text) as DeskSessionView;
  } catch {
    return null;
  }
}

export function storeSession(session: DeskSessionView): void {
  localStorage.setItem(KEYS.session, JSON.stringify(session));
}
