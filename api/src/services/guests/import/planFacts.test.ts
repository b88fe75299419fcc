import { describe, expect, it } from "vitest";
import type { CustomField } from "../../../models/CustomField.ts";
import type { GuestImport } from "../../../models/GuestImport.ts";
import type { ImportRun } from "./importRun.ts";
import { planRun } from "./importRun.ts";
import { fieldsFingerprint, RowFacts } from "./planFacts.ts";
import type { ValidRow } from "./validateRow.ts";

const row = (line: number, email: string | null): ValidRow => ({
  line,
  emailNormalized: email,
  values: email ? { email } : { firstName: "Ann", lastName: "Lee" },
  answers: {},
});
const field = (rules: Record<string, unknown>) =>
  ({ id: "f1", type: "number", isRequired: false, options: [], rules }) as unknown as CustomField;

/** A run of an import mapped with `facts`, whose file must not be read. */
function runWith(facts: ReturnType<RowFacts["facts"]>, fields: CustomField[]): ImportRun {
  const guestImport = {
    id: "i1",
    eventId: "e1",
    planFacts: facts,
    errorReportKey: "reports/i1.json",
    failedRows: 2,
    warningRows: 1,
    warningCells: 3,
    totalRows: 10,
  } as unknown as GuestImport;
  return {
    worker: {} as ImportRun["worker"],
    guestImport,
    fields,
    openFile: () => Promise.reject(new Error("the file was read again")),
  };
}

describe("what the mapping step learns for the job", () => {
  it("finds the emails on several rows (the line of the last) and counts rows without one", () => {
    const facts = new RowFacts();
    [row(2, "a@x.org"), row(3, "b@x.org"), row(4, null), row(5, "a@x.org"), row(6, "a@x.org")].forEach((r) =>
      facts.add(r),
    );
    expect(facts.facts([])).toMatchObject({ repeatedEmails: [["a@x.org", 6]], namelessRows: 1 });
  });

  it("plans the run from them without reading the file while the fields are the same", async () => {
    const fields = [field({ min: 1 })];
    const facts = new RowFacts();
    facts.add(row(2, "a@x.org"));
    facts.add(row(3, "a@x.org"));
    const planned = await planRun(null as never, runWith(facts.facts(fields), fields));
    expect(planned).toMatchObject({
      errorReportKey: "reports/i1.json",
      plan: { report: null, failedRows: 2, warningRows: 1, warningCells: 3, totalRows: 10 },
    });
    expect([...planned!.plan.repeatedEmails]).toEqual([["a@x.org", 3]]);
  });

  it("reads the file again when a field changed or a row has no email", async () => {
    const facts = new RowFacts();
    facts.add(row(2, "a@x.org"));
    expect(fieldsFingerprint([field({ min: 1 })])).not.toBe(fieldsFingerprint([field({ min: 2 })]));
    await expect(
      planRun(null as never, runWith(facts.facts([field({ min: 1 })]), [field({ min: 2 })])),
    ).rejects.toThrow("the file was read again");
    facts.add(row(3, null));
    await expect(planRun(null as never, runWith(facts.facts([]), []))).rejects.toThrow("the file was read again");
  });
});
