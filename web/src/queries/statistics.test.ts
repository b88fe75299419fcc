import { afterEach, describe, expect, it, vi } from "vitest";
import { attendanceStatisticsQuery, statisticsKeys, type AttendanceStatisticsJson } from "./statistics.ts";
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
