import { describe, expect, it } from "vitest";
import { verifyGuestCode } from "@tessera/shared";
import { verificationMaterial } from "../../../api/src/services/checkin-codes/verification.ts";
import enErrors from "../../../shared/src/i18n/en/errors.json" with { type: "json" };
import frErrors from "../../../shared/src/i18n/fr/errors.json" with { type: "json" };
import frValidation from "../../../shared/src/i18n/fr/validation.json" with { type: "json" };
import { databaseKinds } from "../../helpers/databases.ts";
import { fetchPdf, pdfInfo, pdfText, rasterise, rasteriseCells, readQrCodes } from "../../helpers/ebadges.ts";
import { buildEvent } from "../../helpers/events.ts";
import { listedUser } from "../../helpers/actors.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildCustomField, buildGuest, buildGuests } from "../../helpers/guests.ts";
import { bigPng, HTML_PAGE, JPEG_1X1, pngImage, WEBP_1X1 } from "../../helpers/imageFixtures.ts";
import { signedInGuestClient } from "../../helpers/portal.ts";
import { useTestServer } from "../../helpers/suite.ts";
import { postMultipart } from "../../helpers/uploads.ts";

/** An A4-shaped PNG (210 × 297 pixels: 1:√2). */
const A4_PNG = pngImage(210, 297);

const NAME_BLOCKS = [
  { id: "name", type: "guestField", field: "fullName", x: 5, y: 40, width: 95, height: 20, font: { size: 24 } },
  { id: "event", type: "eventName", x: 5, y: 10, width: 95, height: 12, align: "center", rotation: 0 },
  { id: "company", type: "guestField", field: "company", x: 5, y: 70, width: 95, height: 10, font: { weight: "bold" } },
];

/**
 * E-badges through the API (issue 12 item 5): templates and their validation, the background's sniffing and
 * size, one badge per guest with the guests named, prints and reprints, the PDFs read back by poppler, the bulk
 * PDF job and the guest's own badge in the portal.
 */
describe.each(databaseKinds())("e-badges on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp() {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id, { name: "Gala 2027" });
    const { user, token, http } = await listedUser(suite.server, event, {
      role: "editor",
      firstName: "Eda",
      lastName: "Editor",
    });
    const base = `/api/v1/events/${account.id}/${event.id}/ebadges`;
    return { db, http, token, account, event, user, base };
  }

  it("creates, reads, lists, changes and deletes templates, by our paths and the spec's", async () => {
    const { db, http, account, event, base } = await setUp();
    const created = await http.post(base, { name: " Staff ", blocks: NAME_BLOCKS });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      name: "Staff",
      format: "a4",
      orientation: "portrait",
      page: { width: 210, height: 297 },
      isEnabled: true,
      background: null,
      conditions: null,
      abilities: { update: true, delete: true, print: true },
    });
    expect(created.body.blocks).toEqual(NAME_BLOCKS);
    const path = `${base}/${created.body.id}`;
    expect((await http.get(path)).body.id).toBe(created.body.id);

    const changed = await http.post(path, { name: "Crew", format: "a6", orientation: "landscape" });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: "Crew", format: "a6", page: { width: 148, height: 105 } });
    expect((await http.get(base)).body.data.map((badge: { name: string }) => badge.name)).toEqual(["Crew"]);

    const specPath = `/api/v1/accounts/${account.id}/${event.id}/ebadges/${created.body.id}`;
    expect((await http.post(specPath, { isEnabled: false })).body.isEnabled).toBe(false);
    const accountList = await http.get(`/api/v1/accounts/${account.id}/ebadges?event=${event.id}`);
    expect(accountList.body.data.map((badge: { id: string }) => badge.id)).toEqual([created.body.id]);

    const other = await http.post(base, { name: "Speakers" });
    expect((await http.delete(`${base}/${other.body.id}`)).body).toEqual({ ok: true });
    expect((await http.delete(specPath)).body).toEqual({ ok: true });
    expect((await http.get(path)).status).toBe(404);

    const actions = await db("auditLogs").where({ eventId: event.id }).orderBy("createdAt").pluck("action");
    expect(actions).toEqual([
      "ebadge.created",
      "ebadge.updated",
      "ebadge.updated",
      "ebadge.created",
      "ebadge.deleted",
      "ebadge.deleted",
    ]);
  });

  it("refuses bad templates with the validation messages in the caller's language", async () => {
    const { http, base, event, db } = await setUp();
    const missing = await http.post(base, { blocks: [] }, { lang: "fr" });
    expect(missing.status).toBe(422);
    expect(missing.body.error.details).toContainEqual(
      expect.objectContaining({ field: "name", message: frValidation.required }),
    );
    const field = await buildCustomField(db, event, { label: "Diet" });
    const bad = await http.post(
      base,
      {
        name: "Staff",
        format: "a7",
        blocks: [
          { id: "t", type: "text", x: 1, y: 1, width: 10, height: 5 },
          { id: "t", type: "guestField", field: `cf:${field.id}`, x: 80, y: 1, width: 10, height: 5 },
          {
            id: "c",
            type: "guestField",
            field: "cf:00000000-0000-4000-8000-000000000000",
            x: 1,
            y: 1,
            width: 9,
            height: 5,
          },
        ],
      },
      { lang: "fr" },
    );
    expect(bad.status).toBe(422);
    const byField = Object.fromEntries(
      (bad.body.error.details as { field: string; message: string }[]).map((issue) => [issue.field, issue.message]),
    );
    expect(byField).toMatchObject({
      "blocks.0.text": frValidation.required,
      "blocks.1.id": frValidation.ebadge_block_id_taken,
      "blocks.1.x": "Ce bloc doit commencer sur la page (74 × 105 mm).",
      "blocks.2.field": frValidation.field_not_in_event,
    });
    const badRule = await http.post(base, { name: "Staff", conditions: { field: field.id, op: "in", value: ["x"] } });
    expect(badRule.status).toBe(422);
    expect(badRule.body.error.details[0].field).toMatch(/^conditions/);
    const badColour = await http.post(base, {
      name: "Staff",
      blocks: [{ id: "a", type: "eventName", x: 1, y: 1, width: 9, height: 5, font: { color: "red" } }],
    });
    expect(badColour.status).toBe(422);
    expect((await http.get(base)).body.data).toEqual([]);
  });

  it("takes an A4 JPEG or PNG background of at most 4 MB, judged from its content", async () => {
    const { http, base, token } = await setUp();
    const { body: badge } = await http.post(base, { name: "Staff" });
    const upload = (bytes: Buffer, fileName = "bg.png") =>
      postMultipart(suite.server.baseUrl, `${base}/${badge.id}/background`, {
        token,
        lang: "fr",
        files: [{ bytes, fileName, contentType: "image/png" }],
      });
    const html = await upload(HTML_PAGE);
    expect(html.status).toBe(422);
    expect(html.body).toMatchObject({
      error: { code: "unsupported_image_type", message: frErrors.unsupported_image_type },
    });
    expect((await upload(WEBP_1X1, "bg.webp")).body.error.code).toBe("unsupported_image_type");
    const square = await upload(JPEG_1X1, "bg.jpg");
    expect(square.body).toMatchObject({
      error: { code: "ebadge_background_not_a4", message: frErrors.ebadge_background_not_a4 },
    });
    const tooBig = await upload(bigPng(4 * 1024 * 1024 + 1));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.code).toBe("file_too_big");

    const landscape = await upload(pngImage(297, 210), "landscape.png");
    expect(landscape.status, JSON.stringify(landscape.body)).toBe(201);
    const set = await upload(A4_PNG, "gala.png");
    expect(set.status).toBe(201);
    expect(set.body.background).toEqual({
      name: "gala.png",
      mimeType: "image/png",
      size: A4_PNG.length,
      width: 210,
      height: 297,
    });
    const stored = await fetch(`${suite.server.baseUrl}${base}/${badge.id}/background`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(stored.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await stored.arrayBuffer()).equals(A4_PNG)).toBe(true);
    const removed = await http.post(`${base}/${badge.id}`, { removeBackground: true });
    expect(removed.body.background).toBeNull();
  });

  it("needs a badge to set conditions, and refuses conditions that give a guest two badges, naming them", async () => {
    const { db, http, base, event } = await setUp();
    const none = await http.post(`${base}/conditions`, { conditions: {} }, { lang: "fr" });
    expect(none.status).toBe(409);
    expect(none.body.error).toMatchObject({ code: "ebadge_required", message: frErrors.ebadge_required });

    const staff = (await http.post(base, { name: "Staff" })).body;
    const second = await http.post(base, { name: "Press" });
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({
      code: "ebadge_two_defaults",
      message: "Only one enabled e-badge may be without conditions: “Staff” and “Press” would both go to every guest.",
    });
    const press = (
      await http.post(base, { name: "Press", conditions: { guest: "company", op: "contains", value: "Times" } })
    ).body;
    // The default badge (no conditions) goes to the others: no overlap yet.
    await buildGuest(db, event, { firstName: "Ada", lastName: "Byron", company: "Times", status: "confirmed" });
    await buildGuest(db, event, { firstName: "Bob", lastName: "Stone", company: "Times", status: "refused" });
    await buildGuests(db, event, 1500, (i) => ({ firstName: `G${i}`, company: "Other", status: "confirmed" }));

    const overlap = await http.post(`${base}/conditions`, {
      conditions: { [staff.id]: { guest: "status", op: "in", value: ["confirmed"] } },
    });
    expect(overlap.status).toBe(409);
    expect(overlap.body.error.code).toBe("ebadge_conditions_overlap");
    expect(overlap.body.error.message).toBe("These conditions would give 1 guest more than one e-badge: Ada Byron.");
    expect(overlap.body.error.details).toEqual({
      total: 1,
      guests: [
        expect.objectContaining({
          name: "Ada Byron",
          ebadges: [
            { id: staff.id, name: "Staff" },
            { id: press.id, name: "Press" },
          ],
        }),
      ],
    });
    // Nothing changed.
    expect((await http.get(`${base}/conditions`)).body.data.map((c: { conditions: unknown }) => c.conditions)).toEqual([
      null,
      { guest: "company", op: "contains", value: "Times" },
    ]);

    const many = await http.post(`${base}/conditions`, {
      conditions: {
        [staff.id]: { guest: "company", op: "contains", value: "o" },
        [press.id]: { guest: "status", op: "in", value: ["confirmed"] },
      },
    });
    expect(many.status).toBe(409);
    expect(many.body.error.details.total).toBe(1500);
    expect(many.body.error.details.guests).toHaveLength(20);
    expect(many.body.error.message).toMatch(
      /^These conditions would give 1,?500 guests more than one e-badge: .+, …\.$/,
    );

    const fine = await http.post(`${base}/conditions`, {
      conditions: { [staff.id]: { not: { guest: "company", op: "contains", value: "Times" } } },
    });
    expect(fine.status, JSON.stringify(fine.body)).toBe(200);
    expect(fine.body.data[0].conditions).toEqual({ not: { guest: "company", op: "contains", value: "Times" } });
    const unknown = await http.post(`${base}/conditions`, {
      conditions: { "00000000-0000-4000-8000-000000000000": null },
    });
    expect(unknown.status).toBe(422);
    const actions = await db("auditLogs")
      .where({ eventId: event.id, action: "ebadge.conditions_updated" })
      .count({ n: "*" });
    expect(Number(actions[0]!.n)).toBe(1);
  });

  it("prints a guest's badge, asks why it is reprinted, logs every print and draws the PDF", async () => {
    const { db, http, base, event, user, token } = await setUp();
    const badge = (await http.post(base, { name: "Staff", format: "a6", blocks: NAME_BLOCKS })).body;
    await postMultipart(suite.server.baseUrl, `${base}/${badge.id}/background`, {
      token,
      files: [{ bytes: pngImage(105, 148), fileName: "bg.png" }],
    });
    const guest = await buildGuest(db, event, { firstName: "Zoë", lastName: "Łukasiewicz", company: "Ærø Ltd" });
    const first = await http.post(`${base}/prints`, { guestId: guest.id });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({
      guestId: guest.id,
      ebadgeId: badge.id,
      printNumber: 1,
      isReprint: false,
      source: "organizer",
      reason: null,
      printedBy: { type: "user", id: user.id, name: "Eda Editor" },
    });
    const again = await http.post(`${base}/prints`, { guestId: guest.id }, { lang: "fr" });
    expect(again.status).toBe(422);
    expect(again.body.error.details).toEqual([
      { field: "reason", code: "ebadge_reprint_reason_required", message: frValidation.ebadge_reprint_reason_required },
    ]);
    const reprint = await http.post(`${base}/prints`, { guestId: guest.id, reason: "Lost it" });
    expect(reprint.body).toMatchObject({ printNumber: 2, isReprint: true, reason: "Lost it" });
    const log = await http.get(`/api/v1/events/${event.accountId}/${event.id}/users/${guest.id}/ebadge-prints`);
    expect(log.body.printCount).toBe(2);
    expect(log.body.data.map((print: { printNumber: number }) => print.printNumber)).toEqual([2, 1]);

    const pdf = await fetchPdf(http, reprint.body.url);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe("application/pdf");
    const info = await pdfInfo(pdf.bytes);
    expect(info.pages).toBe(1);
    expect(info.width).toBeCloseTo((105 * 72) / 25.4, 0);
    expect(info.height).toBeCloseTo((148 * 72) / 25.4, 0);
    const text = await pdfText(pdf.bytes);
    expect(text).toContain("Zoë Łukasiewicz");
    expect(text).toContain("Gala 2027");
    expect(text).toContain("Ærø Ltd");
    const png = await rasterise(pdf.bytes, 72);
    expect(png.subarray(1, 4).toString()).toBe("PNG");

    const audit = await db("auditLogs").where({ eventId: event.id, action: "ebadge.printed" }).count({ n: "*" });
    expect(Number(audit[0]!.n)).toBe(2);
  });

  it("draws the guest's signed entry code as a QR code a real reader decodes and a desk verifies", async () => {
    const { db, http, base, event, token } = await setUp();
    const blocks = [...NAME_BLOCKS, { id: "qr", type: "qrCode", x: 20, y: 85, width: 60, height: 60, rotation: 90 }];
    const badge = (await http.post(base, { name: "Door", format: "a6", blocks })).body;
    await postMultipart(suite.server.baseUrl, `${base}/${badge.id}/background`, {
      token,
      files: [{ bytes: pngImage(105, 148), fileName: "bg.png" }],
    });
    const guest = await buildGuest(db, event, { firstName: "Quinn", lastName: "Reader", status: "confirmed" });
    const print = (await http.post(`${base}/prints`, { guestId: guest.id })).body;
    const pdf = await fetchPdf(http, print.url);
    const [code, ...others] = await readQrCodes(await rasterise(pdf.bytes, 200));
    expect(others).toEqual([]);
    const entryCode = await http.get(`/api/v1/events/${event.accountId}/${event.id}/users/${guest.id}/entry-code`);
    expect(code).toBe(entryCode.body.entryCode.code);
    const material = JSON.parse(JSON.stringify(await verificationMaterial(db, event.id)));
    expect(
      verifyGuestCode(code!, { eventId: event.id, keys: material.keys, revokedSerials: material.revokedSerials }),
    ).toMatchObject({ ok: true, guestId: guest.id });

    // Eight A7 badges on an A4 sheet, each QR still read.
    await buildGuests(db, event, 7, (i) => ({ firstName: `Q${i}`, status: "confirmed" }));
    const onA7 = [{ id: "qr", type: "qrCode", x: 7, y: 40, width: 60, height: 60 }, NAME_BLOCKS[1]];
    expect((await http.post(`${base}/${badge.id}`, { format: "a7", blocks: onA7 })).status).toBe(200);
    const batch = await http.post(`${base}/batches`, { layout: "a7x8", reason: "Sheet" });
    await suite.server.deps.jobs.drain();
    const sheet = await fetchPdf(http, (await http.get(`${base}/batches/${batch.body.id}`)).body.url);
    expect((await pdfInfo(sheet.bytes)).pages).toBe(1);
    const codes = (await Promise.all((await rasteriseCells(sheet.bytes, 300, 2, 4)).map(readQrCodes))).flat();
    expect(codes).toHaveLength(8);
    expect(codes).toContain(code);
  });

  it("gives no badge to a guest no template is for", async () => {
    const { db, http, base, event } = await setUp();
    await http.post(base, { name: "VIP", conditions: { guest: "company", op: "contains", value: "VIP" } });
    const guest = await buildGuest(db, event, { company: "Plain" });
    const refused = await http.post(`${base}/prints`, { guestId: guest.id });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: "ebadge_none_for_guest",
      message: enErrors.ebadge_none_for_guest,
    });
  });

  it("prints the filtered guest list as one PDF in a job, skipping or reprinting those printed before", async () => {
    const { db, http, base, event } = await setUp();
    await http.post(base, { name: "Staff", format: "a6", blocks: NAME_BLOCKS });
    await buildGuests(db, event, 30, (i) => ({ firstName: `Guest${i}`, lastName: "Sheet", status: "confirmed" }));
    await buildGuests(db, event, 5, () => ({ firstName: "Gone", status: "refused" }));
    const asked = await http.post(`${base}/batches`, { query: { status: "confirmed" }, layout: "a6x4" });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    expect(asked.body).toMatchObject({ status: "queued", total: 30, processed: 0, url: null });
    await suite.server.deps.jobs.drain();
    const done = await http.get(`${base}/batches/${asked.body.id}`);
    expect(done.body).toMatchObject({ status: "done", total: 30, processed: 30, printed: 30, skippedPrinted: 0 });
    const pdf = await fetchPdf(http, done.body.url);
    expect(pdf.status).toBe(200);
    const info = await pdfInfo(pdf.bytes);
    expect(info.pages).toBe(8); // 30 badges, 4 A6 on each A4 sheet
    expect(info.width).toBeCloseTo(595.28, 0);
    expect(await pdfText(pdf.bytes)).toContain("Guest29 Sheet");

    const skipped = await http.post(`${base}/batches`, { query: { status: "confirmed" } });
    await suite.server.deps.jobs.drain();
    expect((await http.get(`${base}/batches/${skipped.body.id}`)).body).toMatchObject({
      status: "done",
      printed: 0,
      skippedPrinted: 30,
    });
    const reprinted = await http.post(`${base}/batches`, {
      query: { status: "confirmed", search: "Guest1" },
      layout: "a7x8",
      reason: "New sponsor logo",
    });
    await suite.server.deps.jobs.drain();
    const reprint = (await http.get(`${base}/batches/${reprinted.body.id}`)).body;
    expect(reprint.total).toBeGreaterThan(8);
    expect(reprint).toMatchObject({ status: "done", printed: reprint.total, skippedPrinted: 0 });
    const numbers = await db("ebadgePrints").where({ batchId: reprinted.body.id }).distinct("printNumber", "reason");
    expect(numbers).toEqual([{ printNumber: 2, reason: "New sponsor logo" }]);
    expect((await pdfInfo((await fetchPdf(http, reprint.url)).bytes)).pages).toBe(Math.ceil(reprint.total / 8));
    const batchAudit = await db("auditLogs")
      .where({ eventId: event.id, action: "ebadge.batch_printed" })
      .count({ n: "*" });
    expect(Number(batchAudit[0]!.n)).toBe(3);
  });

  it("gives the signed-in guest their own badge in the portal, recorded as their print", async () => {
    const { db, http, base, event } = await setUp();
    await http.post(base, { name: "Guest badge", format: "a7", blocks: NAME_BLOCKS });
    const email = `port.${event.id.slice(0, 8)}@example.org`;
    const guest = await buildGuest(db, event, { email, firstName: "Pia", lastName: "Portal", status: "confirmed" });
    const anonymous = await fetch(`${suite.server.baseUrl}/api/v1/public/events/${event.slug}/portal/badge.pdf`);
    expect(anonymous.status).toBe(401);
    const client = await signedInGuestClient(suite.server, `/api/v1/public/events/${event.slug}/portal`, email);
    const pdf = await fetchPdf(client, `/api/v1/public/events/${event.slug}/portal/badge.pdf`);
    expect(pdf.status).toBe(200);
    expect(await pdfText(pdf.bytes)).toContain("Pia Portal");
    const log = await http.get(`/api/v1/events/${event.accountId}/${event.id}/users/${guest.id}/ebadge-prints`);
    expect(log.body.data).toEqual([
      expect.objectContaining({
        source: "portal",
        printNumber: 1,
        printedBy: { type: "guest", id: guest.id, name: "Pia Portal" },
      }),
    ]);
  });
});
