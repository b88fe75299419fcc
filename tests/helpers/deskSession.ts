import { expect } from "vitest";
import type { Checkin } from "../../api/src/models/Checkin.ts";
import { listedUser } from "./actors.ts";
import { buildCheckin, eventBase } from "./checkins.ts";
import { buildEvent } from "./events.ts";
import { buildAccount } from "./factories.ts";
import type { TestServer } from "./server.ts";

/**
 * What the desk core's tests start from: an account's event, an editor listed on it, a session showing the
 * guests' first and last names (and `values`), and an access code for its desks, made by the editor through the API.
 */
export async function sessionWithAccessCode(server: TestServer, values: Partial<Checkin> = {}) {
  const { db } = server;
  const account = await buildAccount(db);
  const event = await buildEvent(db, account.id);
  const { http } = await listedUser(server, event, { role: "editor" });
  const checkin = await buildCheckin(db, event, { displayedFields: ["firstName", "lastName"], ...values });
  const made = await http.post(`${eventBase(event)}/checkincodes`, { checkinId: checkin.id });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { db, account, event, http, checkin, accessCode: made.body.code as string };
}
