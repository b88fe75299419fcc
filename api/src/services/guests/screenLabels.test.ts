import { IMPORT_GUEST_FIELDS } from "@tessera/shared";
import { describe, expect, it } from "vitest";
import { normalizeHeader } from "./import/columnMapping.ts";
import { codedValueLabels, guestFieldLabels } from "./screenLabels.ts";

describe("screen labels read back by the import", () => {
  it("never give one label to two codes, in any language", () => {
    for (const kind of ["status", "civility"] as const) {
      const codeOf = new Map<string, string>();
      for (const [label, code] of codedValueLabels(kind)) {
        const seen = codeOf.get(normalizeHeader(label));
        expect(seen === undefined || seen === code, `${kind} "${label}": ${seen} and ${code}`).toBe(true);
        codeOf.set(normalizeHeader(label), code);
      }
    }
  });

  it("never give one column title to two guest fields", () => {
    const fieldOf = new Map<string, string>();
    for (const field of IMPORT_GUEST_FIELDS)
      for (const label of guestFieldLabels(field)) {
        const seen = fieldOf.get(normalizeHeader(label));
        expect(seen === undefined || seen === field, `"${label}": ${seen} and ${field}`).toBe(true);
        fieldOf.set(normalizeHeader(label), field);
      }
  });
});
