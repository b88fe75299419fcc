import { ApiError } from "@tessera/shared/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  checkinKeys,
  checkinsQuery,
  createAccessCodeMutation,
  createCheckinMutation,
  deskScan,
  deskSignInMutation,
  deskSignOut,
  DESK_TOKEN_KEY,
  readDeskToken,
  removeCheckinMutation,
  sendScan,
  storeDeskToken,
  type CheckinJson,
  type ScanAnswer,
} from "./checkins.ts";
import { refusal, runMutation, serve, testQueryClient } from "./testing.ts";

const SCAN_ID = "5b8f2d4e-6a1c-4e2b-9f3d-7c1a2b3c4d5e";

const session = (id: string, name = "Main door"): CheckinJson => ({
  id,
  eventId: "ev",
  name,
  type: "online",
  status: "enabled",
  conditions: null,
  conditionsText: null,
  displayedFields: ["firstName", "lastName"],
  options: { multipleEntries: false, reentryAfterExit: true, exitScans: false },
  lastConnections: [],
  createdAt: "2030-01-01T10:00:00.000Z",
  updatedAt: "2030-01-01T10:00:00.000Z",
  abilities: { update: true, delete: true, check: true },
});

const answer = (result: ScanAnswer["result"]): ScanAnswer => ({
  scanId: SCAN_ID,
  result,
  direction: "in",
  guest: { id: "g1", fields: { firstName: "Zoé" } },
  scannedAt: "2030-01-20T18:00:00.000Z",
  receivedAt: "2030-01-20T18:00:00.000Z",
  desk: "Door",
  forced: false,
  flagged: false,
  repeated: false,
});

/** A sessionStorage for the tests (Node has none). */
function stubSessionStorage() {
  const values = new Map<string, string>();
  vi.stubGlobal("sessionStorage", {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  });
  return values;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("check-in sessions in the query layer", () => {
  it("lists the event's sessions, keeps a created one first and forgets a deleted one", async () => {
    const calls = serve((call) => {
      if (call.method === "GET") return { status: 200, body: { data: [session("s1")] } };
      if (call.method === "POST") return { status: 201, body: session("s2", "VIP") };
      return { status: 200, body: { ok: true } };
    });
    const { client } = testQueryClient();
    expect(await client.fetchQuery(checkinsQuery("acc", "ev"))).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: "GET", url: "/api/v1/events/acc/ev/checkins" });

    await runMutation(client, createCheckinMutation(client, "acc", "ev"), { name: "VIP", type: "online" });
    expect(calls[1]).toMatchObject({ method: "POST", url: "/api/v1/events/acc/ev/checkins", body: { name: "VIP" } });
    expect(client.getQueryData<CheckinJson>(checkinKeys.detail("acc", "ev", "s2"))?.name).toBe("VIP");

    await runMutation(client, removeCheckinMutation(client, "acc", "ev"), "s2");
    expect(calls.some((call) => call.method === "DELETE" && call.url.endsWith("/checkins/s2"))).toBe(true);
    expect(client.getQueryData(checkinKeys.detail("acc", "ev", "s2"))).toBeUndefined();
  });

  it("gives the 409 of an event that holds its maximum of offline sessions as the API's error", async () => {
    serve(() => refusal(409, "max_checkins_reached"));
    const { client } = testQueryClient();
    await expect(
      runMutation(client, createCheckinMutation(client, "acc", "ev"), { name: "Hall", type: "offline" }),
    ).rejects.toMatchObject({ status: 409, code: "max_checkins_reached" });
  });

  it("makes an access code for a session: its text is in the answer", async () => {
    const calls = serve(() => ({
      status: 201,
      body: {
        id: "c1",
        checkinId: "s1",
        code: "ABCDE-FGHJK",
        hint: "JK",
        createdAt: "2030-01-01T10:00:00.000Z",
        createdBy: "Orla",
        revokedAt: null,
      },
    }));
    const { client } = testQueryClient();
    const code = await runMutation(client, createAccessCodeMutation(client, "acc", "ev"), "s1");
    expect(code.code).toBe("ABCDE-FGHJK");
    expect(calls[0]).toMatchObject({
      method: "POST",
      url: "/api/v1/events/acc/ev/checkincodes",
      body: { checkinId: "s1" },
    });
  });
});

describe("scans", () => {
  it("sends a scan again with the same scan id while no answer comes, and not after a refusal", async () => {
    let failures = 2;
    const sent: unknown[] = [];
    const send = async (body: { scanId: string }) => {
      sent.push(body);
      if (failures-- > 0) throw new ApiError(0, "network_error", "no network");
      return answer("ok");
    };
    const result = await sendScan(send, { scanId: SCAN_ID, code: "T1.x.y" }, { delay: () => 0 });
    expect(result.result).toBe("ok");
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((body) => (body as { scanId: string }).scanId))).toEqual(new Set([SCAN_ID]));

    const refused = vi.fn(async () => {
      throw new ApiError(422, "validation_failed", "no");
    });
    await expect(sendScan(refused, { scanId: SCAN_ID, code: "x" }, { delay: () => 0 })).rejects.toMatchObject({
      status: 422,
    });
    expect(refused).toHaveBeenCalledTimes(1);
  });

  it("a desk scans with its token, the same scan id on every try, never forcing an entry", async () => {
    stubSessionStorage();
    storeDeskToken("tsd_token");
    let tries = 0;
    const seen: { url: string; body: unknown }[] = [];
    vi.stubGlobal("fetch", async (url: string, init: { headers: Record<string, string>; body: string }) => {
      seen.push({ url, body: JSON.parse(init.body) });
      expect(init.headers.Authorization).toBe("Bearer tsd_token");
      if (tries++ === 0) throw new TypeError("Failed to fetch");
      return { status: 200, ok: true, headers: { get: () => null }, text: async () => JSON.stringify(answer("ok")) };
    });
    const result = await deskScan({ scanId: SCAN_ID, code: "T1.x.y", force: true }, { delay: () => 0 });
    expect(result.result).toBe("ok");
    expect(seen).toHaveLength(2);
    expect(seen.every((call) => call.url === "/api/v1/desk/check")).toBe(true);
    expect(seen.map((call) => call.body)).toEqual([
      { scanId: SCAN_ID, code: "T1.x.y" },
      { scanId: SCAN_ID, code: "T1.x.y" },
    ]);
  });
});

describe("the desk's sign-in", () => {
  it("trades the code for a token kept in this tab, and forgets it when signing out", async () => {
    const storage = stubSessionStorage();
    const calls = serve((call) =>
      call.method === "POST"
        ? {
            status: 201,
            body: {
              token: "tsd_new",
              desk: "Door 1",
              checkin: {
                id: "s1",
                eventId: "ev",
                name: "Main door",
                type: "online",
                status: "enabled",
                displayedFields: [{ id: "firstName", label: "First name" }],
                options: { multipleEntries: false, reentryAfterExit: true, exitScans: false },
                updatedAt: "2030-01-01T10:00:00.000Z",
              },
            },
          }
        : { status: 200, body: { ok: true } },
    );
    const { client } = testQueryClient();
    await runMutation(client, deskSignInMutation(client), { code: " abcde-fghjk ", desk: " Door 1 " });
    expect(calls[0]).toMatchObject({
      method: "POST",
      url: "/api/v1/desk/session",
      body: { code: "abcde-fghjk", desk: "Door 1" },
    });
    expect(storage.get(DESK_TOKEN_KEY)).toBe("tsd_new");
    expect(client.getQueryData<{ desk: string }>(["desk", "session"])?.desk).toBe("Door 1");

    await deskSignOut(client);
    expect(calls[1]).toMatchObject({ method: "DELETE", url: "/api/v1/desk/session" });
    expect(readDeskToken()).toBeNull();
    expect(client.getQueryData(["desk", "session"])).toBeUndefined();
  });

  it("a wrong code is refused with the API's 401, and no token is kept", async () => {
    stubSessionStorage();
    serve(() => refusal(401, "access_code_invalid"));
    const { client } = testQueryClient();
    await expect(runMutation(client, deskSignInMutation(client), { code: "nope", desk: "Door" })).rejects.toMatchObject(
      { status: 401, code: "access_code_invalid" },
    );
    expect(readDeskToken()).toBeNull();
  });
});
