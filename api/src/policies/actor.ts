import type { AccountRole, Role } from "@tessera/shared";
import type { ApiKey } from "../models/ApiKey.ts";
import type { User } from "../models/User.ts";

/** Who is making a request: a signed-in user (session) or an API key. */
export type Actor =
  | {
      kind: "user";
      id: string;
      role: Role;
      accountId: string | null;
      user: User;
      sessionId: string;
      /** "cookie" requests must carry the anti-forgery header on writes. */
      via: "cookie" | "bearer";
    }
  | {
      kind: "apiKey";
      id: string;
      role: AccountRole;
      accountId: string;
      apiKey: ApiKey;
      via: "bearer";
    };

export function actorUserId(actor: Actor | undefined): string | null {
  return actor?.kind === "user" ? actor.id : null;
}
