import { afterEach, describe, expect, it } from "vitest";
import { readCsrfToken } from "./transport.ts";

describe("readCsrfToken", () => {
  const page = globalThis as { document?: { cookie: string } };
  afterEach(() => {
    delete page.document;
  });

  it("reads the anti-forgery cookie under its plain name and under its https __Host- name", () => {
    expect(readCsrfToken()).toBeNull();
    page.document = { cookie: "other=1; tessera_csrf=abc%3D" };
    expect(readCsrfToken()).toBe("abc=");
    page.document = { cookie: "__Host-tessera_csrf=def; theme=dark" };
    expect(readCsrfToken()).toBe("def");
    page.document = { cookie: "tessera_csrf_old=x" };
    expect(readCsrfToken()).toBeNull();
  });
});
