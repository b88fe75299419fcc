import { describe, expect, it } from "vitest";
import { AddressChanges, patched } from "./addressChanges.ts";

describe("patched", () => {
  it("sets, replaces and removes parameters, keeping the others", () => {
    expect(patched("search=acme&page=2", { page: null, createdFrom: "2026-11-26", search: "globex" })).toBe(
      "search=globex&createdFrom=2026-11-26",
    );
    expect(patched("a=1", { a: "" })).toBe("");
  });
});

describe("AddressChanges", () => {
  it("keeps both of two changes asked for before the address is rendered again", () => {
    const changes = new AddressChanges("search=acme");
    const first = changes.ask({ createdFrom: "d1" });
    const second = changes.ask({ createdTo: "d2" });
    expect(second).toBe("search=acme&createdFrom=d1&createdTo=d2");
    // The first change rendered while the second is still on its way: a third builds on the second.
    changes.rendered(first);
    expect(changes.ask({ search: null })).toBe("createdFrom=d1&createdTo=d2");
  });

  it("starts again from an address it did not ask for (back, a link)", () => {
    const changes = new AddressChanges("search=acme");
    changes.ask({ createdFrom: "d1" });
    changes.rendered("status=confirmed");
    expect(changes.ask({ page: "2" })).toBe("status=confirmed&page=2");
  });

  it("starts from the rendered address once every change has been rendered", () => {
    const changes = new AddressChanges("");
    changes.rendered(changes.ask({ a: "1" }));
    changes.rendered("a=1&b=2");
    expect(changes.ask({ c: "3" })).toBe("a=1&b=2&c=3");
  });
});
