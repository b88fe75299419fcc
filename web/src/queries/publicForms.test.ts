import { afterEach, describe, expect, it, vi } from "vitest";
import { isApiError } from "@tessera/shared/client";
import { publicFormKeys, publicFormQuery, sendFormMutation, uploadFormFileMutation } from "./publicForms.ts";
import { refusal, runMutation, serve, testQueryClient } from "./testing.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

const FORM_ID = "00000000-0000-4000-8000-0000000000ff";
const body = { formId: FORM_ID, mail: "nina@example.org", items: { firstName: "Nina", lastName: "N", answers: {} } };

describe("registration forms in the query layer", () => {
  it("reads the form by the event's slug, anonymously", async () => {
    const calls = serve(() => ({ status: 200, body: { id: FORM_ID, title: "Register" } }));
    const { client } = testQueryClient();
    await client.fetchQuery(publicFormQuery("summit", FORM_ID, "fr"));
    expect(calls[0]).toMatchObject({ method: "GET", url: `/api/v1/public/events/summit/forms/${FORM_ID}` });
  });

  it("sends the registration in the page's language", async () => {
    const calls = serve(() => ({ status: 201, body: { status: "confirmed", matchedExisting: false } }));
    const { client } = testQueryClient();
    const result = await runMutation(client, sendFormMutation("summit", FORM_ID, "fr"), body);
    expect(result.status).toBe("confirmed");
    expect(calls[0]).toMatchObject({ method: "POST", url: `/fr/summit/forms/sendForm/${FORM_ID}`, body });
  });

  it("reads the form again when an answer filled up meanwhile, not after other refusals", async () => {
    let answer = refusal(409, "option_quota_filled", [{ field: "items.answers.x", message: "Full" }]);
    serve((call) => (call.method === "GET" ? { status: 200, body: { id: FORM_ID } } : answer));
    const { client } = testQueryClient();
    await client.fetchQuery(publicFormQuery("summit", FORM_ID, "en"));
    const key = publicFormKeys.one("summit", FORM_ID, "en");
    const full = await runMutation(client, sendFormMutation("summit", FORM_ID, "en"), body).catch((e: unknown) => e);
    expect(isApiError(full) && full.details).toEqual([{ field: "items.answers.x", message: "Full" }]);
    expect(client.getQueryState(key)?.isInvalidated).toBe(true);

    await client.refetchQueries({ queryKey: key });
    for (answer of [
      refusal(422, "invalid_input", [{ field: "mail", message: "Mail format is incorrect." }]),
      refusal(409, "max_registrations_reached"),
    ]) {
      await runMutation(client, sendFormMutation("summit", FORM_ID, "en"), body).catch(() => undefined);
      expect(client.getQueryState(key)?.isInvalidated).toBe(false);
    }
  });

  it("uploads a file question's file at once, as multipart, and keeps the API's refusal with its message", async () => {
    const FIELD_ID = "00000000-0000-4000-8000-0000000000aa";
    const uploaded = { uploadId: "00000000-0000-4000-8000-0000000000bb", uploadKey: "tsu_x", name: "cv.pdf", size: 4 };
    let answer = { status: 201, body: uploaded } as { status: number; body?: unknown };
    const calls = serve(() => answer);
    const { client } = testQueryClient();
    const file = new File(["%PDF"], "cv.pdf", { type: "application/pdf" });
    const result = await runMutation(client, uploadFormFileMutation("summit", FORM_ID), {
      file,
      customFieldId: FIELD_ID,
    });
    expect(result).toEqual(uploaded);
    expect(calls[0]).toMatchObject({ method: "POST", url: "/summit/forms/uploadFile" });
    const form = calls[0]!.body as FormData;
    expect(form.get("formId")).toBe(FORM_ID);
    expect(form.get("customFieldId")).toBe(FIELD_ID);
    expect((form.get("file") as File).name).toBe("cv.pdf");

    answer = refusal(413, "file_too_big");
    const tooBig = await runMutation(client, uploadFormFileMutation("summit", FORM_ID), {
      file,
      customFieldId: FIELD_ID,
    }).catch((error: unknown) => error);
    expect(isApiError(tooBig) && [tooBig.status, tooBig.message]).toEqual([413, "file_too_big"]);
  });
});
