import type { EntryCodeView } from "../../services/checkin-codes/codes.ts";
import type { GuestCodeKeyView } from "../../services/checkin-codes/keys.ts";

export function presentEntryCode(code: EntryCodeView) {
  return { ...code, issuedAt: code.issuedAt.toISOString() };
}

export function presentPortalEntryCode(code: Omit<EntryCodeView, "keyId">) {
  return { ...code, issuedAt: code.issuedAt.toISOString() };
}

export function presentGuestCodeKeys(keys: readonly GuestCodeKeyView[]) {
  return {
    data: keys.map((key) => ({
      ...key,
      createdAt: key.createdAt.toISOString(),
      retiredAt: key.retiredAt?.toISOString() ?? null,
    })),
  };
}
