import { afterEach, describe, expect, it, vi } from "vitest";
import {
  organizersQuery,
  saveOrganizerMutation,
  ticketingParamKeys,
  ticketingParamsQuery,
  updateTicketingParamsMutation,
  type OrganizerJson,
  type TicketingParamsJson,
} from "./ticketingParams.ts";
import { refusal, runMutation, serve, testQueryClient } from "./testing.ts";

const at = "2030-01-01T10:00:00.000Z";
const organizer: OrganizerJson = {
  id: "o",
  corporateName: "Maison Lumière",
  legalStructure: null,
  shareCapitalCents: null,
  siret: "73282932000074",
  rcsNumber: null,
  street: null,
  zip: null,
  city: null,
  vatStatus: "subject",
  vatNumber: null,
  legalMentions: null,
  createdAt: at,
  updatedAt: at,
};
const params: TicketingParamsJson = {
  ticketOffice: "closed",
  mode: "test",
  terms: null,
  paymentMethods: ["card"],
  organizerId: null,
  salesStartedAt: null,
  updatedAt: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the Params tab in the query layer", () => {
  it("reads the organizers and the parameters, saves an organizer and keeps the parameters the API answers", async () => {
    const calls = serve(({ method, url, body }) => {
      if (url.endsWith("/organizers")) return { status: 200, body: method === "GET" ? { data: [] } : organizer };
      if (method === "GET") return { status: 200, body: params };
      if ((body as { ticketOffice?: string }).ticketOffice === "opened") return refusal(409, "form_not_set", []);
      return { status: 200, body: { ...params, ...(body as object) } };
    });
    const { client } = testQueryClient();
    expect(await client.fetchQuery(organizersQuery("acc", "ev"))).toEqual([]);
    expect(await client.fetchQuery(ticketingParamsQuery("acc", "ev"))).toEqual(params);

    await runMutation(client, saveOrganizerMutation(client, "acc", "ev"), {
      corporateName: "Maison Lumière",
      siret: "73282932000074",
      vatStatus: "subject",
    });
    expect(client.getQueryData(ticketingParamKeys.organizers("acc", "ev"))).toEqual([organizer]);

    await runMutation(client, updateTicketingParamsMutation(client, "acc", "ev"), { organizerId: "o" });
    expect(client.getQueryData(ticketingParamKeys.params("acc", "ev"))).toMatchObject({ organizerId: "o" });

    await expect(
      runMutation(client, updateTicketingParamsMutation(client, "acc", "ev"), { ticketOffice: "opened" }),
    ).rejects.toMatchObject({ code: "form_not_set" });
    expect(client.getQueryData(ticketingParamKeys.params("acc", "ev"))).toMatchObject({ ticketOffice: "closed" });
    expect(calls.map(({ method, url }) => `${method} ${url}`)).toEqual([
      "GET /api/v1/events/acc/ev/organizers",
      "GET /api/v1/events/acc/ev/ticketingparams",
      "POST /api/v1/events/acc/ev/organizers",
      "POST /api/v1/events/acc/ev/ticketingparams",
      "POST /api/v1/events/acc/ev/ticketingparams",
    ]);
  });
});
