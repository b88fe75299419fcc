import { describe, expect, it } from "vitest";
import { Event } from "../../../api/src/models/Event.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { useCastServer } from "../../helpers/suite.ts";

/** Input no schema accepts is refused with a 422 and a catalogue message, never a 500, and stores nothing. */
describe.each(databaseKinds())("hostile input on %s", (kind) => {
  const suite = useCastServer(kind);

  it("refuses a NUL character in any string, signed in or not, in the caller's language", async () => {
    const login = await suite.server.http.post("/api/v1/auth/login", { email: "a\u0000@example.org", password: "x" });
    expect(login.status).toBe(422);
    expect(login.body.error.details).toEqual([
      { field: "email", code: "invalid_characters", message: "This field contains a character that is not allowed." },
    ]);
    const french = await suite.server.http.post(
      "/api/v1/auth/login",
      { email: "a@example.org", password: "x\u0000" },
      { lang: "fr" },
    );
    expect(french.status).toBe(422);
    expect(french.body.error.details[0].message).toBe("Ce champ contient un caractère non autorisé.");

    const event = await buildEvent(suite.server.db, suite.cast.accountA.id, { name: "Before" });
    const renamed = await suite.cast
      .client("overseer")
      .post(`/api/v1/accounts/${suite.cast.accountA.id}/events/${event.id}`, { name: "Gala\u0000" });
    expect(renamed.status).toBe(422);
    expect(renamed.body.error.details[0]).toMatchObject({ field: "name", code: "invalid_characters" });
    const users = `/api/v1/events/${suite.cast.accountA.id}/${event.id}/users`;
    const search = await suite.cast.client("overseer").get(`${users}?search=${encodeURIComponent("a\u0000")}`);
    expect(search.status).toBe(422);
    expect((await Event.query(suite.server.db).findById(event.id))!.name).toBe("Before");
  });

  it("refuses JSON nested 10,000 levels deep", async () => {
    const deep = "[".repeat(10_000) + "]".repeat(10_000);
    const response = await suite.server.http.post("/api/v1/auth/login", `{"email":${deep},"password":"x"}`);
    expect(response.status).toBe(422);
    expect(response.body.error.details).toEqual([
      { field: "", code: "too_deep", message: "This data is nested too deeply." },
    ]);
  });
});
