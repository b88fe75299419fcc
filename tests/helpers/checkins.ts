import { randomUUID } from "node:crypto";
import type { Db } from "../../api/src/db/knex.ts";
import { Checkin } from "../../api/src/models/Checkin.ts";
import type { Event } from "../../api/src/models/Event.ts";
import type { TestServer } from "./server.ts";

type EventRef = Pick<Event, "id" | "accountId">;

/** A check-in session straight in the database: online, enabled, every confirmed guest, names shown. */
export async function buildCheckin(db: Db, event: EventRef, values: Partial<Checkin> = {}): Promise<Checkin> {
  return Checkin.query(db).insertAndFetch({
    id: randomUUID(),
    accountId: event.accountId,
    eventId: event.id,
    name: "Main door",
    type: "online",
    status: "enabled",
    conditions: null,
    displayedFields: ["firstName", "lastName"],
    multipleEntries: false,
    reentryAfterExit: false,
    exitScans: false,
    createdBy: null,
    ...values,
  });
}

/** `/api/v1/events/{a}/{e}`. */
export const eventBase = (event: EventRef) => `/api/v1/events/${event.accountId}/${event.id}`;

/** A desk signed in to a session through the API (an access code made by `token`'s user): its bearer token. */
export async function signedInDesk(
  server: TestServer,
  token: string,
  event: EventRef,
  checkinId: string,
  desk = "Door A",
): Promise<{ deskToken: string; code: string; codeId: string }> {
  const made = await server.http.as(token).post(`${eventBase(event)}/checkincodes`, { checkinId });
  if (made.status !== 201) throw new Error(`access code: ${made.status} ${JSON.stringify(made.body)}`);
  const signIn = await server.http.post("/api/v1/desk/session", { code: made.body.code, desk });
  if (signIn.status !== 201) throw new Error(`desk sign-in: ${signIn.status} ${JSON.stringify(signIn.body)}`);
  return { deskToken: signIn.body.token as string, code: made.body.code as string, codeId: made.body.id as string };
}
