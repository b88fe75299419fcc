import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openLocalDb, type LocalDb } from "./localDb.ts";
import { createSearchHandlers, foldText, SEARCH_LIMIT } from "./search.ts";

function localDbWith(guests: { id: string; fields: Record<string, unknown>; allowed?: boolean }[]): LocalDb {
  const db = openLocalDb(path.join(mkdtempSync(path.join(tmpdir(), "desk-search-")), "desk.sqlite"));
  const insert = db.prepare(
    "INSERT INTO guests (id, allowed, fields, updated_at, download) VALUES (?, ?, ?, '2026-01-01T00:00:00Z', 1)",
  );
  for (const guest of guests) insert.run(guest.id, guest.allowed === false ? 0 : 1, JSON.stringify(guest.fields));
  return db;
}

describe("the desk's offline search", () => {
  const guests = [
    { id: "g1", fields: { firstName: "Zoé", lastName: "Lefèvre", email: "zoe@cafe.example", company: "Café" } },
    { id: "g2", fields: { firstName: "Hugo", lastName: "Martin", email: "hugo@example.org" } },
    { id: "g3", fields: { firstName: "Hugo", lastName: "Martin", email: "h.martin@example.net" } },
    { id: "g4", fields: { firstName: "Ana", lastName: "Núñez", email: "ana@example.es" } },
    { id: "g5", fields: { firstName: "Zoé", lastName: "Hidden", email: "hidden@example.org" }, allowed: false },
  ];

  it("folds accents, case and spaces", () => {
    expect(foldText("  Zoé   LEFÈVRE ")).toBe("zoe lefevre");
    expect(foldText("Núñez")).toBe("nunez");
  });

  it("finds guests by any part of their name or email, accents and case aside, in name order", async () => {
    const db = localDbWith(guests);
    const search = createSearchHandlers({ core: { database: () => db } })["desk.search"];
    expect((await search("zoe")).map((hit) => hit.id)).toEqual(["g1"]);
    expect((await search("LEFEVRE z")).map((hit) => hit.id)).toEqual(["g1"]);
    expect((await search("nunez")).map((hit) => hit.id)).toEqual(["g4"]);
    expect((await search("martin")).map((hit) => hit.id)).toEqual(["g2", "g3"]);
    expect((await search("example.net")).map((hit) => hit.id)).toEqual(["g3"]);
    expect(await search("z")).toEqual([]);
    expect(await search("nobody")).toEqual([]);
    // The hit carries the fields the session shows (web's SearchHit).
    expect((await search("zoé"))[0]).toEqual({ id: "g1", fields: guests[0]!.fields });
    db.close();
  });

  it("answers 20 guests at most", async () => {
    const many = Array.from({ length: 30 }, (_, index) => ({
      id: `m${String(index).padStart(2, "0")}`,
      fields: { firstName: "Many", lastName: `Namesake ${String(index).padStart(2, "0")}` },
    }));
    const db = localDbWith(many);
    const hits = await createSearchHandlers({ core: { database: () => db } })["desk.search"]("many");
    expect(hits).toHaveLength(SEARCH_LIMIT);
    expect(hits[0]!.id).toBe("m00");
    db.close();
  });

  it("finds a kiosk's guest only by their exact full name, and asks for the email between namesakes", async () => {
    const db = localDbWith(guests);
    const find = createSearchHandlers({ core: { database: () => db } })["desk.kioskFind"];
    expect(await find({ name: "zoe lefevre" })).toEqual({
      kind: "found",
      guest: { id: "g1", fields: guests[0]!.fields },
    });
    expect(await find({ name: "LEFÈVRE Zoé" })).toMatchObject({ kind: "found", guest: { id: "g1" } });
    // Part of a name finds no one: a kiosk never lists guests.
    expect(await find({ name: "zoe" })).toEqual({ kind: "none" });
    expect(await find({ name: "zoe lef" })).toEqual({ kind: "none" });
    expect(await find({ name: "Zoé Hidden" })).toEqual({ kind: "none" });
    expect(await find({ name: "Hugo Martin" })).toEqual({ kind: "ambiguous" });
    expect(await find({ name: "Hugo Martin", email: " H.Martin@example.net" })).toMatchObject({
      kind: "found",
      guest: { id: "g3" },
    });
    expect(await find({ name: "Hugo Martin", email: "someone@example.com" })).toEqual({ kind: "none" });
    db.close();
  });
});
