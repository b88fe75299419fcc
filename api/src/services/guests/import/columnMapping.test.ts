import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { CustomFieldType } from "@tessera/shared";
import type { CustomField } from "../../../models/CustomField.ts";
import { suggestMapping } from "./columnMapping.ts";

const field = (label: string, type: CustomFieldType = "short_text", name = `f-${label}`) =>
  ({ id: randomUUID(), label, name, type, options: [] }) as unknown as CustomField;

describe("suggestMapping", () => {
  it("maps another event's export columns by their label, and keeps reporting a label it does not know", () => {
    const diet = field("Régime");
    const company = field("Company");
    const headers = ["firstName", `Régime [${randomUUID()}]`, `Company [${randomUUID()}]`, `Gone [${randomUUID()}]`];
    const { mapping, columnIssues } = suggestMapping(headers, [diet, company]);
    // "Company [id]" is a custom field's column, never the guest's company.
    expect(mapping).toEqual({ "0": "firstName", "1": `customField:${diet.id}`, "2": `customField:${company.id}` });
    expect(columnIssues).toEqual([{ field: "columns.3", code: "import_unknown_custom_field" }]);
  });

  it("prefers a label to another field's name and never suggests a file field (a cell cannot hold a file)", () => {
    const byName = field("Allergies", "short_text", "diet");
    const byLabel = field("Diet", "short_text", "regime");
    const badge = field("Photo", "file");
    const { mapping, columnIssues } = suggestMapping(
      ["Diet", `Photo [${badge.id}]`, "Photo"],
      [byName, byLabel, badge],
    );
    expect(mapping).toEqual({ "0": `customField:${byLabel.id}` });
    expect(columnIssues).toEqual([]);
  });
});
