import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Event } from "../../../api/src/models/Event.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildGuest } from "../../helpers/guests.ts";
import { pngImage } from "../../helpers/imageFixtures.ts";
import {
  buildListedEvent,
  describeRows,
  expectMatrixCall,
  expectUnlistedNotFound,
  LISTED_MEMBERS,
  READ,
  write,
  type MatrixCall,
  type MatrixRow,
} from "../../helpers/matrix.ts";
import { useCastServer } from "../../helpers/suite.ts";

/**
 * Every e-badge route × every kind of caller (QUALITY.md, tenant isolation). Each call targets a fresh event of
 * account A with a template (and its background), a guest printed once and a finished bulk print, listed for
 * the reader, editor and organizer: reading needs events.read, writing and printing events.update; outsiders
 * get 404; refused calls change nothing.
 */

interface Target {
  a: string;
  e: string;
  base: string;
  badgeId: string;
  guestId: string;
  printId: string;
  batchId: string;
}

const ROWS: MatrixRow<[Target], MatrixCall>[] = [
  { name: "GET ebadges", expect: READ, call: (t) => ({ method: "GET", path: t.base }) },
  {
    name: "GET accounts/{a}/ebadges",
    expect: READ,
    call: (t) => ({ method: "GET", path: `/api/v1/accounts/${t.a}/ebadges?event=${t.e}` }),
  },
  {
    name: "POST ebadges",
    expect: write(201),
    call: (t) => ({
      method: "POST",
      path: t.base,
      body: { name: "VIP", conditions: { guest: "company", op: "contains", value: "nobody" } },
    }),
  },
  { name: "GET ebadges/conditions", expect: READ, call: (t) => ({ method: "GET", path: `${t.base}/conditions` }) },
  {
    name: "POST ebadges/conditions",
    expect: write(200),
    call: (t) => ({
      method: "POST",
      path: `${t.base}/conditions`,
      body: { conditions: { [t.badgeId]: { guest: "status", op: "in", value: ["confirmed"] } } },
    }),
  },
  {
    name: "POST ebadges/prints",
    expect: write(201),
    call: (t) => ({ method: "POST", path: `${t.base}/prints`, body: { guestId: t.guestId, reason: "Lost" } }),
  },
  {
    name: "GET ebadges/prints/{id}/pdf",
    expect: READ,
    call: (t) => ({ method: "GET", path: `${t.base}/prints/${t.printId}/pdf` }),
  },
  {
    name: "GET users/{id}/ebadge-prints",
    expect: READ,
    call: (t) => ({ method: "GET", path: `/api/v1/events/${t.a}/${t.e}/users/${t.guestId}/ebadge-prints` }),
  },
  {
    name: "POST ebadges/batches",
    expect: write(202),
    call: (t) => ({ method: "POST", path: `${t.base}/batches`, body: { layout: "a7x8" } }),
  },
  {
    name: "GET ebadges/batches/{id}",
    expect: READ,
    call: (t) => ({ method: "GET", path: `${t.base}/batches/${t.batchId}` }),
  },
  {
    name: "GET ebadges/batches/{id}/pdf",
    expect: READ,
    call: (t) => ({ method: "GET", path: `${t.base}/batches/${t.batchId}/pdf` }),
  },
  { name: "GET ebadges/{id}", expect: READ, call: (t) => ({ method: "GET", path: `${t.base}/${t.badgeId}` }) },
  {
    name: "GET ebadges/{id}/background",
    expect: READ,
    call: (t) => ({ method: "GET", path: `${t.base}/${t.badgeId}/background` }),
  },
  {
    name: "POST ebadges/{id}",
    expect: write(200),
    call: (t) => ({ method: "POST", path: `${t.base}/${t.badgeId}`, body: { name: "Crew" } }),
  },
  {
    name: "POST ebadges/{id}/preview",
    expect: write(200),
    call: (t) => ({
      method: "POST",
      path: `${t.base}/${t.badgeId}/preview`,
      body: { draft: { name: "Draft", orientation: "landscape" }, guestId: t.guestId },
    }),
  },
  {
    name: "DELETE ebadges/{id}",
    expect: write(200),
    call: (t) => ({ method: "DELETE", path: `${t.base}/${t.badgeId}` }),
  },
  {
    name: "POST accounts/{a}/{e}/ebadges/{id}",
    expect: write(200),
    call: (t) => ({
      method: "POST",
      path: `/api/v1/accounts/${t.a}/${t.e}/ebadges/${t.badgeId}`,
      body: { format: "a6" },
    }),
  },
  {
    name: "DELETE accounts/{a}/{e}/ebadges/{id}",
    expect: write(200),
    call: (t) => ({ method: "DELETE", path: `/api/v1/accounts/${t.a}/${t.e}/ebadges/${t.badgeId}` }),
  },
];

describe.each(databaseKinds())("e-badges: role × route matrix on %s", (kind) => {
  const suite = useCastServer(kind);

  async function target(event?: Event): Promise<Target> {
    const { db, deps } = suite.server;
    const where = event ?? (await buildListedEvent(suite.cast));
    const now = new Date().toISOString();
    const badgeId = randomUUID();
    const background = `ebadges/${where.accountId}/${randomUUID()}.png`;
    await deps.storage.put(background, pngImage(210, 297), { contentType: "image/png" });
    await db("ebadges").insert({
      id: badgeId,
      accountId: where.accountId,
      eventId: where.id,
      name: "Staff",
      format: "a6",
      orientation: "portrait",
      isEnabled: true,
      blocks: JSON.stringify([{ id: "n", type: "guestField", field: "fullName", x: 5, y: 5, width: 90, height: 20 }]),
      conditions: null,
      backgroundStorageKey: background,
      backgroundName: "bg.png",
      backgroundMimeType: "image/png",
      backgroundSize: 100,
      backgroundWidth: 210,
      backgroundHeight: 297,
      createdAt: now,
      updatedAt: now,
    });
    const guest = await buildGuest(db, where, { firstName: "Mat", lastName: "Rix" });
    const printId = randomUUID();
    const batchId = randomUUID();
    const pdf = `ebadge-batches/${where.accountId}/${randomUUID()}.pdf`;
    await deps.storage.put(pdf, Buffer.from("%PDF-1.4\n%%EOF\n"), { contentType: "application/pdf" });
    await db("ebadgeBatches").insert({
      id: batchId,
      accountId: where.accountId,
      eventId: where.id,
      status: "done",
      layout: "page",
      query: "{}",
      total: 1,
      processed: 1,
      printed: 1,
      storageKey: pdf,
      size: 15,
      language: "en",
      createdAt: now,
    });
    await db("ebadgePrints").insert({
      id: printId,
      accountId: where.accountId,
      eventId: where.id,
      guestId: guest.id,
      ebadgeId: badgeId,
      batchId,
      printNumber: 1,
      source: "bulk",
      printedByGuest: false,
      createdAt: now,
    });
    return {
      a: where.accountId,
      e: where.id,
      base: `/api/v1/events/${where.accountId}/${where.id}/ebadges`,
      badgeId,
      guestId: guest.id,
      printId,
      batchId,
    };
  }

  describeRows(ROWS, async (row, member) =>
    expectMatrixCall(suite.cast, member, row.expect[member], row.call(await target())),
  );

  it("hides the e-badges of an event the caller is not tied to (404, nothing changes)", async () => {
    const t = await target(await buildEvent(suite.server.db, suite.cast.accountA.id));
    const eventRows = ROWS.filter((candidate) => !candidate.name.startsWith("GET accounts"));
    await expectUnlistedNotFound(suite.cast, eventRows, t);
    // The account's list answers, without the event's templates.
    for (const member of LISTED_MEMBERS) {
      const listed = await suite.cast.client(member).get(`/api/v1/accounts/${t.a}/ebadges`);
      expect(listed.body.data.map((badge: { id: string }) => badge.id)).not.toContain(t.badgeId);
    }
  });

  it("finds no template, print or batch of another event through this event's address (404)", async () => {
    const mine = await target();
    const other = await target();
    const client = suite.cast.client("overseer");
    for (const path of [
      `${mine.base}/${other.badgeId}`,
      `${mine.base}/prints/${other.printId}/pdf`,
      `${mine.base}/batches/${other.batchId}`,
      `/api/v1/events/${mine.a}/${mine.e}/users/${other.guestId}/ebadge-prints`,
    ])
      expect((await client.get(path)).status, path).toBe(404);
  });
});
