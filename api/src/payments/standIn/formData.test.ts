import { describe, expect, it } from "vitest";
import { canonicalForm, FormError, parseForm } from "./formData.ts";

describe("parseForm", () => {
  it("decodes nested hashes and indexed or bare arrays as the Stripe SDK writes them", () => {
    expect(
      parseForm(
        "amount=1000&currency=eur&metadata[order_id]=o%201&automatic_payment_methods[enabled]=true&expand[0]=latest_charge&expand[1]=customer&types[]=card&types[]=sepa",
      ),
    ).toEqual({
      amount: "1000",
      currency: "eur",
      metadata: { order_id: "o 1" },
      automatic_payment_methods: { enabled: "true" },
      expand: ["latest_charge", "customer"],
      types: ["card", "sepa"],
    });
    expect(parseForm("metadata%5Bkey%5D=v")).toEqual({ metadata: { key: "v" } });
    expect(parseForm("")).toEqual({});
  });

  it("refuses a parameter given twice, a key both value and hash, and prototype keys", () => {
    for (const bad of ["a=1&a=2", "a=1&a[b]=2", "a[__proto__][x]=1", "constructor=1", "a]=1"]) {
      expect(() => parseForm(bad), bad).toThrow(FormError);
    }
  });
});

describe("canonicalForm", () => {
  it("is the same whatever the order of the keys, different for other values", () => {
    expect(canonicalForm(parseForm("a=1&b[x]=2&b[y]=3"))).toBe(canonicalForm(parseForm("b[y]=3&a=1&b[x]=2")));
    expect(canonicalForm(parseForm("a=1"))).not.toBe(canonicalForm(parseForm("a=2")));
    expect(canonicalForm(parseForm("e[0]=x&e[1]=y"))).not.toBe(canonicalForm(parseForm("e[0]=y&e[1]=x")));
  });
});
