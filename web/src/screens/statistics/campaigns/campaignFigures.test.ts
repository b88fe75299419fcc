import { describe, expect, it } from "vitest";
import type { CampaignFiguresJson } from "@/queries/campaignStatistics.ts";
import {
  deliveredBase,
  formatDay,
  formatRate,
  funnelRows,
  headlineRates,
  suppressionReason,
  timelineRows,
} from "./campaignFigures.ts";

const figures = (values: Partial<CampaignFiguresJson>): CampaignFiguresJson => ({
  recipients: 0,
  sent: 0,
  delivered: 0,
  openedByPeople: 0,
  openedByMachinesOnly: 0,
  machineOpens: 0,
  clicked: 0,
  machineClicks: 0,
  unsubscribed: 0,
  bounced: 0,
  softBounced: 0,
  complaints: 0,
  blocked: 0,
  failed: 0,
  queued: 0,
  ...values,
});

describe("a campaign's figures on the Statistics screens", () => {
  it("takes the rates over the delivered messages, a message sent and not bounced counting as delivered", () => {
    // No delivery report (an SMTP server that sends none): 10 sent, 2 bounced, 8 reached.
    expect(deliveredBase(figures({ sent: 10, bounced: 2 }))).toBe(8);
    // More reports than sent and not bounced cannot be: the reports win when they say more.
    expect(deliveredBase(figures({ sent: 10, bounced: 2, delivered: 9 }))).toBe(9);
    const rates = headlineRates(figures({ sent: 10, bounced: 2, openedByPeople: 4, clicked: 1, unsubscribed: 2 }));
    expect(rates).toEqual({ base: 8, opened: 0.5, clicked: 0.125, unsubscribed: 0.25, bounced: 0.2 });
    expect(headlineRates(figures({})).opened).toBeNull();
  });

  it("writes a rate in the reader's language, a dash when there is none", () => {
    expect(formatRate(0.125, "en")).toBe("12.5%");
    expect(formatRate(0.5, "fr").replace(/\s/g, " ")).toBe("50 %");
    expect(formatRate(null, "en")).toBe("—");
  });

  it("goes from recipients to clicks, machines' opens left out", () => {
    const rows = funnelRows(
      figures({ recipients: 7, sent: 5, bounced: 1, openedByPeople: 3, machineOpens: 9, clicked: 1, delivered: 1 }),
    );
    expect(rows).toEqual([
      { step: "recipients", count: 7 },
      { step: "sent", count: 5 },
      { step: "delivered", count: 4 },
      { step: "openedByPeople", count: 3 },
      { step: "clicked", count: 1 },
    ]);
  });

  it("names the timeline's hours on the event's wall clock, with their day when they spread over two", () => {
    const rows = timelineRows(
      {
        bucket: "hour",
        points: [
          { start: "2026-11-20T22:00:00.000Z", opens: 3, clicks: 1, machineOpens: 2 },
          { start: "2026-11-20T23:00:00.000Z", opens: 1, clicks: 0, machineOpens: 0 },
        ],
      },
      "Europe/Paris",
      "en-GB",
    );
    expect(rows.map((row) => row.label)).toEqual(["20 Nov, 23:00", "21 Nov, 00:00"]);
    expect(rows[0]).toMatchObject({ opens: 3, clicks: 1, machineOpens: 2 });
  });

  it("writes a day of the deliverability as it is, whatever the browser's zone", () => {
    expect(formatDay("2026-11-20", "en-GB")).toBe("20 Nov 2026");
  });

  it("names why the sender left an address out, and leaves a mail server's answer as it is", () => {
    expect(suppressionReason("suppressed: blocked")).toBe("blocked");
    expect(suppressionReason("suppressed: hard_bounce")).toBe("bounced");
    expect(suppressionReason("suppressed: complaint")).toBe("complained");
    expect(suppressionReason("550 5.1.1 User unknown")).toBeNull();
    expect(suppressionReason(null)).toBeNull();
  });
});
