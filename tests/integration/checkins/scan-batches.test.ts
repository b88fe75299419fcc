import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { OfflineScan, ScanAnswer } from "@tessera/shared";
import type { Checkin } from "../../../api/src/models/Checkin.ts";
import { checkBatch, checkBatchOneByOne } from "../../../api/src/services/checkins/scans.ts";
import { createScope } from "../../../api/src/services/scope.ts";
import { buildCheckin } from "../../helpers/checkins.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount, buildUser } from "../../helpers/factories.ts";
import { buildGuest } from "../../helpers/guests.ts";
import { buildOrder, buildTicket } from "../../helpers/orders.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * An upload's scans are written together (scanBatchWrite.ts) for speed; written one by one they are the
 * reference. For any uploads — guests scanned in and out at two desks, in any time order, admitted or refused
 * by the desk, guests the session refuses (by company, or by a ticket not held or not yet paid) or nobody
 * knows, scan ids sent again within an upload and across two, whatever the session allows — both ways give
 * the same answers, the same stored scans and the same entries, on both databases.
 */

const GUESTS = 5;
const DESKS = ["Door A", "Door B"];
const BASE = Date.parse("2026-11-20T09:00:00.000Z");

interface ScanSpec {
  /** A guest of the event, or the last index: a scan that names nobody. */
  guest: number;
  direction: "in" | "out";
  localResult: "ok" | "already_checked_in" | "not_allowed" | "unpaid";
  desk: number;
  /** Seconds after the start (desks' times interleave; equal times are told apart by scan id). */
  second: number;
  /** Sends again the scan this many places back (0: a new scan). */
  repeatOf: number;
}

const scanSpec = fc.record({
  guest: fc.integer({ min: 0, max: GUESTS }),
  direction: fc.constantFrom<("in" | "out")[]>("in", "in", "in", "out"),
  localResult: fc.constantFrom<ScanSpec["localResult"][]>(
    "ok",
    "ok",
    "ok",
    "already_checked_in",
    "not_allowed",
    "unpaid",
  ),
  desk: fc.integer({ min: 0, max: DESKS.length - 1 }),
  second: fc.integer({ min: 0, max: 30 }),
  repeatOf: fc.constantFrom(0, 0, 0, 0, 0, 1, 3),
});

const session = fc.record({
  multipleEntries: fc.boolean(),
  reentryAfterExit: fc.boolean(),
  exitScans: fc.boolean(),
  /**
   * company: a rule refusing the second guest's company; ticket: a rule asking for a ticket the first guest holds
   * paid, the second through an order awaiting its payment (unpaid), the third not at all.
   */
  rule: fc.constantFrom<("none" | "company" | "ticket")[]>("none", "company", "ticket"),
});

/** What both ways must agree on in an answer: all but when the server received it. */
const comparable = ({ receivedAt: _receivedAt, ...answer }: ScanAnswer) => answer;

describe.each(databaseKinds())("an upload written together on %s", (kind) => {
  const suite = useTestServer(kind);

  it("answers, stores and enters exactly as the scans written one by one", async () => {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const user = await buildUser(db, { accountId: account.id, role: "overseer", firstName: "Olga", lastName: "Ver" });
    const event = await buildEvent(db, account.id);
    const guests = await Promise.all(
      Array.from({ length: GUESTS }, (_, index) =>
        buildGuest(db, event, {
          firstName: `Guest${index}`,
          lastName: "Test",
          company: index === 1 ? "Refused Ltd" : "Welcome Inc",
          status: index === GUESTS - 1 ? "pending_approval" : "confirmed",
        }),
      ),
    );
    const scope = createScope(suite.server.deps, {
      actor: {
        kind: "user",
        id: user.id,
        role: user.role,
        accountId: account.id,
        user,
        sessionId: randomUUID(),
        via: "bearer",
      },
    });
    const key = { accountId: account.id, eventId: event.id };
    const ticket = await buildTicket(db, event);
    await buildOrder(db, event, { guestId: guests[0]!.id, status: "completed", items: [{ ticket }] });
    await buildOrder(db, event, { guestId: guests[1]!.id, status: "awaiting_payment", items: [{ ticket }] });
    const rules = {
      none: null,
      company: { guest: "company", op: "notEquals", value: "Refused Ltd" },
      ticket: { ticket: ticket.id, op: "has" },
    } as const;

    const toUpload = (specs: ScanSpec[], ids: string[]): OfflineScan[] =>
      specs.map((spec, index) => {
        const scanId = spec.repeatOf > 0 && index >= spec.repeatOf ? ids[index - spec.repeatOf]! : randomUUID();
        ids[index] = scanId;
        return {
          scanId,
          ...(spec.guest < GUESTS ? { guestId: guests[spec.guest]!.id } : { code: "not-a-code" }),
          direction: spec.direction,
          scannedAt: new Date(BASE + spec.second * 1000).toISOString(),
          localResult: spec.localResult,
          desk: DESKS[spec.desk],
        };
      });

    const storedState = async (checkin: Checkin) => ({
      scans: (
        (await db("checkinScans")
          .where({ checkinId: checkin.id })
          .select("scanId", "guestId", "result", "direction", "forced", "flagged", "desk", "offline", "scannedAt")) as {
          scanId: string;
          forced: unknown;
          flagged: unknown;
          offline: unknown;
          scannedAt: unknown;
        }[]
      )
        .map((row) => ({
          ...row,
          forced: Boolean(row.forced),
          flagged: Boolean(row.flagged),
          offline: Boolean(row.offline),
          scannedAt: new Date(row.scannedAt as string).toISOString(),
        }))
        .sort((a, b) => a.scanId.localeCompare(b.scanId)),
      entries: (
        (await db("checkinEntries")
          .where({ checkinId: checkin.id })
          .select("guestId", "state", "entries", "exits", "firstInAt", "lastInAt", "previousState")) as {
          guestId: string;
          firstInAt: unknown;
          lastInAt: unknown;
        }[]
      )
        .map((row) => ({
          ...row,
          firstInAt: row.firstInAt ? new Date(row.firstInAt as string).toISOString() : null,
          lastInAt: row.lastInAt ? new Date(row.lastInAt as string).toISOString() : null,
        }))
        .sort((a, b) => a.guestId.localeCompare(b.guestId)),
    });

    let runs = 0;
    await fc.assert(
      fc.asyncProperty(
        session,
        fc.array(scanSpec, { minLength: 1, maxLength: 30 }),
        fc.array(scanSpec, { minLength: 0, maxLength: 30 }),
        async (options, first, second) => {
          runs += 1;
          const values: Partial<Checkin> = {
            multipleEntries: options.multipleEntries,
            reentryAfterExit: options.reentryAfterExit,
            exitScans: options.exitScans,
            conditions: rules[options.rule],
            displayedFields: ["firstName", "lastName"],
          };
          const together = await buildCheckin(db, event, values);
          const oneByOne = await buildCheckin(db, event, values);
          const firstUpload = toUpload(first, []);
          // The second upload sends the first's last scans again (a batch whose answer was lost), then new ones.
          const uploads = [firstUpload, [...firstUpload.slice(-3), ...toUpload(second, [])]];
          for (const upload of uploads) {
            const written = await checkBatch(scope, key, together.id, upload);
            const reference = await checkBatchOneByOne(scope, key, oneByOne.id, upload);
            expect(written.map(comparable)).toEqual(reference.map(comparable));
          }
          expect(await storedState(together)).toEqual(await storedState(oneByOne));
        },
      ),
      { numRuns: 40 },
    );
    expect(runs).toBeGreaterThanOrEqual(40);
  }, 120_000);
});
