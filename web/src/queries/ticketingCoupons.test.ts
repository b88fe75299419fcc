import { afterEach, describe, expect, it, vi } from "vitest";
import { auditLogKeys } from "./auditLogs.ts";
import {
  couponKeys,
  couponsQuery,
  createCouponMutation,
  removeCouponMutation,
  updateCouponMutation,
  type CouponJson,
} from "./ticketingCoupons.ts";
import { runMutation, serve, testQueryClient } from "./testing.ts";

const at = "2030-01-01T10:00:00.000Z";
const coupon = (id: string, code = id): CouponJson => ({
  id,
  eventId: "ev",
  code,
  amountOffCents: null,
  percentOffBp: 1000,
  maxRedemptions: null,
  redemptions: 0,
  combinable: false,
  redeemBy: null,
  ticketIds: [],
  createdAt: at,
  updatedAt: at,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("coupons in the query layer", () => {
  it("reads, creates, changes and deletes an event's coupons, and marks the history stale", async () => {
    let answer: unknown = { data: [coupon("a", "A")] };
    const calls = serve(() => ({ status: 200, body: answer }));
    const { client } = testQueryClient();
    client.setQueryData(auditLogKeys.all("acc"), []);
    expect((await client.fetchQuery(couponsQuery("acc", "ev"))).map((item) => item.code)).toEqual(["A"]);

    answer = coupon("b", "B");
    await runMutation(client, createCouponMutation(client, "acc", "ev"), { code: "B", percentOffBp: 1000 });
    const codes = () => client.getQueryData<CouponJson[]>(couponKeys.list("acc", "ev"))?.map((item) => item.code);
    expect(codes()).toEqual(["A", "B"]);
    expect(client.getQueryState(auditLogKeys.all("acc"))?.isInvalidated).toBe(true);

    answer = coupon("a", "AA");
    await runMutation(client, updateCouponMutation(client, "acc", "ev"), { id: "a", body: { code: "AA" } });
    expect(codes()).toEqual(["AA", "B"]);

    answer = { ok: true };
    await runMutation(client, removeCouponMutation(client, "acc", "ev"), "b");
    expect(codes()).toEqual(["AA"]);
    expect(calls.map(({ method, url }) => `${method} ${url}`)).toEqual([
      "GET /api/v1/events/acc/ev/coupons",
      "POST /api/v1/events/acc/ev/coupons",
      "POST /api/v1/events/acc/ev/coupons/a",
      "DELETE /api/v1/events/acc/ev/coupons/b",
    ]);
  });
});
