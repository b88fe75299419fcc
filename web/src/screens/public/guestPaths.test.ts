import { describe, expect, it } from "vitest";
import { guestPaths, languagePrefix, pathInLanguage } from "./guestPaths.ts";

describe("the guest site's addresses", () => {
  it("puts the language first, none for English", () => {
    expect(languagePrefix("en")).toBe("");
    expect(guestPaths(languagePrefix("fr"), "demo-conference")).toMatchObject({
      portal: "/fr/demo-conference/portal",
      confirm: "/fr/demo-conference/portal/confirm",
      me: "/fr/demo-conference/portal/me",
      contact: "/fr/demo-conference/contact",
    });
    expect(guestPaths("", "demo-conference").form("f-1")).toBe("/demo-conference/forms/view/f-1");
  });

  it("gives an order's payment step as the API's payPath, under the language's prefix", () => {
    const payPath = "/demo-conference/orders/0b6c7a8e-1f2d-4c3b-9a8e-7d6c5b4a3f21/s3cr3t_-abc";
    const [, , , id, secret] = payPath.split("/");
    expect(guestPaths("", "demo-conference").order(id!, secret!)).toBe(payPath);
    expect(guestPaths("/fr", "demo-conference").order(id!, secret!)).toBe(`/fr${payPath}`);
  });

  it("gives the same page in another language, with its query and fragment", () => {
    const location = { pathname: "/fr/gala/portal/confirm", search: "?a=1", hash: "#token=abc" };
    expect(pathInLanguage(location, "/fr", "es")).toBe("/es/gala/portal/confirm?a=1#token=abc");
    expect(pathInLanguage(location, "/fr", "en")).toBe("/gala/portal/confirm?a=1#token=abc");
    expect(pathInLanguage({ pathname: "/gala/portal", search: "", hash: "" }, "", "fr")).toBe("/fr/gala/portal");
  });
});
