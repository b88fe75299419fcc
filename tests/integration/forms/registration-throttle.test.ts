import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildCustomField } from "../../helpers/guests.ts";
import { useTestServer } from "../../helpers/suite.ts";
import { postMultipart } from "../../helpers/uploads.ts";
import { PDF } from "../../helpers/zipFixtures.ts";
import { buildForm } from "../../helpers/forms.ts";

/**
 * Registrations and form uploads from one address are limited within the throttle's window
 * (THROTTLE_REGISTRATIONS_PER_IP, each counted apart): past the limit, 429 with the wait in the page's
 * language and nothing saved; other addresses still register.
 */
describe.each(databaseKinds())("registrations throttled per address on %s", (kind) => {
  const suite = useTestServer(kind, { env: { THROTTLE_REGISTRATIONS_PER_IP: "3", TRUST_PROXY: "1" } });

  async function setUp() {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id);
    const cv = await buildCustomField(db, event, { label: "Your CV", type: "file" });
    const form = await buildForm(db, event, {
      items: [{ kind: "question", id: "cv", fieldId: cv.id }],
    });
    const send = (mail: string, address: string) =>
      suite.server.http.post(
        `/fr/${event.slug}/forms/sendForm/${form.id}`,
        { formId: form.id, mail, items: { firstName: "Ada", lastName: "Lovelace", answers: {} } },
        { headers: { "X-Forwarded-For": address } },
      );
    const upload = (address: string) =>
      postMultipart(suite.server.baseUrl, `/${event.slug}/forms/uploadFile`, {
        fields: { formId: form.id, customFieldId: cv.id },
        files: [{ bytes: PDF, fileName: "cv.pdf", contentType: "application/pdf" }],
        headers: { "X-Forwarded-For": address },
      });
    return { db, event, send, upload };
  }

  it("answers 429 past the limit from one address, saves nothing, and lets other addresses register", async () => {
    const { db, event, send } = await setUp();
    for (const n of [1, 2, 3]) expect((await send(`guest${n}@example.org`, "203.0.113.7")).status).toBe(201);
    const refused = await send("guest4@example.org", "203.0.113.7");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.body.error.code).toBe("too_many_attempts");
    expect(refused.body.error.message).toMatch(/minute/);
    expect(await db("guests").where({ eventId: event.id, emailNormalized: "guest4@example.org" })).toHaveLength(0);
    expect((await send("guest5@example.org", "198.51.100.9")).status).toBe(201);
  });

  it("counts uploads apart from registrations", async () => {
    const { send, upload } = await setUp();
    for (let n = 0; n < 3; n++) expect((await upload("192.0.2.44")).status).toBe(201);
    expect((await upload("192.0.2.44")).status).toBe(429);
    expect((await send("after-uploads@example.org", "192.0.2.44")).status).toBe(201);
  });
});
