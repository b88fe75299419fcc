import { createI18n } from "@tessera/shared";
import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import type { PrimaryStatus } from "./primaryApi.ts";
import { primaryFailureText } from "./primaryFailure.ts";
import { venueRoleText } from "./venueRole.ts";

const NONE: PrimaryStatus = {
  role: "none",
  address: null,
  reachable: null,
  pairingCode: null,
  peers: 0,
  unreconciled: 0,
  lastReconcileConflicts: 0,
  lastError: null,
};

function inLanguage(language: "en" | "fr" | "es") {
  const i18n = createI18n(language);
  return { i18n, t: i18n.getFixedT(language, "web") as unknown as TFunction<"web"> };
}

describe("the desk's venue role in words", () => {
  it("says the primary and its paired desks, the peer's primary and what is left to reconcile, nothing alone", () => {
    const { t } = inLanguage("en");
    expect(venueRoleText(NONE, t)).toBe("");
    expect(venueRoleText({ ...NONE, role: "primary", peers: 3, reachable: true }, t)).toBe(
      "Primary desk · 3 desks paired",
    );
    expect(venueRoleText({ ...NONE, role: "primary", peers: 1 }, t)).toBe("Primary desk · 1 desk paired");
    const peer: PrimaryStatus = { ...NONE, role: "peer", address: "http://192.168.1.20:4870" };
    expect(venueRoleText(peer, t)).toBe("Peer of http://192.168.1.20:4870 · not reached yet");
    expect(venueRoleText({ ...peer, reachable: true }, t)).toBe("Peer of http://192.168.1.20:4870 · reachable");
    expect(venueRoleText({ ...peer, reachable: false, unreconciled: 4, lastReconcileConflicts: 1 }, t)).toBe(
      "Peer of http://192.168.1.20:4870 · unreachable · 4 scans to reconcile · the last reconcile found 1 conflict",
    );
    expect(venueRoleText({ ...NONE, role: "primary", peers: 2 }, inLanguage("fr").t)).toBe(
      "Poste principal · 2 postes associés",
    );
    expect(venueRoleText({ ...peer, reachable: false, unreconciled: 1 }, inLanguage("es").t)).toBe(
      "Emparejado con http://192.168.1.20:4870 · inaccesible · 1 escaneo por conciliar",
    );
  });

  it("says a call the desk's role refuses in the user's language, as Electron relays it", () => {
    const { i18n, t } = inLanguage("fr");
    const relayed = new Error(
      "Error invoking remote method 'primary.start': Error: [primary_linked] This desk checks against a primary",
    );
    expect(primaryFailureText(relayed, t, i18n)).toBe(
      "Ce poste est associé à un poste principal : déconnectez-le d'abord.",
    );
    expect(primaryFailureText(new Error("[desk_not_signed_in] The desk is not signed in"), t, i18n)).toBe(
      "Le poste n'est connecté à aucune session d'enregistrement.",
    );
  });
});
