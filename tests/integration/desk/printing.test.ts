import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { currentGuestCodeText } from "../../../api/src/services/checkin-codes/codes.ts";
import { createDeskCore } from "../../../desktop/src/core/core.ts";
import type { FetchLike } from "../../../desktop/src/core/deskHttp.ts";
import { startFakePrinter, type FakePrinter } from "../../../desktop/src/core/printing/fakePrinter.ts";
import { createPrintHandlers } from "../../../desktop/src/core/printing/printHandlers.ts";
import { tcpConnection } from "../../../desktop/src/core/printing/printer.ts";
import { listedUser } from "../../helpers/actors.ts";
import { buildCheckin, eventBase } from "../../helpers/checkins.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildGuest } from "../../helpers/guests.ts";
import { useTestServer } from "../../helpers/suite.ts";

/** A network the test cuts: up, or refusing (nothing listens). */
function controlledNetwork() {
  const network = { mode: "up" as "up" | "refused" };
  const fetchThrough: FetchLike = (input, init) =>
    network.mode === "refused" ? Promise.reject(new TypeError("fetch failed")) : fetch(input, init);
  return { network, fetch: fetchThrough };
}

const fakes: FakePrinter[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});
async function fakePrinter(kind: "escpos" | "zpl") {
  const fake = await startFakePrinter(kind);
  fakes.push(fake);
  return fake;
}

/**
 * Badge printing at the desk against a real API (issue 13, item 6): the session's template downloaded, a badge
 * printed on scan offline to a ZPL and an ESC/POS printer on local TCP ports (bytes checked), a second print
 * refused, a reprint behind the supervisor PIN logged with its reason, paper out shown from the printer's own
 * answer, the test page, and the pre-flight check saying what is not ready.
 */
describe.each(databaseKinds())("desk printing on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp() {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id);
    const { http } = await listedUser(suite.server, event, { role: "editor" });
    const checkin = await buildCheckin(db, event, { displayedFields: ["firstName", "lastName", "company"] });
    const made = await http.post(`${eventBase(event)}/checkincodes`, { checkinId: checkin.id });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const template = await http.post(`${eventBase(event)}/ebadges`, {
      name: "Visitors",
      format: "a6",
      isEnabled: true,
      blocks: [
        { id: "title", type: "text", text: "Tessera Summit", x: 5, y: 5, width: 95, height: 10, font: { size: 10 } },
        { id: "event", type: "eventName", x: 5, y: 12, width: 95, height: 6, font: { size: 8 } },
        {
          id: "name",
          type: "guestField",
          field: "fullName",
          x: 5,
          y: 20,
          width: 95,
          height: 15,
          font: { size: 24, weight: "bold" },
        },
        { id: "company", type: "guestField", field: "company", x: 5, y: 40, width: 95, height: 10 },
        { id: "qr", type: "qrCode", x: 30, y: 60, width: 45, height: 45 },
      ],
    });
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    const ada = await buildGuest(db, event, {
      firstName: "Ada",
      lastName: "Lovelace",
      company: "Analytical Engines",
      status: "confirmed",
    });
    const grace = await buildGuest(db, event, { firstName: "Grace", lastName: "Hopper", status: "confirmed" });
    const hedy = await buildGuest(db, event, { firstName: "Hedy", lastName: "Lamarr", status: "confirmed" });
    const pending = await buildGuest(db, event, { firstName: "Pending", status: "pending_approval" });
    const codeOf = async (guestId: string) =>
      (await currentGuestCodeText(db, suite.server.config.secret, event, guestId, new Date()))!;
    await codeOf(ada.id); // the event's signing key is made with its first code
    const { network, fetch: throughNetwork } = controlledNetwork();
    const databaseFile = path.join(mkdtempSync(path.join(tmpdir(), "desk-printing-")), "desk.sqlite");
    const core = createDeskCore({
      version: "0.1.0",
      platform: "linux",
      serverUrl: suite.server.baseUrl,
      databaseFile,
      fetch: throughNetwork,
      probeIntervalMs: 0,
    });
    const printing = createPrintHandlers({
      core,
      fetch: throughNetwork,
      queue: { retryDelayMs: 10, maxAttempts: 2, timeoutMs: 2_000 },
    });
    return {
      core,
      printing,
      network,
      accessCode: made.body.code as string,
      event,
      guests: { ada, grace, hedy, pending },
      codeOf,
    };
  }

  it("prints on scan offline to a ZPL printer, refuses a second print, and reprints with the PIN and a reason", async () => {
    const { core, printing, network, accessCode, event, guests, codeOf } = await setUp();
    await core["desk.signIn"](accessCode, "Door A");
    await core["desk.refresh"]();
    expect(await printing["print.refreshTemplates"]()).toEqual({ templates: 1 });
    await printing["desk.setSupervisorPin"]("1357");
    // Changing the PIN needs the current one.
    await expect(printing["desk.setSupervisorPin"]("2468")).rejects.toMatchObject({ code: "pinWrong" });
    await expect(printing["desk.setSupervisorPin"]("24", "1357")).rejects.toMatchObject({ code: "pinInvalid" });
    await printing["desk.setSupervisorPin"]("2468", "1357");
    expect(await printing["desk.verifyPin"]("2468")).toBe(true);
    expect(await printing["desk.verifyPin"]("1357")).toBe(false);
    const zebra = await fakePrinter("zpl");
    await printing["print.setPrinter"]({
      id: "zebra",
      name: "Front Zebra",
      kind: "zpl",
      connection: tcpConnection("127.0.0.1", zebra.connection.port),
      label: { widthMm: 80, heightMm: 100 },
    });
    expect(await printing["print.setOptions"]({ printOnScan: true })).toMatchObject({ printOnScan: true });
    expect(await printing["print.printers"]()).toMatchObject({ configured: { id: "zebra", kind: "zpl" } });

    // The internet is down: the scan is answered here and the badge printed from what the desk holds.
    network.mode = "refused";
    const adaCode = await codeOf(guests.ada.id);
    const answer = await core["desk.check"]({ code: adaCode });
    expect(answer).toMatchObject({ result: "ok", guest: { id: guests.ada.id } });
    const job = await printing.afterCheck(answer);
    expect(job).toMatchObject({ state: "printed", purpose: "badge", guestId: guests.ada.id, withQr: true });
    await vi.waitFor(() => expect(zebra.jobs).toHaveLength(1));
    const zpl = zebra.jobs[0]!.toString("utf8");
    expect(zpl).toContain("^FDTessera Summit^FS");
    expect(zpl).toContain(`^FD${event.name}^FS`);
    expect(zpl).toContain("^FDAda Lovelace^FS");
    expect(zpl).toContain("^FDAnalytical Engines^FS");
    expect(zpl).toContain(`^FDMA,${adaCode}^FS`);

    // A second scan's admission (a re-entry) prints nothing; a second print on demand is refused.
    expect(await printing.afterCheck({ ...answer, scanId: crypto.randomUUID() })).toBeNull();
    await expect(printing["print.badge"](guests.ada.id)).rejects.toMatchObject({ code: "alreadyPrinted" });
    await expect(printing["print.reprint"](guests.ada.id, "badge torn", "1357")).rejects.toMatchObject({
      code: "pinWrong",
    });
    await expect(printing["print.reprint"](guests.ada.id, "  ", "2468")).rejects.toMatchObject({
      code: "reasonRequired",
    });
    expect(zebra.jobs).toHaveLength(1);
    const reprint = await printing["print.reprint"](guests.ada.id, "badge torn", "2468");
    expect(reprint).toMatchObject({ state: "printed", purpose: "reprint", reason: "badge torn" });
    await vi.waitFor(() => expect(zebra.jobs).toHaveLength(2));
    expect(zebra.jobs[1]!.toString("utf8")).toContain("^FDAda Lovelace^FS");

    // Grace was never scanned here and the server cannot be asked for her code: her badge prints without QR.
    const withoutCode = await printing["print.badge"](guests.grace.id);
    expect(withoutCode).toMatchObject({ state: "printed", withQr: false });
    await vi.waitFor(() => expect(zebra.jobs).toHaveLength(3));
    const graceZpl = zebra.jobs[2]!.toString("utf8");
    expect(graceZpl).toContain("^FDGrace Hopper^FS");
    expect(graceZpl).not.toContain("^BQ");

    // Back online: Hedy's badge comes from the server with her entry code.
    network.mode = "up";
    await core["desk.sync"]();
    const online = await printing["print.badge"](guests.hedy.id);
    expect(online).toMatchObject({ state: "printed", withQr: true });
    await vi.waitFor(() => expect(zebra.jobs).toHaveLength(4));
    expect(zebra.jobs[3]!.toString("utf8")).toContain(`^FDMA,${await codeOf(guests.hedy.id)}^FS`);
    // A guest the session does not let in is no one's to print.
    await expect(printing["print.badge"](guests.pending.id)).rejects.toMatchObject({ code: "unknownGuest" });

    const log = await printing["print.log"]({ limit: 10 });
    expect(log.total).toBe(4);
    expect(log.data.map((entry) => [entry.purpose, entry.guestId, entry.reason, entry.withQr, entry.outcome])).toEqual([
      ["badge", guests.hedy.id, null, true, "printed"],
      ["badge", guests.grace.id, null, false, "printed"],
      ["reprint", guests.ada.id, "badge torn", true, "printed"],
      ["badge", guests.ada.id, null, true, "printed"],
    ]);
    expect(log.data[2]!.reprintOf).toBe(log.data[3]!.jobId);
    expect(log.data[2]!.requestedBy).toBe("Door A (supervisor)");
    core.close();
  });

  it("prints on scan to an ESC/POS printer, shows paper out from the printer's answer, and prints a test page", async () => {
    const { core, printing, accessCode, guests, codeOf } = await setUp();
    await core["desk.signIn"](accessCode, "Door B");
    await core["desk.refresh"]();
    const epson = await fakePrinter("escpos");
    await printing["print.setPrinter"]({
      id: "epson",
      name: "Kiosk Epson",
      kind: "escpos",
      model: "epson",
      connection: tcpConnection("127.0.0.1", epson.connection.port),
    });
    await printing["print.setOptions"]({ printOnScan: true });

    const adaCode = await codeOf(guests.ada.id);
    const answer = await core["desk.check"]({ code: adaCode });
    expect(answer.result).toBe("ok");
    expect(await printing.afterCheck(answer)).toMatchObject({ state: "printed", withQr: true });
    await vi.waitFor(() => expect(epson.jobs).toHaveLength(1));
    const bytes = epson.jobs[0]!;
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0x1b, 0x40]));
    expect(bytes.includes("Ada Lovelace")).toBe(true);
    expect(bytes.includes("Analytical Engines")).toBe(true);
    // The QR's data follows its store command (GS ( k … 1 P 0).
    const store = Buffer.concat([Buffer.from([0x1d, 0x28, 0x6b]), Buffer.alloc(2), Buffer.from([0x31, 0x50, 0x30])]);
    const length = Buffer.byteLength(adaCode) + 3;
    store.writeUInt16LE(length, 3);
    expect(bytes.includes(Buffer.concat([store, Buffer.from(adaCode)]))).toBe(true);

    // Paper out: the printer says so when asked; a badge waits in the queue until it is fixed.
    epson.isPaperOut = true;
    expect(await printing["print.status"]()).toMatchObject({ state: "paperOut", detail: "paper end", held: false });
    const waiting = await printing["print.badge"](guests.grace.id);
    expect(waiting.state).toBe("queued");
    const held = await printing["print.status"]();
    expect(held).toMatchObject({ state: "paperOut", held: true });
    expect(held.jobs.map((job) => job.guestId)).toEqual([guests.grace.id]);
    const preflight = await printing["desk.preflight"]();
    expect(preflight.find((item) => item.id === "printer")).toMatchObject({
      ok: false,
      detailKey: "deskPrint.preflight.printer.paperOut",
    });
    expect(epson.jobs).toHaveLength(1);

    epson.isPaperOut = false;
    expect(await printing["print.status"]()).toMatchObject({ state: "ready" });
    await printing.idle();
    await vi.waitFor(() => expect(epson.jobs).toHaveLength(2));
    expect(epson.jobs[1]!.includes("Grace Hopper")).toBe(true);
    expect((await printing["print.status"]()).jobs).toEqual([]);

    const testPage = await printing["print.testPage"]();
    expect(testPage).toMatchObject({ state: "printed", purpose: "test" });
    await vi.waitFor(() => expect(epson.jobs).toHaveLength(3));
    expect(epson.jobs[2]!.includes("Printer test")).toBe(true);
    expect(epson.jobs[2]!.includes("Kiosk Epson")).toBe(true);
    core.close();
  });

  it("says in the pre-flight check what is not ready before doors open", async () => {
    const { core, printing, accessCode, guests, codeOf, network } = await setUp();
    await core["desk.signIn"](accessCode, "Door C");
    const before = await printing["desk.preflight"]();
    expect(before.map((item) => [item.id, item.ok, item.detailKey])).toEqual([
      ["signedIn", true, "deskPrint.preflight.signedIn.yes"],
      ["sync", false, "deskPrint.preflight.sync.never"],
      ["keys", false, "deskPrint.preflight.keys.none"],
      ["templates", false, "deskPrint.preflight.templates.none"],
      ["printer", false, "deskPrint.preflight.printer.none"],
      ["pendingScans", true, "deskPrint.preflight.pendingScans.none"],
    ]);
    await expect(printing["print.badge"](guests.ada.id)).rejects.toMatchObject({ code: "noPrinter" });

    await core["desk.refresh"]();
    await printing["print.refreshTemplates"]();
    const zebra = await fakePrinter("zpl");
    await printing["print.setPrinter"]({
      id: "zebra",
      name: "Front Zebra",
      kind: "zpl",
      connection: tcpConnection("127.0.0.1", zebra.connection.port),
    });
    network.mode = "refused";
    await core["desk.check"]({ code: await codeOf(guests.ada.id) });
    const after = await printing["desk.preflight"]();
    expect(after.map((item) => [item.id, item.ok])).toEqual([
      ["signedIn", true],
      ["sync", true],
      ["keys", true],
      ["templates", true],
      ["printer", true],
      ["pendingScans", false],
    ]);
    expect(after.find((item) => item.id === "pendingScans")).toMatchObject({ values: { count: 1 } });
    expect(zebra.statusRequests).toBeGreaterThan(0);

    // A printer nobody listens at: offline, said as such.
    await zebra.close();
    fakes.splice(fakes.indexOf(zebra), 1);
    const offline = await printing["desk.preflight"]();
    expect(offline.find((item) => item.id === "printer")).toMatchObject({
      ok: false,
      detailKey: "deskPrint.preflight.printer.offline",
    });
    core.close();
  });
});
