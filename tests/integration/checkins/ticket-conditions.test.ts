import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { currentGuestCodeText } from "../../../api/src/services/checkin-codes/codes.ts";
import { createDeskCore } from "../../../desktop/src/core/core.ts";
import { createSearchHandlers } from "../../../desktop/src/core/search.ts";
import { eventBase } from "../../helpers/checkins.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { sessionWithAccessCode } from "../../helpers/deskSession.ts";
import { buildGuest } from "../../helpers/guests.ts";
import { buildOrder, buildTicket } from "../../helpers/orders.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * Check-in sessions with ticket conditions (issue 14, item 7): a guest holding the ticket the rule asks for comes
 * in when its order is paid (completed, or partially refunded with units left), is answered unpaid while it awaits
 * its payment, not_allowed without it; once the order is paid, ok. The desk's offline check answers the same from
 * its snapshot, which brings the guests whose orders changed since; the session's statistics count it all.
 */
describe.each(databaseKinds())("check-in ticket conditions on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp() {
    const { db, event, http, checkin, accessCode } = await sessionWithAccessCode(suite.server);
    const vip = await buildTicket(db, event, { caption: "VIP pass" });
    const other = await buildTicket(db, event, { caption: "Day pass" });
    const url = `${eventBase(event)}/checkins/${checkin.id}`;
    const ruled = await http.post(url, { conditions: { ticket: vip.id, op: "has" } });
    expect(ruled.status, JSON.stringify(ruled.body)).toBe(200);
    expect(ruled.body.conditionsText).toBe("the guest has a “VIP pass” ticket");
    const guest = (firstName: string) => buildGuest(db, event, { firstName, lastName: "Doe", status: "confirmed" });
    const paid = await guest("Paid");
    const awaiting = await guest("Awaiting");
    const none = await guest("None");
    const partial = await guest("Partial");
    const refunded = await guest("Refunded");
    await buildOrder(db, event, { guestId: paid.id, status: "completed", items: [{ ticket: vip }] });
    const awaitingOrder = await buildOrder(db, event, {
      guestId: awaiting.id,
      status: "awaiting_payment",
      items: [{ ticket: vip }],
    });
    await buildOrder(db, event, { guestId: none.id, status: "completed", items: [{ ticket: other }] });
    await buildOrder(db, event, {
      guestId: partial.id,
      status: "partially_refunded",
      items: [{ ticket: vip, quantity: 2, refundedQuantity: 1 }],
    });
    await buildOrder(db, event, {
      guestId: refunded.id,
      status: "partially_refunded",
      items: [
        { ticket: vip, quantity: 1, refundedQuantity: 1 },
        { ticket: other, quantity: 1 },
      ],
    });
    const scan = (body: Record<string, unknown>) => http.post(`${url}/check`, { scanId: randomUUID(), ...body });
    /** The awaiting order paid (as confirming it leaves it: completed, its time of change moved on). */
    const confirm = async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      await db("orders")
        .where({ id: awaitingOrder.order.id })
        .update({ status: "completed", updatedAt: new Date().toISOString() });
    };
    return { db, event, http, url, checkin, accessCode, scan, confirm, paid, awaiting, none, partial, refunded };
  }

  it("answers ok for a paid holder, unpaid while the order awaits its payment, not_allowed without it", async () => {
    const { http, url, scan, confirm, accessCode, paid, awaiting, none, partial, refunded } = await setUp();
    expect((await scan({ guestId: paid.id })).body).toMatchObject({ result: "ok", forced: false });
    const unpaid = await scan({ guestId: awaiting.id });
    expect(unpaid.body).toMatchObject({
      result: "unpaid",
      guest: { id: awaiting.id, fields: { firstName: "Awaiting" } },
      rule: "the guest has a “VIP pass” ticket",
      forced: false,
    });
    const french = await http.post(`${url}/check`, { scanId: randomUUID(), guestId: awaiting.id }, { lang: "fr" });
    expect(french.body).toMatchObject({ result: "unpaid" });
    expect(french.body.rule).toContain("VIP pass");
    expect((await scan({ guestId: none.id })).body).toMatchObject({
      result: "not_allowed",
      rule: "the guest has a “VIP pass” ticket",
    });
    expect((await scan({ guestId: partial.id })).body).toMatchObject({ result: "ok" });
    expect((await scan({ guestId: refunded.id })).body).toMatchObject({ result: "not_allowed" });
    // A supervisor may let an unpaid guest in: forced, the refusal kept as the conflict.
    const forced = await scan({ guestId: awaiting.id, force: true });
    expect(forced.body).toMatchObject({ result: "ok", forced: true, conflict: "unpaid" });
    // A desk finds by name the guests it lets in and those it answers unpaid, not the others.
    const signIn = await suite.server.http.post("/api/v1/desk/session", { code: accessCode, desk: "Door B" });
    const desk = suite.server.http.as(signIn.body.token as string);
    const found = (await desk.get("/api/v1/desk/search?q=doe")).body.data.map((hit: { id: string }) => hit.id);
    expect(found.sort()).toEqual([paid.id, awaiting.id, partial.id].sort());
    await confirm();
    expect((await scan({ guestId: awaiting.id })).body).toMatchObject({ result: "already_checked_in" });

    const stats = await http.get(`${url}/stats`);
    expect(stats.body).toMatchObject({
      allowedGuests: 3,
      checkedIn: 3,
      scans: 8,
      forced: 1,
      byResult: { ok: 3, unpaid: 2, not_allowed: 2, already_checked_in: 1 },
    });
  });

  it("lets a guest in once their order is paid, and judges an offline upload alike", async () => {
    const { scan, confirm, awaiting, http, url } = await setUp();
    expect((await scan({ guestId: awaiting.id })).body.result).toBe("unpaid");
    // An offline admission the server refuses as unpaid is kept, forced and flagged.
    const upload = await http.post(`${url}/checks`, {
      scans: [
        { scanId: randomUUID(), guestId: awaiting.id, localResult: "unpaid" },
        { scanId: randomUUID(), guestId: awaiting.id, localResult: "ok" },
      ],
    });
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);
    expect(upload.body.data.map((answer: { result: string }) => answer.result)).toEqual(["unpaid", "ok"]);
    expect(upload.body.data[1]).toMatchObject({ forced: true, flagged: true, conflict: "unpaid" });
    await confirm();
    const stats = await http.get(`${url}/stats`);
    expect(stats.body).toMatchObject({ allowedGuests: 3, checkedIn: 1, flagged: 1, byResult: { unpaid: 2, ok: 1 } });
  });

  it("answers the same at an offline desk, and learns of a paid order at its next refresh", async () => {
    const { db, event, accessCode, confirm, paid, awaiting, none } = await setUp();
    const databaseFile = path.join(mkdtempSync(path.join(tmpdir(), "desk-unpaid-")), "desk.sqlite");
    const core = createDeskCore({ version: "0.1.0", platform: "linux", serverUrl: suite.server.baseUrl, databaseFile });
    try {
      const codeOf = async (guestId: string) =>
        (await currentGuestCodeText(db, suite.server.config.secret, event, guestId, new Date()))!;
      const codes = { paid: await codeOf(paid.id), awaiting: await codeOf(awaiting.id), none: await codeOf(none.id) };
      // Codes issued before the download began (whole seconds): a guest missing from the snapshot is not let in.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      await core["desk.signIn"](accessCode, "Door A");
      // Paid and partially refunded holders are allowed; the awaiting one is kept to be answered unpaid.
      expect(await core["desk.refresh"]()).toMatchObject({ kind: "full", guests: 2 });
      const offline = async (code: string) => {
        await core["desk.setServerUrl"]("http://127.0.0.1:9");
        try {
          return await core["desk.check"]({ code });
        } finally {
          await core["desk.setServerUrl"](suite.server.baseUrl);
        }
      };
      const local = offline;
      expect(await local(codes.paid)).toMatchObject({ result: "ok", guest: { id: paid.id } });
      expect(await local(codes.awaiting)).toMatchObject({
        result: "unpaid",
        guest: { id: awaiting.id, fields: { firstName: "Awaiting", lastName: "Doe" } },
      });
      expect(await local(codes.none)).toMatchObject({ result: "not_allowed" });
      // Found by name at the desk, and answered unpaid so.
      const hits = await createSearchHandlers({ core })["desk.search"]("awaiting");
      expect(hits.map((hit) => hit.id)).toEqual([awaiting.id]);

      await confirm();
      expect(await core["desk.refresh"]()).toMatchObject({ kind: "incremental", guests: 3 });
      expect(await local(codes.awaiting)).toMatchObject({ result: "ok", guest: { id: awaiting.id } });
      // The desk's offline answers go up as they were given.
      await core["desk.sync"]();
      const results = (await db("checkinScans").where({ guestId: awaiting.id }).orderBy("scannedAt")).map(
        (row: { result: string; flagged: boolean | number }) => [row.result, Boolean(row.flagged)],
      );
      expect(results).toEqual([
        ["unpaid", false],
        ["ok", false],
      ]);
    } finally {
      core.close();
    }
  });
});
