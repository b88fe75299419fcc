import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import { Event } from "../../../api/src/models/Event.ts";
import { addHook } from "../../../api/src/services/hooks.ts";
import { expectNoChange } from "../../helpers/actors.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildAccount, buildUser, sessionTokenFor } from "../../helpers/factories.ts";
import { buildEvent, buildTeam, listOnEvent, uniqueSlug } from "../../helpers/events.ts";
import type { HttpClient } from "../../helpers/http.ts";
import { buildGuest } from "../../helpers/guests.ts";
import { billEventBy, buildOrganizer } from "../../helpers/invoices.ts";
import { buildOrder, buildTicket } from "../../helpers/orders.ts";
import { useCastServer } from "../../helpers/suite.ts";
import { issueInvoice } from "../../../api/src/services/invoicing/index.ts";

/** Delete (spec §5 team rule), duplicate with the copier registry, access rights, the event limit. */

describe.each(databaseKinds())("event lifecycle on %s", (kind) => {
  const suite = useCastServer(kind);
  let overseer: HttpClient;
  let organizer: HttpClient;
  let events: string;
  const unregister: (() => void)[] = [];

  beforeAll(async () => {
    overseer = suite.cast.client("overseer");
    organizer = suite.cast.client("organizer");
    events = `/api/v1/accounts/${suite.cast.accountA.id}/events`;
  });
  afterEach(() => unregister.splice(0).forEach((remove) => remove()));

  const actionsOf = async (eventId: string) =>
    (await AuditLog.query(suite.server.db).where({ eventId }).orderBy("createdAt")).map((entry) => entry.action);

  describe("delete", () => {
    it("removes the event with its domains and access lists, and records it", async () => {
      const event = await buildEvent(suite.server.db, suite.cast.accountA.id, {
        createdBy: suite.cast.users.organizer.user.id,
      });
      await suite.server.db("eventDomains").insert({ domain: `gone-${event.slug}.example.org`, eventId: event.id });
      await listOnEvent(suite.server.db, event.id, { userIds: [suite.cast.users.reader.user.id] });
      const response = await organizer.delete(`${events}/${event.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: true });
      expect(await Event.query(suite.server.db).findById(event.id)).toBeUndefined();
      expect(await suite.server.db("eventDomains").where({ eventId: event.id })).toEqual([]);
      expect(await suite.server.db("eventUsers").where({ eventId: event.id })).toEqual([]);
      const [audit] = await AuditLog.query(suite.server.db).where({ eventId: event.id });
      expect(audit).toMatchObject({ action: "event.deleted", subjectId: event.id, accountId: suite.cast.accountA.id });
      expect(audit!.before).toMatchObject({ slug: event.slug, customDomains: [`gone-${event.slug}.example.org`] });
      expect((await organizer.delete(`${events}/${event.id}`)).status).toBe(404);
    });

    it("is refused to a user of a team linked to the event (409 event_not_deleted with the reason)", async () => {
      const event = await buildEvent(suite.server.db, suite.cast.accountA.id);
      const team = await buildTeam(suite.server.db, suite.cast.accountA.id, [
        suite.cast.users.organizer.user.id,
        suite.cast.users.overseer.user.id,
      ]);
      await listOnEvent(suite.server.db, event.id, { teamIds: [team.id] });
      const path = `${events}/${event.id}`;
      const listed = await organizer.get(path);
      expect(listed.body.abilities).toMatchObject({ delete: false, update: true });
      for (const client of [organizer, overseer]) {
        const refused = await expectNoChange(suite.server.db, () => client.delete(path));
        expect(refused.status).toBe(409);
        expect(refused.body.error).toMatchObject({
          code: "event_not_deleted",
          message: "Event could not be deleted. Reason: the event is linked to a team you belong to",
        });
      }
      const french = await organizer.delete(path, { lang: "fr" });
      expect(french.body.error.message).toBe(
        "L'événement n'a pas pu être supprimé. Raison : l'événement est lié à une équipe dont vous faites partie",
      );
      // Someone outside the team may.
      expect((await suite.cast.client("administrator").delete(path)).status).toBe(200);
    });

    it("keeps an event that issued invoices (kept ten years): 409 event_not_deleted with the reason, in the caller's language", async () => {
      const { db } = suite.server;
      const event = await buildEvent(db, suite.cast.accountA.id, { createdBy: suite.cast.users.organizer.user.id });
      await billEventBy(db, event, await buildOrganizer(db, event.accountId));
      const buyer = await buildGuest(db, event, { firstName: "Lou" });
      const { order } = await buildOrder(db, event, {
        guestId: buyer.id,
        items: [{ ticket: await buildTicket(db, event) }],
      });
      const path = `${events}/${event.id}`;
      // Without an invoice yet, nothing stands in the way; the refusal comes with the first one.
      expect((await organizer.get(path)).body.abilities).toMatchObject({ delete: true });
      await db.transaction((trx) => issueInvoice(trx, order.id, new Date()));
      const refused = await expectNoChange(db, () => organizer.delete(path));
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({
        code: "event_not_deleted",
        message:
          "Event could not be deleted. Reason: it has issued invoices or credit notes, which must be kept for 10 years: archive it instead",
      });
      expect((await organizer.delete(path, { lang: "fr" })).body.error.message).toBe(
        "L'événement n'a pas pu être supprimé. Raison : il a émis des factures ou des avoirs, qui doivent être conservés 10 ans : archivez-le plutôt",
      );
      expect(await db("invoices").where({ eventId: event.id })).toHaveLength(1);
    });
  });

  describe("duplicate", () => {
    it("copies the settings and access lists (not the slug, domains or archived state) and runs the copiers", async () => {
      const seen: { from: string; to: string }[] = [];
      unregister.push(
        addHook(suite.server.deps.hooks.eventCopiers, async (trx, { from, to }) => {
          seen.push({ from: from.id, to: to.id });
          await trx("auditLogs").insert({
            id: crypto.randomUUID(),
            accountId: to.accountId,
            eventId: to.id,
            action: "test.copied",
            subjectType: "event",
            subjectId: from.id,
            createdAt: new Date().toISOString(),
          });
        }),
      );
      const team = await buildTeam(suite.server.db, suite.cast.accountA.id);
      const source = await buildEvent(suite.server.db, suite.cast.accountA.id, {
        name: "Source",
        startsAt: new Date("2031-01-01T09:00:00.000Z"),
        endsAt: new Date("2031-01-01T18:00:00.000Z"),
        timezone: "Europe/Madrid",
        venueName: "Hall",
        latitude: 1.5,
        languages: ["fr", "es"],
        socialLinks: { youtube: "https://youtube.com/source" },
        modules: { forms: false },
        whiteLabel: { hideTesseraBranding: true },
        retentionDays: 12,
        maxAttendees: 40,
        isArchived: true,
        archivedAt: new Date(),
      });
      await suite.server.db("eventDomains").insert({ domain: `${source.slug}.example.org`, eventId: source.id });
      await listOnEvent(suite.server.db, source.id, {
        userIds: [suite.cast.users.organizer.user.id],
        teamIds: [team.id],
      });

      const slug = uniqueSlug("copy");
      const response = await organizer.post(`${events}/${source.id}/duplicate`, { name: "The copy", slug });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      const copy = response.body;
      expect(copy).toMatchObject({
        name: "The copy",
        slug,
        startsAt: "2031-01-01T09:00:00.000Z",
        endsAt: "2031-01-01T18:00:00.000Z",
        timezone: "Europe/Madrid",
        venueName: "Hall",
        latitude: 1.5,
        languages: ["fr", "es"],
        socialLinks: { youtube: "https://youtube.com/source" },
        modules: { forms: false },
        whiteLabel: { hideTesseraBranding: true },
        retentionDays: 12,
        maxAttendees: 40,
        isArchived: false,
        archivedAt: null,
        customDomains: [],
        createdBy: suite.cast.users.organizer.user.id,
      });
      expect(copy.id).not.toBe(source.id);
      const access = (await overseer.get(`${events}/${copy.id}?expand=access`)).body.access;
      expect(access.users.map((user: { id: string }) => user.id)).toEqual([suite.cast.users.organizer.user.id]);
      expect(access.teams).toEqual([{ id: team.id, name: team.name, memberCount: 0 }]);
      expect(seen).toEqual([{ from: source.id, to: copy.id }]);
      expect(await actionsOf(copy.id)).toEqual(["test.copied", "event.duplicated"]);
      const audit = await AuditLog.query(suite.server.db).findOne({ eventId: copy.id, action: "event.duplicated" });
      expect(audit!.after).toMatchObject({ duplicatedFrom: source.id, slug, name: "The copy" });
    });

    it("rolls everything back when a copier fails", async () => {
      const source = await buildEvent(suite.server.db, suite.cast.accountA.id);
      await listOnEvent(suite.server.db, source.id, { userIds: [suite.cast.users.reader.user.id] });
      unregister.push(
        addHook(suite.server.deps.hooks.eventCopiers, async (trx, { to }) => {
          await trx("eventUsers").insert({
            eventId: to.id,
            userId: suite.cast.users.editor.user.id,
            createdAt: new Date().toISOString(),
          });
          throw new Error("copier broke");
        }),
      );
      const response = await expectNoChange(suite.server.db, () =>
        overseer.post(`${events}/${source.id}/duplicate`, { name: "Broken", slug: uniqueSlug() }),
      );
      expect(response.status).toBe(500);
    });

    it("refuses a taken slug (409) and an editor (403)", async () => {
      const source = await buildEvent(suite.server.db, suite.cast.accountA.id);
      await listOnEvent(suite.server.db, source.id, { userIds: [suite.cast.users.editor.user.id] });
      const taken = await expectNoChange(suite.server.db, () =>
        overseer.post(`${events}/${source.id}/duplicate`, { name: "Copy", slug: source.slug }),
      );
      expect(taken.status).toBe(409);
      expect(taken.body.error.code).toBe("slug_taken");
      const reserved = await overseer.post(`${events}/${source.id}/duplicate`, { name: "Copy", slug: "static" });
      expect(reserved.status).toBe(422);
      const editor = await expectNoChange(suite.server.db, () =>
        suite.cast.client("editor").post(`${events}/${source.id}/duplicate`, { name: "Copy", slug: uniqueSlug() }),
      );
      expect(editor.status).toBe(403);
    });
  });

  describe("access rights", () => {
    it("grants and revokes users and teams, records each change, and ignores repeats", async () => {
      const event = await buildEvent(suite.server.db, suite.cast.accountA.id);
      const path = `${events}/${event.id}`;
      const editor = suite.cast.users.editor.user;
      expect((await suite.cast.client("editor").get(path)).status).toBe(404);

      const granted = await overseer.put(`${path}/administrators/${editor.id}`);
      expect(granted.status).toBe(200);
      expect(granted.body.access.users.map((user: { id: string }) => user.id)).toEqual([editor.id]);
      expect((await overseer.put(`${path}/administrators/${editor.id}`)).status).toBe(200);
      expect((await suite.cast.client("editor").get(path)).status).toBe(200);

      const team = await buildTeam(suite.server.db, suite.cast.accountA.id, [suite.cast.users.reader.user.id]);
      const withTeam = await overseer.put(`${path}/teams/${team.id}`);
      expect(withTeam.body.access.teams).toEqual([{ id: team.id, name: team.name, memberCount: 1 }]);
      expect((await suite.cast.client("reader").get(path)).status).toBe(200);

      expect((await overseer.delete(`${path}/administrators/${editor.id}`)).body.access.users).toEqual([]);
      expect((await overseer.delete(`${path}/administrators/${editor.id}`)).status).toBe(200);
      expect((await overseer.delete(`${path}/teams/${team.id}`)).body.access.teams).toEqual([]);
      expect((await suite.cast.client("editor").get(path)).status).toBe(404);

      const audit = await AuditLog.query(suite.server.db).where({ eventId: event.id }).orderBy("createdAt");
      expect(audit.map((entry) => [entry.action, entry.after ?? entry.before])).toEqual([
        ["event.access_granted", { userId: editor.id }],
        ["event.access_granted", { teamId: team.id }],
        ["event.access_revoked", { userId: editor.id }],
        ["event.access_revoked", { teamId: team.id }],
      ]);
    });

    it("refuses users and teams of another account, and platform administrators", async () => {
      const event = await buildEvent(suite.server.db, suite.cast.accountA.id);
      const path = `${events}/${event.id}`;
      for (const userId of [
        suite.cast.users.outsider.user.id,
        suite.cast.users.administrator.user.id,
        suite.cast.accountB.id,
      ]) {
        const refused = await expectNoChange(suite.server.db, () => overseer.put(`${path}/administrators/${userId}`));
        expect(refused.status).toBe(422);
        expect(refused.body.error).toMatchObject({
          code: "not_account_member",
          message: "This user does not belong to the account.",
        });
      }
      const french = await overseer.put(`${path}/administrators/${suite.cast.users.outsider.user.id}`, undefined, {
        lang: "fr",
      });
      expect(french.body.error.message).toBe("Cet utilisateur n'appartient pas au compte.");
      const foreignTeam = await buildTeam(suite.server.db, suite.cast.accountB.id);
      const team = await expectNoChange(suite.server.db, () => overseer.put(`${path}/teams/${foreignTeam.id}`));
      expect(team.status).toBe(404);
    });
  });

  describe("event limit", () => {
    async function limitedAccount(maxEvents: number) {
      const account = await buildAccount(suite.server.db, { maxEvents });
      const user = await buildUser(suite.server.db, { accountId: account.id, role: "overseer" });
      const client = suite.server.http.as(await sessionTokenFor(suite.server.db, suite.server.config, user));
      return { account, client, path: `/api/v1/accounts/${account.id}/events` };
    }

    it("counts archived events and refuses creation and duplication beyond (409 event_limit_reached)", async () => {
      const { account, client, path } = await limitedAccount(2);
      await buildEvent(suite.server.db, account.id, { isArchived: true });
      const created = await client.post(path, { name: "Second", slug: uniqueSlug() });
      expect(created.status).toBe(201);
      const refused = await expectNoChange(suite.server.db, () =>
        client.post(path, { name: "Third", slug: uniqueSlug() }),
      );
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({ code: "event_limit_reached", message: "Event limit reached." });
      const french = await client.post(path, { name: "Third", slug: uniqueSlug() }, { lang: "fr" });
      expect(french.body.error.message).toBe("Limite d'événements atteinte.");
      const duplicate = await expectNoChange(suite.server.db, () =>
        client.post(`${path}/${created.body.id}/duplicate`, { name: "Copy", slug: uniqueSlug() }),
      );
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.error.code).toBe("event_limit_reached");
      expect((await client.delete(`${path}/${created.body.id}`)).status).toBe(200);
      expect((await client.post(path, { name: "Again", slug: uniqueSlug() })).status).toBe(201);
    });

    it("holds under concurrent creations: exactly the limit is created", async () => {
      const { account, client, path } = await limitedAccount(3);
      const responses = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          client.post(path, { name: `Rush ${index}`, slug: uniqueSlug("rush") }),
        ),
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(3);
      expect(statuses.filter((status) => status === 409)).toHaveLength(9);
      expect(await Event.query(suite.server.db).where({ accountId: account.id }).resultSize()).toBe(3);
    });
  });
});
