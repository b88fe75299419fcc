import { describe, expect, it } from "vitest";
import type { WebTFunction } from "@/app/errorMessage.ts";
import {
  fieldBody,
  initialFieldValues,
  slugName,
  validateFieldForm,
  type CustomFieldFormValues,
} from "./customFieldForm.ts";

/** A `t` that answers the key it was asked, to see which catalogue entry the form shows. */
const t = ((key: string) => key) as unknown as WebTFunction;
const validate = validateFieldForm(t);
const values = (patch: Partial<CustomFieldFormValues>) => ({ ...initialFieldValues(null), ...patch });

describe("the custom field form", () => {
  it("checks the definition with the shared rules, each problem under its input", () => {
    expect(validate(values({ label: "Nuits", name: "nuits", type: "number" }))).toEqual({});
    expect(validate(values({ label: " ", name: "" }))).toEqual({
      label: "validation:question_title_required",
      name: "validation:required",
    });
    expect(
      validate(values({ label: "Régime", name: "regime", type: "dropdown", options: [{ label: "", quota: 0 }] })),
    ).toEqual({
      "options.0.label": "validation:option_title_required",
      "options.0.quota": "validation:quota_positive",
    });
    expect(
      validate(
        values({
          label: "Repas",
          name: "repas",
          type: "dropdown",
          options: [
            { label: "Aucun", quota: "" },
            { label: "aucun", quota: "" },
          ],
        }),
      ),
    ).toEqual({ "options.1.label": "validation:option_label_taken" });
    expect(validate(values({ label: "N", name: "n", type: "number", min: 5, max: 1 }))).toEqual({
      max: "validation:min_greater_than_max",
    });
    expect(validate(values({ label: "R", name: "r", type: "rating", maxRating: 11 }))).toEqual({
      maxRating: "validation:invalid_value",
    });
  });

  it("sends only the rules and options of the field's type", () => {
    expect(fieldBody(values({ label: " Nuits ", name: "nuits", type: "number", min: "", max: 4 }))).toEqual({
      label: "Nuits",
      name: "nuits",
      helpText: null,
      type: "number",
      isRequired: false,
      isReadOnly: false,
      rules: { min: null, max: 4, noNegative: false },
    });
    expect(
      fieldBody(
        values({
          label: "Régime",
          name: "regime",
          type: "dropdown",
          options: [{ id: "o1", label: " Aucun ", quota: 3 }],
        }),
      ),
    ).toMatchObject({ rules: {}, options: [{ id: "o1", label: "Aucun", quota: 3 }] });
    expect(slugName("Régime alimentaire !")).toBe("regime_alimentaire");
  });
});
