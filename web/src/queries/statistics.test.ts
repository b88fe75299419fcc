import { afterEach, describe, expect, it, vi } from "vitest";
import {
  attendanceStatisticsQuery,
  checkinStatisticsQuery,
  CHECKIN_FIGURES_REFRESH_MS,
  statisticsKeys,
  type AttendanceStatisticsJson,
  type CheckinStatisticsJson,
} from "./statistics.ts";
import { refusal, serve, testQueryClient } from "./testing.ts";

const figures = (population: number): AttendanceStatisticsJson => ({
  guests: 3,
  statuses: [{ status: "confirmed", label: "Confirmed", count: 3 }],
  forms: [],
  form: null,
  population,
  questions: [],
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the event's statistics in the query layer", () => {
  it("reads every field's figures, or one form's, each under its own key", async () => {
    const calls = serve((call) => ({ status: 200, body: figures(call.url.includes("form=") ? 1 : 3) }));
    const { client } = testQueryClient();
    expect((await client.fetchQuery(attendanceStatisticsQuery("acc", "ev", null))).population).toBe(3);
    expect(calls[0]).toMatchObject({ method: "GET", url: "/api/v1/events/acc/ev/statistics/attendance" });
    expect((await client.fetchQuery(attendanceStatisticsQuery("acc", "ev", "f1"))).population).toBe(1);
    expect(calls[1]!.url).toBe("/api/v1/events/acc/ev/statistics/attendance?form=f1");
    expect(
      client.getQueryData<AttendanceStatisticsJson>(statisticsKeys.attendance("acc", "ev", null))?.population,
    ).toBe(3);
    expect(statisticsKeys.attendance("acc", "ev", "f1").slice(0, 3)).toEqual(statisticsKeys.all("acc", "ev"));
  });

  it("reads the figures again each time they are asked for: guests keep registering", async () => {
    let population = 3;
    const calls = serve(() => ({ status: 200, body: figures(population) }));
    const { client } = testQueryClient();
    const query = attendanceStatisticsQuery("acc", "ev", null);
    await client.fetchQuery(query);
    population = 4;
    expect((await client.fetchQuery(query)).population).toBe(4);
    expect(calls).toHaveLength(2);
  });

  it("gives a refusal as the API's error (404: another account's event), without retrying it", async () => {
    const calls = serve(() => refusal(404, "not_found"));
    const { client } = testQueryClient();
    await expect(client.fetchQuery(attendanceStatisticsQuery("acc", "ev", null))).rejects.toMatchObject({
      status: 404,
      code: "not_found",
    });
    expect(calls).toHaveLength(1);
  });
});

const checkinFigures = (checkinId: string | null, total: number): CheckinStatisticsJson => ({
  timezone: "Europe/Paris",
  checkinId,
  sessions: [],
  arrivals: { bucket: "5min", total, points: [] },
  desks: [],
});

describe("the event's check-in figures in the query layer", () => {
  it("reads every session's figures, or one session's, each under its own key", async () => {
    const calls = serve((call) => {
      const checkinId = new URL(call.url, "http://x").searchParams.get("checkinId");
      return { status: 200, body: checkinFigures(checkinId, checkinId ? 1 : 5) };
    });
    const { client } = testQueryClient();
    expect((await client.fetchQuery(checkinStatisticsQuery("acc", "ev", null))).arrivals.total).toBe(5);
    expect(calls[0]).toMatchObject({ method: "GET", url: "/api/v1/events/acc/ev/statistics/checkin" });
    expect((await client.fetchQuery(checkinStatisticsQuery("acc", "ev", "s1"))).checkinId).toBe("s1");
    expect(calls[1]!.url).toBe("/api/v1/events/acc/ev/statistics/checkin?checkinId=s1");
    expect(client.getQueryData<CheckinStatisticsJson>(statisticsKeys.checkin("acc", "ev", null))?.arrivals.total).toBe(
      5,
    );
    expect(statisticsKeys.checkin("acc", "ev", "s1").slice(0, 3)).toEqual(statisticsKeys.all("acc", "ev"));
    expect(statisticsKeys.checkin("acc", "ev", null)).not.toEqual(statisticsKeys.attendance("acc", "ev", null));
  });

  it("reads the figures again each time they are asked for, and every 30 s while shown: guests keep arriving", async () => {
    let total = 1;
    const calls = serve(() => ({ status: 200, body: checkinFigures(null, total) }));
    const { client } = testQueryClient();
    const query = checkinStatisticsQuery("acc", "ev", null);
    expect(query.refetchInterval).toBe(CHECKIN_FIGURES_REFRESH_MS);
    expect(CHECKIN_FIGURES_REFRESH_MS).toBe(30_000);
    await client.fetchQuery(query);
    total = 2;
    expect((await client.fetchQuery(query)).arrivals.total).toBe(2);
    expect(calls).toHaveLength(2);
  });

  it("gives a refusal as the API's error (404: another account's event or session), without retrying it", async () => {
    const calls = serve(() => refusal(404, "not_found"));
    const { client } = testQueryClient();
    await expect(client.fetchQuery(checkinStatisticsQuery("acc", "ev", "s1"))).rejects.toMatchObject({
      status: 404,
      code: "not_found",
    });
    expect(calls).toHaveLength(1);
  });
});
