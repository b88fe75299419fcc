import { beforeAll, describe, expect, it } from "vitest";
import { Account } from "../../../api/src/models/Account.ts";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import { Event } from "../../../api/src/models/Event.ts";
import { expectNoChange } from "../../helpers/actors.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent, buildImage, uniqueSlug } from "../../helpers/events.ts";
import type { HttpClient } from "../../helpers/http.ts";
import { useCastServer } from "../../helpers/suite.ts";

/** Spec §3 Event fields and §5 rules: defaults, slug, time zone, dates, images, domains, admin-only fields, audit. */

describe.each(databaseKinds())("event fields and rules on %s", (kind) => {
  const suite = useCastServer(kind);
  let organizer: HttpClient;
  let overseer: HttpClient;
  let admin: HttpClient;
  let events: string;

  beforeAll(async () => {
    organizer = suite.cast.client("organizer");
    overseer = suite.cast.client("overseer");
    admin = suite.cast.client("administrator");
    events = `/api/v1/accounts/${suite.cast.accountA.id}/events`;
  });

  const auditOf = (eventId: string) => AuditLog.query(suite.server.db).where({ eventId }).orderBy("createdAt");

  it("creates an event with the platform defaults and records it", async () => {
    const slug = uniqueSlug("defaults");
    const response = await organizer.post(events, { name: "  Salon du Livre  ", slug });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const event = response.body;
    expect(event).toMatchObject({
      accountId: suite.cast.accountA.id,
      name: "Salon du Livre",
      slug,
      timezone: "Europe/Paris",
      languages: ["en"],
      isAllDay: false,
      startsAt: null,
      status: "undated",
      isArchived: false,
      customDomains: [],
      createdBy: suite.cast.users.organizer.user.id,
      socialLinks: { facebook: null, twitter: null, linkedin: null, youtube: null, instagram: null },
      whiteLabel: { hideTesseraBranding: false, customEmailFooter: false, customDomainOnly: false },
      abilities: {
        update: true,
        delete: true,
        duplicate: true,
        archive: true,
        manageAccess: false,
        adminSettings: false,
      },
    });
    expect(Object.keys(event.modules).length).toBeGreaterThan(0);
    expect(Object.entries(event.modules).filter(([, enabled]) => !enabled)).toEqual([]);
    expect(Object.keys(event.modules)).toContain("ticketing");
    const [audit] = await auditOf(event.id);
    expect(audit).toMatchObject({
      action: "event.created",
      subjectType: "event",
      subjectId: event.id,
      accountId: suite.cast.accountA.id,
      eventId: event.id,
      actorUserId: suite.cast.users.organizer.user.id,
    });
    expect(audit!.after).toMatchObject({ slug, name: "Salon du Livre" });
  });

  it("fills left-out fields from the account's default event params", async () => {
    await Account.query(suite.server.db)
      .findById(suite.cast.accountA.id)
      .patch({
        defaultEventParams: { timezone: "America/New_York", languages: ["fr", "en"], maxCompanions: 2, country: "FR" },
      });
    try {
      const defaulted = await organizer.post(events, { name: "Defaulted", slug: uniqueSlug() });
      expect(defaulted.body).toMatchObject({
        timezone: "America/New_York",
        languages: ["fr", "en"],
        maxCompanions: 2,
        country: "FR",
      });
      const given = await organizer.post(events, {
        name: "Given",
        slug: uniqueSlug(),
        timezone: "Asia/Tokyo",
        languages: ["es"],
        maxCompanions: null,
      });
      expect(given.body).toMatchObject({
        timezone: "Asia/Tokyo",
        languages: ["es"],
        maxCompanions: null,
        country: "FR",
      });
    } finally {
      await Account.query(suite.server.db).findById(suite.cast.accountA.id).patch({ defaultEventParams: null });
    }
  });

  it("stores every field of spec §3 and presents the images", async () => {
    const banner = await buildImage(suite.server.db, suite.cast.accountA.id, "banner");
    const logo = await buildImage(suite.server.db, suite.cast.accountA.id, "logo");
    const body = {
      name: "Full",
      slug: uniqueSlug("full"),
      startsAt: "2031-05-01T08:00:00.000Z",
      endsAt: "2031-05-02T18:00:00.000Z",
      isAllDay: true,
      timezone: "Europe/Madrid",
      venueName: "Palacio",
      address: "Calle Mayor 1, Madrid",
      country: "ES",
      latitude: 40.4168,
      longitude: -3.7038,
      moreInformation: "Bring your badge.",
      registrationClosesAt: "2031-04-25T22:00:00.000Z",
      maxAttendees: 500,
      maxCompanions: 1,
      languages: ["es", "en"],
      socialLinks: { facebook: "https://facebook.com/full", instagram: "https://instagram.com/full" },
      bannerImageId: banner.id,
      logoImageId: logo.id,
      faviconImageId: null,
      whiteLabel: { hideTesseraBranding: true },
      modules: { ticketing: false },
      retentionDays: 365,
      maxOfflineCheckinSessions: 4,
      customDomains: ["full.example.org"],
    };
    const response = await admin.post(events, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const { customDomains: _typed, ...echoed } = body;
    expect(response.body).toMatchObject({
      ...echoed,
      socialLinks: { ...body.socialLinks, twitter: null, linkedin: null, youtube: null },
      whiteLabel: { hideTesseraBranding: true, customEmailFooter: false },
      modules: { ticketing: false, forms: true },
      customDomains: ["full.example.org"],
      status: "upcoming",
      banner: { id: banner.id, url: `/media/images/${banner.id}`, width: 64, height: 32 },
      logo: { id: logo.id },
      favicon: null,
      createdBy: suite.cast.users.administrator.user.id,
      abilities: { manageAccess: true, adminSettings: true },
    });
    const fetched = await organizer.get(`${events}/${response.body.id}`);
    expect(fetched.status).toBe(404); // created by the administrator, organizer not listed
    const asOverseer = await overseer.get(`${events}/${response.body.id}`);
    expect(asOverseer.body).toMatchObject({ ...echoed, customDomains: ["full.example.org"] });
  });

  describe("slug", () => {
    it("refuses a malformed or reserved slug (422) in the caller's language", async () => {
      const tooLong = await expectNoChange(suite.server.db, () =>
        organizer.post(events, { name: "Bad", slug: "a".repeat(51) }),
      );
      expect(tooLong.status).toBe(422);
      expect(tooLong.body.error.details[0]).toMatchObject({ field: "slug" });
      for (const slug of ["Abc-def", "with space", "trailing-", "double--dash", "é-accent"]) {
        const response = await expectNoChange(suite.server.db, () => organizer.post(events, { name: "Bad", slug }));
        expect(response.status, slug).toBe(422);
        expect(response.body.error.details).toEqual([expect.objectContaining({ field: "slug", code: "slug_format" })]);
        expect(response.body.error.message).toBe(
          "The URL must have 3 to 50 characters: lowercase letters, digits and dashes.",
        );
      }
      const reserved = await expectNoChange(suite.server.db, () =>
        organizer.post(events, { name: "Bad", slug: "admin" }),
      );
      expect(reserved.status).toBe(422);
      expect(reserved.body.error.details).toEqual([expect.objectContaining({ field: "slug", code: "slug_reserved" })]);
      expect(reserved.body.error.message).toBe("This URL is reserved.");
      const desk = await organizer.post(events, { name: "Bad", slug: "desk" });
      expect(desk.body.error.details).toEqual([expect.objectContaining({ field: "slug", code: "slug_reserved" })]);
      const french = await organizer.post(events, { name: "Bad", slug: "api" }, { lang: "fr" });
      expect(french.body.error.message).toBe("Cette URL est réservée.");
      const frenchFormat = await organizer.post(events, { name: "Bad", slug: "x" }, { lang: "fr" });
      expect(frenchFormat.body.error.message).toBe(
        "L'URL doit contenir de 3 à 50 caractères : lettres minuscules, chiffres et tirets.",
      );
      expect((await organizer.post(events, { name: "Ok", slug: "a".repeat(50) })).status).toBe(201);
      expect((await organizer.post(events, { name: "Ok", slug: "abc" })).status).toBe(201);
    });

    it("is unique across the platform (409 slug_taken)", async () => {
      const other = await buildEvent(suite.server.db, suite.cast.accountB.id);
      const taken = await expectNoChange(suite.server.db, () =>
        organizer.post(events, { name: "Same", slug: other.slug }),
      );
      expect(taken.status).toBe(409);
      expect(taken.body.error).toMatchObject({
        code: "slug_taken",
        message: "This URL is already used by another event.",
      });
      const french = await organizer.post(events, { name: "Same", slug: other.slug }, { lang: "fr" });
      expect(french.body.error.message).toBe("Cette URL est déjà utilisée par un autre événement.");
    });

    it("lets two simultaneous creations of one slug give exactly one event", async () => {
      const slug = uniqueSlug("race");
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, index) => overseer.post(events, { name: `Race ${index}`, slug })),
      );
      expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      expect(await Event.query(suite.server.db).where({ slug }).resultSize()).toBe(1);
    });

    it("cannot change after creation (422 slug_immutable); sending it unchanged is fine", async () => {
      const event = (await organizer.post(events, { name: "Fixed", slug: uniqueSlug("fixed") })).body;
      const path = `${events}/${event.id}`;
      const changed = await expectNoChange(suite.server.db, () =>
        organizer.post(path, { name: "Other", slug: uniqueSlug("moved") }),
      );
      expect(changed.status).toBe(422);
      expect(changed.body.error.details).toEqual([expect.objectContaining({ field: "slug", code: "slug_immutable" })]);
      expect(changed.body.error.message).toBe("The URL cannot be changed after the event is created.");
      const french = await organizer.post(path, { slug: uniqueSlug("moved") }, { lang: "fr" });
      expect(french.body.error.message).toBe("L'URL ne peut plus être modifiée après la création de l'événement.");
      const same = await organizer.post(path, { name: "Other", slug: event.slug });
      expect(same.status).toBe(200);
      expect(same.body).toMatchObject({ name: "Other", slug: event.slug });
    });
  });

  it("refuses a blank name (422)", async () => {
    const blank = await expectNoChange(suite.server.db, () =>
      organizer.post(events, { name: "   ", slug: uniqueSlug() }),
    );
    expect(blank.status).toBe(422);
    expect(blank.body.error.details).toEqual([expect.objectContaining({ field: "name", code: "required" })]);
    const event = await buildEvent(suite.server.db, suite.cast.accountA.id, {
      createdBy: suite.cast.users.organizer.user.id,
    });
    const renamed = await expectNoChange(suite.server.db, () => organizer.post(`${events}/${event.id}`, { name: "" }));
    expect(renamed.status).toBe(422);
  });

  it("refuses an unknown time zone (422 timezone_invalid) in en and fr", async () => {
    for (const timezone of ["Mars/Olympus_Mons", "Europe/Pariss"]) {
      const response = await expectNoChange(suite.server.db, () =>
        organizer.post(events, { name: "Tz", slug: uniqueSlug(), timezone }),
      );
      expect(response.status).toBe(422);
      expect(response.body.error.details).toEqual([
        { field: "timezone", code: "timezone_invalid", message: "This time zone is not valid." },
      ]);
    }
    const french = await organizer.post(
      events,
      { name: "Tz", slug: uniqueSlug(), timezone: "Nowhere/City" },
      { lang: "fr" },
    );
    expect(french.body.error.message).toBe("Ce fuseau horaire n'est pas valide.");
    const schemaLevel = await organizer.post(events, { name: "Tz", slug: uniqueSlug(), timezone: "not a zone!" });
    expect(schemaLevel.body.error.details[0]).toMatchObject({ field: "timezone", code: "timezone_invalid" });
  });

  it("refuses an end before the start (422 ends_before_start), also against the stored start", async () => {
    const refused = await expectNoChange(suite.server.db, () =>
      organizer.post(events, {
        name: "Backwards",
        slug: uniqueSlug(),
        startsAt: "2031-05-02T08:00:00.000Z",
        endsAt: "2031-05-01T08:00:00.000Z",
      }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.error.details).toEqual([
      { field: "endsAt", code: "ends_before_start", message: "The end must come after the start." },
    ]);
    const event = (
      await organizer.post(events, { name: "Dated", slug: uniqueSlug(), startsAt: "2031-05-02T08:00:00.000Z" })
    ).body;
    const path = `${events}/${event.id}`;
    const french = await expectNoChange(suite.server.db, () =>
      organizer.post(path, { endsAt: "2031-05-01T08:00:00.000Z" }, { lang: "fr" }),
    );
    expect(french.status).toBe(422);
    expect(french.body.error.message).toBe("La fin doit être postérieure au début.");
    const sameInstant = await organizer.post(path, { endsAt: "2031-05-02T08:00:00.000Z" });
    expect(sameInstant.status).toBe(200);
  });

  it("accepts only images of the event's own account (422 invalid_value on the field)", async () => {
    const foreign = await buildImage(suite.server.db, suite.cast.accountB.id, "logo");
    const refused = await expectNoChange(suite.server.db, () =>
      organizer.post(events, { name: "Img", slug: uniqueSlug(), logoImageId: foreign.id }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.error.details).toEqual([
      expect.objectContaining({ field: "logoImageId", code: "invalid_value" }),
    ]);
    const event = (await organizer.post(events, { name: "Img", slug: uniqueSlug() })).body;
    const unknown = await expectNoChange(suite.server.db, () =>
      organizer.post(`${events}/${event.id}`, { bannerImageId: suite.cast.accountB.id }),
    );
    expect(unknown.body.error.details).toEqual([
      expect.objectContaining({ field: "bannerImageId", code: "invalid_value" }),
    ]);
  });

  describe("admin-only fields", () => {
    const adminBodies = [
      { whiteLabel: { hideTesseraBranding: false } },
      { modules: { forms: true } },
      { retentionDays: 30 },
      { maxOfflineCheckinSessions: 2 },
      { customDomains: [] },
    ];

    it("are refused to an overseer even unchanged (403), with nothing changed", async () => {
      const event = await buildEvent(suite.server.db, suite.cast.accountA.id);
      for (const body of adminBodies) {
        const update = await expectNoChange(suite.server.db, () =>
          overseer.post(`${events}/${event.id}`, { name: "Sneaky", ...body }),
        );
        expect(update.status, JSON.stringify(body)).toBe(403);
        expect(update.body.error.code).toBe("forbidden");
        const create = await expectNoChange(suite.server.db, () =>
          overseer.post(events, { name: "Sneaky", slug: uniqueSlug(), ...body }),
        );
        expect(create.status, JSON.stringify(body)).toBe(403);
      }
    });

    it("are accepted from a platform administrator and merged flag by flag", async () => {
      const event = await buildEvent(suite.server.db, suite.cast.accountA.id);
      const response = await admin.post(`${events}/${event.id}`, {
        whiteLabel: { customDomainOnly: true },
        modules: { forms: false, photos: false },
        retentionDays: 90,
        maxOfflineCheckinSessions: 3,
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body).toMatchObject({
        whiteLabel: { customDomainOnly: true, hideTesseraBranding: false },
        modules: { forms: false, photos: false, ticketing: true },
        retentionDays: 90,
        maxOfflineCheckinSessions: 3,
      });
      const audit = (await auditOf(event.id)).at(-1)!;
      expect(audit.action).toBe("event.updated");
      expect(Object.keys(audit.after!).sort()).toEqual([
        "maxOfflineCheckinSessions",
        "modules",
        "retentionDays",
        "whiteLabel",
      ]);
      expect(audit.before).toMatchObject({ retentionDays: null, maxOfflineCheckinSessions: null });
    });
  });

  describe("custom domains", () => {
    it("are replaced as a list and unique across accounts (409 domain_taken)", async () => {
      const first = await buildEvent(suite.server.db, suite.cast.accountA.id);
      const set = await admin.post(`${events}/${first.id}`, {
        customDomains: ["www.fest.example.com", "fest.example.com"],
      });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      expect(set.body.customDomains).toEqual(["fest.example.com", "www.fest.example.com"]);

      const otherAccount = await buildEvent(suite.server.db, suite.cast.accountB.id);
      const bEvents = `/api/v1/accounts/${suite.cast.accountB.id}/events`;
      const taken = await expectNoChange(suite.server.db, () =>
        admin.post(`${bEvents}/${otherAccount.id}`, { name: "Thief", customDomains: ["fest.example.com"] }),
      );
      expect(taken.status).toBe(409);
      expect(taken.body.error).toMatchObject({
        code: "domain_taken",
        message: "This domain name is already used by another event.",
      });
      const takenOnCreate = await expectNoChange(suite.server.db, () =>
        admin.post(bEvents, { name: "Thief", slug: uniqueSlug(), customDomains: ["www.fest.example.com"] }),
      );
      expect(takenOnCreate.status).toBe(409);

      const replaced = await admin.post(`${events}/${first.id}`, { customDomains: ["fest.example.com"] });
      expect(replaced.body.customDomains).toEqual(["fest.example.com"]);
      const freed = await admin.post(`${bEvents}/${otherAccount.id}`, { customDomains: ["www.fest.example.com"] });
      expect(freed.status).toBe(200);
      expect(freed.body.customDomains).toEqual(["www.fest.example.com"]);
    });

    it("must be host names (422 hostname_format)", async () => {
      const event = await buildEvent(suite.server.db, suite.cast.accountA.id);
      // Lowercase only: the web form lowercases what is typed (parseDomainList), the API stores it as sent.
      for (const domain of [
        "not a host",
        "localhost",
        "-bad.example.com",
        "http://x.example.com",
        "Upper.Example.com",
      ]) {
        const response = await expectNoChange(suite.server.db, () =>
          admin.post(`${events}/${event.id}`, { customDomains: [domain] }),
        );
        expect(response.status, domain).toBe(422);
        expect(response.body.error.details[0]).toMatchObject({ field: "customDomains.0", code: "hostname_format" });
      }
    });
  });

  it("records only the changed fields of an update, and nothing for an update that changes nothing", async () => {
    const event = (await organizer.post(events, { name: "Audited", slug: uniqueSlug(), venueName: "Old hall" })).body;
    const path = `${events}/${event.id}`;
    const updated = await organizer.post(path, {
      name: "Audited",
      venueName: "New hall",
      socialLinks: { twitter: "https://twitter.com/audited" },
    });
    expect(updated.status).toBe(200);
    const audit = (await auditOf(event.id)).at(-1)!;
    expect(audit).toMatchObject({
      action: "event.updated",
      eventId: event.id,
      before: { venueName: "Old hall", socialLinks: {} },
      after: { venueName: "New hall", socialLinks: { twitter: "https://twitter.com/audited" } },
    });
    const cleared = await organizer.post(path, { socialLinks: { twitter: null } });
    expect(cleared.body.socialLinks.twitter).toBeNull();
    const count = (await auditOf(event.id)).length;
    const unchanged = await organizer.post(path, { name: "Audited", venueName: "New hall" });
    expect(unchanged.status).toBe(200);
    expect((await auditOf(event.id)).length).toBe(count);
  });
});
