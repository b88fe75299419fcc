import { Event } from "../models/Event.ts";
import { User } from "../models/User.ts";
import { createScope, type AppDeps, type Scope } from "../services/scope.ts";
import type { Knex } from "../db/knex.ts";
import { seedDemoBadge } from "./badge.ts";
import { seedDemoCheckin, type DemoAccessCode } from "./checkin.ts";
import { DEMO_EMAIL, DEMO_EVENT_SLUG, seedDemo, type DemoCredentials, type DemoOptions } from "./demo.ts";

/** What `npm start` prints once: the demo's sign-in and its desks' access codes. */
export interface DemoFirstStart {
  credentials: DemoCredentials;
  accessCodes: DemoAccessCode[];
}

/** The demo organizer acting in `trx` (the services open their transactions inside it). */
async function organizerScope(deps: AppDeps, trx: Knex.Transaction): Promise<Scope> {
  const user = await User.query(trx).findOne({ email: DEMO_EMAIL }).throwIfNotFound();
  const actor = {
    kind: "user",
    id: user.id,
    role: user.role,
    accountId: user.accountId,
    user,
    sessionId: "demo-seed",
    via: "bearer",
  } as const;
  return { ...createScope(deps, { actor }), db: trx };
}

/**
 * Everything `npm start` seeds on a database with no user yet, in one transaction: seedDemo's account, users and
 * event, then, as the demo organizer through the services (their checks and history entries), the event's two
 * check-in sessions with an access code each and its badge template. Null when the database already had users: a
 * later start adds nothing, and codes shown once are never shown again.
 */
export async function seedDemoOnFirstStart(
  deps: AppDeps,
  password?: string,
  options: DemoOptions = {},
): Promise<DemoFirstStart | null> {
  return deps.db.transaction(async (trx) => {
    const credentials = await seedDemo(trx, password, options);
    if (!credentials) return null;
    const scope = await organizerScope(deps, trx);
    const event = await Event.query(trx).findOne({ slug: DEMO_EVENT_SLUG }).throwIfNotFound();
    const key = { accountId: event.accountId, eventId: event.id };
    const accessCodes = await seedDemoCheckin(scope, key);
    await seedDemoBadge(scope, key);
    return { credentials, accessCodes };
  });
}
