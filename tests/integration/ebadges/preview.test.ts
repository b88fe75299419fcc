import { describe, expect, it } from "vitest";
import { verifyGuestCode } from "@tessera/shared";
import { verificationMaterial } from "../../../api/src/services/checkin-codes/verification.ts";
import { SAMPLE_BADGE_CODE } from "../../../api/src/services/ebadges/preview.ts";
import frValidation from "../../../shared/src/i18n/fr/validation.json" with { type: "json" };
import { expectNoChange, listedUser, signedInUser } from "../../helpers/actors.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { pdfInfo, pdfText, postPdf, rasterise, readQrCodes } from "../../helpers/ebadges.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildGuest } from "../../helpers/guests.ts";
import { useTestServer } from "../../helpers/suite.ts";

const SAVED_BLOCKS = [{ id: "name", type: "guestField", field: "fullName", x: 5, y: 40, width: 95, height: 20 }];

/**
 * The badge editor's preview (issue 12 item 7): the template as it stands in the editor, drawn for a chosen
 * guest or a sample guest, answered as a PDF read back by poppler; nothing saved, no print recorded; editors
 * and up of the event only.
 */
describe.each(databaseKinds())("e-badge preview on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp() {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id, { name: "Gala 2027" });
    const editor = await listedUser(suite.server, event, { role: "editor" });
    const base = `/api/v1/events/${account.id}/${event.id}/ebadges`;
    const created = await editor.http.post(base, { name: "Staff", format: "a6", blocks: SAVED_BLOCKS });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const guest = await buildGuest(db, event, { firstName: "Zoé", lastName: "Lefèvre", status: "confirmed" });
    return {
      db,
      account,
      event,
      editor,
      guest,
      preview: `${base}/${created.body.id}/preview`,
      path: `${base}/${created.body.id}`,
    };
  }

  it("draws the unsaved draft for the chosen guest and saves nothing", async () => {
    const { db, editor, guest, preview, path } = await setUp();
    const draft = {
      name: "Staff (draft)",
      orientation: "landscape",
      blocks: [
        { id: "name", type: "guestField", field: "fullName", x: 20, y: 50, width: 80, height: 20, rotation: 90 },
        { id: "title", type: "text", text: "Backstage pass", x: 5, y: 5, width: 120, height: 12 },
        { id: "event", type: "eventName", x: 5, y: 70, width: 120, height: 12 },
      ],
    };
    const pdf = await expectNoChange(db, () => postPdf(editor.http, preview, { draft, guestId: guest.id }));
    expect(pdf.status, JSON.stringify(pdf.json)).toBe(200);
    expect(pdf.type).toBe("application/pdf");
    const info = await pdfInfo(pdf.bytes);
    expect(info.pages).toBe(1);
    // A6 turned landscape by the draft: 148 × 105 mm.
    expect(info.width).toBeCloseTo((148 * 72) / 25.4, 0);
    expect(info.height).toBeCloseTo((105 * 72) / 25.4, 0);
    const text = await pdfText(pdf.bytes);
    expect(text).toContain("Backstage pass");
    expect(text).toContain("Gala 2027");
    // Turned a quarter, the name reads top to bottom: poppler gives it letter by letter on its own lines.
    expect(text.replace(/\s+/g, "")).toContain("ZoéLefèvre");

    expect(Number((await db("ebadgePrints").count({ n: "*" }))[0]!.n)).toBe(0);
    const saved = (await editor.http.get(path)).body;
    expect(saved).toMatchObject({ name: "Staff", orientation: "portrait", blocks: SAVED_BLOCKS });
  });

  it("draws a sample guest when none is chosen, and the guest's own entry code in a QR block", async () => {
    const { db, event, editor, guest, preview } = await setUp();
    const blocks = [...SAVED_BLOCKS, { id: "qr", type: "qrCode", x: 20, y: 70, width: 60, height: 60 }];
    const sample = await postPdf(editor.http, preview, { draft: { blocks } });
    expect(sample.status, JSON.stringify(sample.json)).toBe(200);
    expect(await pdfText(sample.bytes)).toContain("Camille Martin");
    expect(await readQrCodes(await rasterise(sample.bytes, 200))).toEqual([SAMPLE_BADGE_CODE]);

    const own = await postPdf(editor.http, preview, { draft: { blocks }, guestId: guest.id });
    expect(own.status).toBe(200);
    const [code, ...others] = await readQrCodes(await rasterise(own.bytes, 200));
    expect(others).toEqual([]);
    const material = JSON.parse(JSON.stringify(await verificationMaterial(db, event.id)));
    expect(
      verifyGuestCode(code!, { eventId: event.id, keys: material.keys, revokedSerials: material.revokedSerials }),
    ).toMatchObject({ ok: true, guestId: guest.id });
    expect(Number((await db("ebadgePrints").count({ n: "*" }))[0]!.n)).toBe(0);
  });

  it("checks the draft as a save would, and finds only the event's guests", async () => {
    const { db, account, editor, preview } = await setUp();
    const bad = await postPdf(
      editor.http,
      preview,
      { draft: { blocks: [{ id: "t", type: "text", x: 1, y: 1, width: 10, height: 5 }] } },
      "fr",
    );
    expect(bad.status).toBe(422);
    expect(bad.json).toMatchObject({
      error: { details: [expect.objectContaining({ field: "draft.blocks.0.text", message: frValidation.required })] },
    });
    const outside = await postPdf(editor.http, preview, {
      draft: { format: "a7", blocks: [{ id: "e", type: "eventName", x: 80, y: 1, width: 10, height: 5 }] },
    });
    expect(outside.status).toBe(422);
    const elsewhere = await buildGuest(db, await buildEvent(db, account.id), { firstName: "Other" });
    const notHere = await postPdf(editor.http, preview, { draft: {}, guestId: elsewhere.id });
    expect(notHere.status).toBe(404);
    const unknownField = await postPdf(editor.http, preview, { draft: { colour: "red" } });
    expect(unknownField.status).toBe(422);
  });

  it("lets editors and up preview: a reader gets 403, another account's organizer 404", async () => {
    const { db, event, guest, preview } = await setUp();
    const reader = await listedUser(suite.server, event, { role: "reader" });
    const refused = await postPdf(reader.http, preview, { draft: {}, guestId: guest.id });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ error: { code: "forbidden" } });
    const otherAccount = await buildAccount(db);
    const stranger = await signedInUser(suite.server, { accountId: otherAccount.id, role: "organizer" });
    const hidden = await postPdf(stranger.http, preview, { draft: {}, guestId: guest.id });
    expect(hidden.status).toBe(404);
    expect(hidden.json).toMatchObject({ error: { code: "not_found" } });
    const organizer = await listedUser(suite.server, event, { role: "organizer" });
    expect((await postPdf(organizer.http, preview, { draft: {} })).status).toBe(200);
  });
});
