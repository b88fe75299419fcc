import { describe, expect, it } from "vitest";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import { Guest } from "../../../api/src/models/Guest.ts";
import { suppressedEmails } from "../../../api/src/services/mailErrors/suppression.ts";
import { listedUser, signedInUser } from "../../helpers/actors.ts";
import { eventBase } from "../../helpers/checkins.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildGuest } from "../../helpers/guests.ts";
import { buildMailError } from "../../helpers/mailErrors.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * The account's mail errors (spec §7 errormails, §8 "email to this address rejected (blocked)"): listed with
 * search and kind, a person blocks an address (409 when it has one), changes and deletes one, each in the
 * account's trail; a blocked address is left out of campaigns as "blocked", and deleting the error lets it be
 * mailed again.
 */
describe.each(databaseKinds())("mail errors on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp() {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id);
    const { http } = await signedInUser(suite.server, { accountId: account.id, role: "organizer" });
    const editor = (await listedUser(suite.server, event, { role: "editor" })).http;
    const base = `/api/v1/accounts/${account.id}/errormails`;
    const summary = async () => {
      const created = await editor.post(`${eventBase(event)}/campaigns`, { name: "Invitation", type: "invitation" });
      return (await editor.get(`${eventBase(event)}/campaigns/${created.body.id}/summary`)).body as {
        recipients: number;
        excluded: Record<string, number>;
      };
    };
    return { db, account, event, http, base, summary };
  }

  it("blocks an address, refuses a second error for it, leaves it out of campaigns until it is deleted", async () => {
    const { db, account, event, http, base, summary } = await setUp();
    const guest = await buildGuest(db, event, { email: "Person@Example.org", status: "unanswered" });
    expect(await summary()).toMatchObject({ recipients: 1, excluded: { blocked: 0 } });

    const created = await http.post(base, { email: "PERSON@example.org", reason: "Asked by phone" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      email: "person@example.org",
      kind: "blocked",
      source: "manual",
      reason: "Asked by phone",
      isSuppressing: true,
      occurrences: 1,
    });
    expect(await summary()).toMatchObject({ recipients: 0, excluded: { blocked: 1 } });
    expect(await suppressedEmails(db, account.id, ["person@EXAMPLE.org"])).toEqual(new Set(["person@example.org"]));

    const again = await http.post(base, { email: "person@example.org" }, { lang: "fr" });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("mail_error_exists");
    expect(again.body.error.message).toBe("Une erreur d'email est déjà enregistrée pour cette adresse.");

    // A soft bounce does not keep it from sends; a hard one counts as bounced.
    const id = created.body.id as string;
    expect((await http.post(`${base}/${id}`, { kind: "soft_bounce" })).body).toMatchObject({ isSuppressing: false });
    expect(await summary()).toMatchObject({ recipients: 1 });
    expect((await http.post(`${base}/${id}`, { kind: "hard_bounce", reason: null })).body).toMatchObject({
      kind: "hard_bounce",
      reason: null,
    });
    expect(await summary()).toMatchObject({ recipients: 0, excluded: { bounced: 1 } });

    await db("guests").where({ id: guest.id }).update({ mailStatus: "bounce" });
    expect((await http.delete(`${base}/${id}`)).status).toBe(200);
    expect((await http.get(`${base}/${id}`)).status).toBe(404);
    expect((await Guest.query(db).findById(guest.id).throwIfNotFound()).mailStatus).toBe("none");
    expect(await summary()).toMatchObject({ recipients: 1, excluded: { bounced: 0, blocked: 0 } });

    const trail = await AuditLog.query(db).where({ accountId: account.id, subjectId: id }).orderBy("createdAt");
    expect(trail.map((entry) => entry.action)).toEqual([
      "mail_error.created",
      "mail_error.updated",
      "mail_error.updated",
      "mail_error.deleted",
    ]);
  });

  it("lists the account's errors most recently seen first, by part of the address and by kind", async () => {
    const { db, account, http, base } = await setUp();
    const old = await buildMailError(db, account.id, {
      email: "old@example.net",
      lastSeenAt: new Date(Date.now() - 3_600_000),
    });
    // A minute apart from the next one: two errors of the same millisecond would come in the order of their ids.
    const recent = await buildMailError(db, account.id, {
      email: "recent@example.net",
      lastSeenAt: new Date(Date.now() - 60_000),
    });
    const soft = await buildMailError(db, account.id, { email: "full_box@example.com", kind: "soft_bounce" });
    await buildMailError(db, (await buildAccount(db)).id, { email: "recent@example.net" });

    const all = await http.get(`${base}?perPage=2`);
    expect(all.status).toBe(200);
    expect(all.body.pagination).toEqual({ page: 1, perPage: 2, total: 3 });
    expect(all.body.data.map((row: { id: string }) => row.id)).toEqual([soft.id, recent.id]);
    expect((await http.get(`${base}?search=EXAMPLE.NET`)).body.data.map((row: { id: string }) => row.id)).toEqual([
      recent.id,
      old.id,
    ]);
    // "_" is a character of the address, not a wildcard.
    expect((await http.get(`${base}?search=l_b`)).body.data.map((row: { id: string }) => row.id)).toEqual([soft.id]);
    expect((await http.get(`${base}?search=lxb`)).body.data).toEqual([]);
    expect((await http.get(`${base}?kind=soft_bounce`)).body.data.map((row: { id: string }) => row.id)).toEqual([
      soft.id,
    ]);
    expect((await http.get(`${base}?kind=nonsense`)).status).toBe(422);
    expect((await http.post(base, { email: "not an address" })).status).toBe(422);
  });
});
