import { afterEach, describe, expect, it, vi } from "vitest";
import {
  GuestSessionEnded,
  answerPortalSurveyMutation,
  cancelPortalRegistrationMutation,
  portalAttendeesQuery,
  portalCompanionFormQuery,
  portalCompanionsQuery,
  portalKeys,
  portalMeQuery,
  portalRegistrationQuery,
  portalSignInMutation,
  portalSignOutMutation,
  portalSurveyQuery,
  portalSurveysQuery,
  removePortalCompanionMutation,
  savePortalCompanionMutation,
  updatePortalRegistrationMutation,
} from "./portal.ts";
import { publicFormQuery } from "./publicForms.ts";
import { refusal, runMutation, serve, testQueryClient, type Answer } from "./testing.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

const me = {
  guest: { id: "g-1", firstName: "Ada", lastName: "Lovelace", email: "ada@example.org", status: "confirmed" },
  event: { name: "Summit", slug: "summit" },
};

describe("the guest portal in the query layer", () => {
  it("reads nobody signed in from a 401, without ending the back-office's session", async () => {
    const calls = serve(() => ({ status: 401, body: { error: { code: "unauthenticated", message: "Sign in" } } }));
    const { client, ends } = testQueryClient();
    expect(await client.fetchQuery(portalMeQuery("summit"))).toBeNull();
    expect(calls[0]).toMatchObject({ method: "GET", url: "/api/v1/public/events/summit/portal/me" });
    expect(ends.count).toBe(0);
  });

  it("knows the guest once signed in with the link's token, and forgets them on sign-out", async () => {
    const calls = serve((call) =>
      call.url.endsWith("/session") ? { status: 200, body: me } : { status: 200, body: { ok: true } },
    );
    const { client } = testQueryClient();
    await runMutation(client, portalSignInMutation("summit"), { token: "tsl_0123456789abcdefghij" });
    expect(calls[0]).toMatchObject({
      method: "POST",
      url: "/api/v1/public/events/summit/portal/session",
      body: { token: "tsl_0123456789abcdefghij" },
    });
    expect(client.getQueryData(portalKeys.me("summit"))).toEqual(me);
    await runMutation(client, portalSignOutMutation("summit"), undefined);
    expect(calls[1]).toMatchObject({ method: "POST", url: "/api/v1/public/events/summit/portal/logout" });
    expect(client.getQueryData(portalKeys.me("summit"))).toBeNull();
  });

  it("forgets the guest when a call of theirs is answered 401, without ending the back-office's session", async () => {
    serve(() => refusal(401, "unauthenticated"));
    const { client, ends } = testQueryClient();
    client.setQueryData(portalKeys.me("summit"), me);
    const error = await client.fetchQuery(portalRegistrationQuery("summit")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GuestSessionEnded);
    expect(client.getQueryData(portalKeys.me("summit"))).toBeNull();
    const failed = await runMutation(client, cancelPortalRegistrationMutation("summit"), undefined).catch(
      (e: unknown) => e,
    );
    expect(failed).toBeInstanceOf(GuestSessionEnded);
    expect(ends.count).toBe(0);
  });

  it("changes the registration, reads it again, and reads the form again when an answer filled up", async () => {
    const FORM_ID = "00000000-0000-4000-8000-0000000000ff";
    const registration = {
      formId: FORM_ID,
      status: "confirmed",
      firstName: "Ada",
      lastName: "L",
      listedConsent: false,
      answers: {},
    };
    let answer: Answer = { status: 200, body: { status: "confirmed", matchedExisting: true } };
    const calls = serve((call) =>
      call.method === "POST"
        ? answer
        : {
            status: 200,
            body: call.url.endsWith("/registration") ? registration : call.url.endsWith("/me") ? me : { id: FORM_ID },
          },
    );
    const { client } = testQueryClient();
    await client.fetchQuery(portalRegistrationQuery("summit"));
    expect(calls[0]).toMatchObject({ method: "GET", url: "/api/v1/public/events/summit/portal/registration" });
    await client.fetchQuery(publicFormQuery("summit", FORM_ID, "en"));
    const items = { firstName: "Ada", lastName: "King", answers: { x: "am" } };
    await runMutation(client, updatePortalRegistrationMutation("summit"), items);
    expect(calls[2]).toMatchObject({
      method: "POST",
      url: "/api/v1/public/events/summit/portal/registration",
      body: items,
    });
    expect(client.getQueryState(portalKeys.registration("summit"))?.isInvalidated).toBe(true);
    expect(client.getQueryState(["publicForm", "summit", FORM_ID, "en"])?.isInvalidated).toBe(false);

    answer = refusal(409, "option_quota_filled", [{ field: "items.answers.x", message: "Full" }]);
    await runMutation(client, updatePortalRegistrationMutation("summit"), items).catch(() => undefined);
    expect(client.getQueryState(["publicForm", "summit", FORM_ID, "en"])?.isInvalidated).toBe(true);
  });

  it("cancels the registration: the guest's status says so at once", async () => {
    const calls = serve((call) =>
      call.method === "POST"
        ? { status: 200, body: { status: "cancelled", matchedExisting: true } }
        : { status: 200, body: me },
    );
    const { client } = testQueryClient();
    client.setQueryData(portalKeys.me("summit"), me);
    await runMutation(client, cancelPortalRegistrationMutation("summit"), undefined);
    expect(calls[0]).toMatchObject({ method: "POST", url: "/api/v1/public/events/summit/portal/unregister" });
    expect(client.getQueryData<typeof me>(portalKeys.me("summit"))?.guest.status).toBe("cancelled");
  });

  it("lists, adds, changes and removes companions; no companion form reads as none", async () => {
    const companion = {
      id: "00000000-0000-4000-8000-0000000000c1",
      firstName: "Bo",
      lastName: "L",
      email: null,
      status: "confirmed",
      answers: {},
    };
    const calls = serve((call) => {
      if (call.url.endsWith("/companion-form")) return refusal(404, "form_not_set");
      if (call.method === "GET") return { status: 200, body: { data: [companion], max: 2 } };
      if (call.method === "DELETE") return { status: 200, body: { ok: true } };
      return { status: 201, body: companion };
    });
    const { client } = testQueryClient();
    expect(await client.fetchQuery(portalCompanionsQuery("summit"))).toEqual({ data: [companion], max: 2 });
    expect(await client.fetchQuery(portalCompanionFormQuery("summit"))).toBeNull();
    const body = { firstName: "Bo", lastName: "L", email: "", answers: {} };
    await runMutation(client, savePortalCompanionMutation("summit"), { id: null, body });
    expect(calls[2]).toMatchObject({ method: "POST", url: "/api/v1/public/events/summit/portal/companions", body });
    expect(client.getQueryState(portalKeys.companions("summit"))?.isInvalidated).toBe(true);
    await runMutation(client, savePortalCompanionMutation("summit"), { id: companion.id, body });
    expect(calls.at(-1)).toMatchObject({
      method: "POST",
      url: `/api/v1/public/events/summit/portal/companions/${companion.id}`,
    });
    await runMutation(client, removePortalCompanionMutation("summit"), companion.id);
    expect(calls.find((call) => call.method === "DELETE")).toMatchObject({
      url: `/api/v1/public/events/summit/portal/companions/${companion.id}`,
    });
  });

  it("reads the surveys and a survey's questions, answers once, and reads the list again after a refusal", async () => {
    const SURVEY = "00000000-0000-4000-8000-0000000000a1";
    let answer: Answer = { status: 201, body: { ok: true } };
    const calls = serve((call) => {
      if (call.method === "POST") return answer;
      if (call.url.endsWith("/surveys"))
        return { status: 200, body: { data: [{ id: SURVEY, title: "How was it?", isOpen: true, answered: false }] } };
      return { status: 200, body: { id: SURVEY } };
    });
    const { client } = testQueryClient();
    expect(await client.fetchQuery(portalSurveysQuery("summit"))).toHaveLength(1);
    await client.fetchQuery(portalSurveyQuery("summit", SURVEY));
    expect(calls[1]).toMatchObject({ method: "GET", url: `/api/v1/public/events/summit/portal/surveys/${SURVEY}` });
    await runMutation(client, answerPortalSurveyMutation("summit", SURVEY), { r: 4 });
    expect(calls[2]).toMatchObject({ method: "POST", body: { answers: { r: 4 } } });
    expect(client.getQueryState(portalKeys.surveys("summit"))?.isInvalidated).toBe(true);

    await client.refetchQueries({ queryKey: portalKeys.surveys("summit"), exact: true });
    answer = refusal(409, "survey_already_answered");
    await runMutation(client, answerPortalSurveyMutation("summit", SURVEY), { r: 4 }).catch(() => undefined);
    expect(client.getQueryState(portalKeys.surveys("summit"))?.isInvalidated).toBe(true);
  });

  it("reads the attendees list when it is published, nothing when it is not", async () => {
    let published = true;
    serve(() =>
      published
        ? { status: 200, body: { data: [{ firstName: "Ada", lastName: "L", company: null }] } }
        : refusal(404, "not_found"),
    );
    const { client } = testQueryClient();
    expect(await client.fetchQuery(portalAttendeesQuery("summit"))).toEqual([
      { firstName: "Ada", lastName: "L", company: null },
    ]);
    published = false;
    expect(await client.fetchQuery({ ...portalAttendeesQuery("summit"), staleTime: 0 })).toBeNull();
  });

  it("forgets the guest's data on sign-out", async () => {
    serve(() => ({ status: 200, body: { ok: true } }));
    const { client } = testQueryClient();
    client.setQueryData(portalKeys.me("summit"), me);
    client.setQueryData(portalKeys.companions("summit"), { data: [], max: null });
    await runMutation(client, portalSignOutMutation("summit"), undefined);
    expect(client.getQueryData(portalKeys.companions("summit"))).toBeUndefined();
    expect(client.getQueryData(portalKeys.me("summit"))).toBeNull();
  });
});
