import { afterEach, describe, expect, it, vi } from "vitest";
import {
  campaignKeys,
  campaignQuery,
  campaignsQuery,
  cancelCampaignMutation,
  changeTemplateMutation,
  removeCampaignMutation,
  sendCampaignMutation,
  sendTestCampaign,
  SENDING_POLL_MS,
  updateCampaignMutation,
  type CampaignJson,
} from "./campaigns.ts";
import { creditKeys } from "./credits.ts";
import { refusal, runMutation, serve, testQueryClient } from "./testing.ts";

// Cast: a campaign as the API answers it (the test reads only these fields).
const campaign = (id: string, overrides: Partial<CampaignJson> = {}) =>
  ({
    id,
    eventId: "ev",
    name: id,
    type: "invitation",
    state: "pending",
    subject: "Hello",
    content: {},
    progress: null,
    ...overrides,
  }) as CampaignJson;
const listed = (client: ReturnType<typeof testQueryClient>["client"]) =>
  client.getQueryData<CampaignJson[]>(campaignKeys.list("acc", "ev"))?.map((item) => `${item.id}:${item.state}`);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the campaigns in the query layer", () => {
  it("reads the event's campaigns, and reads a campaign again every 2 s only while it is being sent", async () => {
    const calls = serve(() => ({ status: 200, body: { data: [campaign("a")] } }));
    const { client } = testQueryClient();
    expect((await client.fetchQuery(campaignsQuery("acc", "ev"))).map((item) => item.id)).toEqual(["a"]);
    expect(calls[0]).toMatchObject({ method: "GET", url: "/api/v1/events/acc/ev/campaigns" });
    const options = campaignQuery(client, "acc", "ev", "a");
    const interval = options.refetchInterval as (query: { state: { data?: CampaignJson } }) => number | false;
    expect(interval({ state: { data: campaign("a", { state: "sending" }) } })).toBe(SENDING_POLL_MS);
    expect(interval({ state: { data: campaign("a", { state: "sent" }) } })).toBe(false);
    expect(typeof options.initialData === "function" && options.initialData()).toMatchObject({ id: "a" });
  });

  it("keeps a changed campaign as answered, its summary and previews made stale", async () => {
    const { client } = testQueryClient();
    client.setQueryData(campaignKeys.list("acc", "ev"), [campaign("a")]);
    client.setQueryData(campaignKeys.summary("acc", "ev", "a"), { recipients: 1 });
    const calls = serve((call) =>
      call.url.endsWith("/template")
        ? { status: 200, body: campaign("a", { subject: "Thanks" }) }
        : { status: 200, body: campaign("a", { name: "Renamed" }) },
    );
    await runMutation(client, updateCampaignMutation(client, "acc", "ev"), { id: "a", body: { name: "Renamed" } });
    expect(calls[0]).toMatchObject({
      method: "POST",
      url: "/api/v1/events/acc/ev/campaigns/a",
      body: { name: "Renamed" },
    });
    expect(client.getQueryData<CampaignJson>(campaignKeys.detail("acc", "ev", "a"))?.name).toBe("Renamed");
    expect(client.getQueryState(campaignKeys.summary("acc", "ev", "a"))?.isInvalidated).toBe(true);

    await runMutation(client, changeTemplateMutation(client, "acc", "ev"), {
      id: "a",
      body: { type: "thank", language: "es" },
    });
    expect(calls.find((call) => call.url.endsWith("/template"))).toMatchObject({
      method: "POST",
      url: "/api/v1/events/acc/ev/campaigns/a/template",
      body: { type: "thank", language: "es" },
    });
    expect(client.getQueryData<CampaignJson>(campaignKeys.detail("acc", "ev", "a"))?.subject).toBe("Thanks");
  });

  it("sends, schedules, cancels and tests at the sending routes; a send makes the credits stale", async () => {
    const { client } = testQueryClient();
    client.setQueryData(campaignKeys.list("acc", "ev"), [campaign("a")]);
    client.setQueryData(creditKeys.remaining("acc", "campaign"), { remaining: 10 });
    const calls = serve((call) => {
      if (call.url.endsWith("/send")) {
        const body = call.body as { sendAt?: string };
        return { status: 200, body: campaign("a", { state: body.sendAt ? "scheduled" : "sending" }) };
      }
      if (call.url.endsWith("/cancel")) return { status: 200, body: campaign("a") };
      return { status: 200, body: { sentTo: "me@example.org" } };
    });
    await runMutation(client, sendCampaignMutation(client, "acc", "ev"), { id: "a" });
    expect(calls[0]).toMatchObject({ method: "POST", url: "/api/v1/events/acc/ev/campaigns/a/send", body: {} });
    expect(listed(client)).toEqual(["a:sending"]);
    expect(client.getQueryState(creditKeys.remaining("acc", "campaign"))?.isInvalidated).toBe(true);

    await runMutation(client, sendCampaignMutation(client, "acc", "ev"), {
      id: "a",
      sendAt: "2030-01-01T09:00:00.000Z",
    });
    expect(calls[1]).toMatchObject({ body: { sendAt: "2030-01-01T09:00:00.000Z" } });
    expect(listed(client)).toEqual(["a:scheduled"]);
    await runMutation(client, cancelCampaignMutation(client, "acc", "ev"), "a");
    expect(calls[2]).toMatchObject({ method: "POST", url: "/api/v1/events/acc/ev/campaigns/a/cancel" });
    expect(listed(client)).toEqual(["a:pending"]);
    expect(await sendTestCampaign("acc", "ev", "a", { language: "fr" })).toEqual({ sentTo: "me@example.org" });
    expect(calls[3]).toMatchObject({ url: "/api/v1/events/acc/ev/campaigns/a/test", body: { language: "fr" } });
  });

  it("drops a deleted campaign, and keeps the refusal of a send with what it says (credits missing)", async () => {
    const { client } = testQueryClient();
    client.setQueryData(campaignKeys.list("acc", "ev"), [campaign("a"), campaign("b")]);
    serve((call) =>
      call.url.endsWith("/send")
        ? {
            status: 409,
            body: {
              error: {
                code: "not_enough_credits",
                message: "Not enough credits: 5 credits are missing.",
                details: { missing: 5 },
              },
            },
          }
        : call.url.endsWith("/b")
          ? refusal(409, "campaign_already_sent")
          : { status: 200, body: { ok: true } },
    );
    await runMutation(client, removeCampaignMutation(client, "acc", "ev"), "a");
    expect(listed(client)).toEqual(["b:pending"]);
    await expect(runMutation(client, removeCampaignMutation(client, "acc", "ev"), "b")).rejects.toMatchObject({
      status: 409,
    });
    await expect(runMutation(client, sendCampaignMutation(client, "acc", "ev"), { id: "b" })).rejects.toMatchObject({
      code: "not_enough_credits",
      message: "Not enough credits: 5 credits are missing.",
      info: { missing: 5 },
    });
    expect(listed(client)).toEqual(["b:pending"]);
  });
});
