import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { Account } from "../../../api/src/models/Account.ts";
import { Event } from "../../../api/src/models/Event.ts";
import { Image } from "../../../api/src/models/Image.ts";
import { Team } from "../../../api/src/models/Team.ts";
import { User } from "../../../api/src/models/User.ts";
import { snapshotDatabase } from "../../helpers/actors.ts";
import {
  DEMO_EMAIL,
  DEMO_EVENT_SLUG,
  DEMO_READER_EMAIL,
  DEMO_TEAM_NAME,
  seedDemo,
  zonedInstant,
} from "../../../api/src/seed/demo.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { useTestServer } from "../../helpers/suite.ts";

const PASSWORD = "Demo-Password-2026";

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe.each(databaseKinds())("demo data on %s", (kind) => {
  const suite = useTestServer(kind);

  it("creates the sample event, its logo, the team and a reader, once", async () => {
    const now = new Date("2026-11-21T10:00:00Z");
    const credentials = await seedDemo(suite.server.db, PASSWORD, {
      passwordHashCost: suite.server.config.passwordHashCost,
      storage: suite.server.deps.storage,
      now,
    });
    expect(credentials).toMatchObject({ email: DEMO_EMAIL, readerEmail: DEMO_READER_EMAIL, password: PASSWORD });

    const account = await Account.query(suite.server.db).findOne({ name: "Demo" });
    const organizer = await User.query(suite.server.db).findOne({ email: DEMO_EMAIL });
    const reader = await User.query(suite.server.db).findOne({ email: DEMO_READER_EMAIL });
    expect(reader).toMatchObject({ role: "reader", accountId: account!.id, isActive: true });

    const event = await Event.query(suite.server.db).findOne({ slug: DEMO_EVENT_SLUG });
    expect(event).toMatchObject({
      accountId: account!.id,
      name: "Demo Conference 2026",
      timezone: "Europe/Paris",
      venueName: "Paris Expo Porte de Versailles",
      isArchived: false,
      createdBy: organizer!.id,
    });
    expect(event!.address).toContain("Paris");
    expect(event!.latitude).toBeCloseTo(48.83, 1);
    expect(event!.longitude).toBeCloseTo(2.29, 1);
    // 15 December 2026, 9:00 in Paris (UTC+1) to the 16th, 18:00.
    expect(event!.startsAt!.toISOString()).toBe("2026-12-15T08:00:00.000Z");
    expect(event!.endsAt!.toISOString()).toBe("2026-12-16T17:00:00.000Z");

    const logo = await Image.query(suite.server.db).findById(event!.logoImageId!);
    expect(logo).toMatchObject({ accountId: account!.id, kind: "logo", mimeType: "image/png", width: 64, height: 64 });
    const stored = await suite.server.deps.storage.get(logo!.storageKey);
    const png = await bytesOf(stored!.stream);
    expect(png.length).toBe(logo!.size);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([64, 64]);
    const idatLength = png.readUInt32BE(33);
    expect(png.subarray(37, 41).toString("ascii")).toBe("IDAT");
    expect(inflateSync(png.subarray(41, 41 + idatLength)).length).toBe(64 * (1 + 64 * 3));

    const served = await fetch(`${suite.server.baseUrl}/media/images/${logo!.id}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);

    const team = await Team.query(suite.server.db).findOne({ accountId: account!.id, name: DEMO_TEAM_NAME });
    expect(await suite.server.db("teamMembers").where({ teamId: team!.id }).select("userId")).toEqual([
      { userId: organizer!.id },
    ]);
    expect(await suite.server.db("eventTeams").where({ eventId: event!.id }).select("teamId")).toEqual([
      { teamId: team!.id },
    ]);

    const login = await suite.server.http.post("/api/v1/auth/login", { email: DEMO_READER_EMAIL, password: PASSWORD });
    expect(login.status).toBe(200);
    const teams = await suite.server.http
      .as(login.body.token)
      .get(`/api/v1/accounts/${account!.id}/teams?expand=members`);
    expect(teams.body.data).toEqual([expect.objectContaining({ name: DEMO_TEAM_NAME, memberCount: 1 })]);

    const before = await snapshotDatabase(suite.server.db);
    expect(
      await seedDemo(suite.server.db, PASSWORD, {
        passwordHashCost: suite.server.config.passwordHashCost,
        storage: suite.server.deps.storage,
        now,
      }),
    ).toBeNull();
    expect(await snapshotDatabase(suite.server.db)).toEqual(before);
  });

  it("dates the event next month whatever the month, in Paris time", () => {
    expect(zonedInstant("Europe/Paris", 2027, 7, 15, 9).toISOString()).toBe("2027-07-15T07:00:00.000Z");
    expect(zonedInstant("Europe/Paris", 2027, 1, 15, 9).toISOString()).toBe("2027-01-15T08:00:00.000Z");
    expect(zonedInstant("America/New_York", 2027, 1, 15, 9).toISOString()).toBe("2027-01-15T14:00:00.000Z");
  });
});

describe("demo data without a file storage", () => {
  const suite = useTestServer("sqlite");

  it("still creates the event, with no logo, and names the year after December's", async () => {
    await seedDemo(suite.server.db, PASSWORD, {
      passwordHashCost: suite.server.config.passwordHashCost,
      now: new Date("2026-12-20T10:00:00Z"),
    });
    const event = await Event.query(suite.server.db).findOne({ slug: DEMO_EVENT_SLUG });
    expect(event).toMatchObject({ name: "Demo Conference 2027", logoImageId: null });
    expect(event!.startsAt!.toISOString()).toBe("2027-01-15T08:00:00.000Z");
    expect(await Image.query(suite.server.db).resultSize()).toBe(0);
  });
});
