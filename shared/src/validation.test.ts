import { Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import { NewPassword } from "./schemas/common.ts";
import { validate } from "./validation.ts";

const Body = Type.Object(
  {
    email: Type.String({ format: "email", minLength: 1 }),
    count: Type.Optional(Type.Integer({ minimum: 0, maximum: 10 })),
    name: Type.Optional(Type.String({ maxLength: 5 })),
    password: Type.Optional(NewPassword),
  },
  { additionalProperties: false },
);

describe("validation messages", () => {
  it("maps ajv errors to the spec's message keys, one per field", () => {
    const result = validate(Body, { email: "nope", count: -1, name: "toolong", extra: 1, password: "weak" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const byField = Object.fromEntries(result.issues.map((i) => [i.field, i]));
    expect(byField.email?.code).toBe("email_format");
    expect(byField.count?.code).toBe("number_negative");
    expect(byField.name).toEqual({ field: "name", code: "too_long", params: { count: 5 } });
    expect(byField.extra?.code).toBe("unknown_field");
    expect(byField.password?.code).toBe("password_rule");
  });

  it("reports missing fields and wrong types", () => {
    const missing = validate(Body, {});
    expect(!missing.ok && missing.issues).toEqual([{ field: "email", code: "required" }]);
    const notNumber = validate(Body, { email: "a@b.co", count: "three" });
    expect(!notNumber.ok && notNumber.issues[0]).toEqual({ field: "count", code: "not_a_number" });
    const tooBig = validate(Body, { email: "a@b.co", count: 11 });
    expect(!tooBig.ok && tooBig.issues[0]?.code).toBe("number_too_big");
  });

  it("coerces query strings when asked", () => {
    const result = validate(Type.Object({ page: Type.Integer({ minimum: 1 }) }), { page: "3" }, { coerce: true });
    expect(result).toEqual({ ok: true, value: { page: 3 } });
  });
});
