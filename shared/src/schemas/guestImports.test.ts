import { describe, expectTypeOf, it } from "vitest";
import type * as Schemas from "./guestImports.ts";
import type { ContractOutput } from "../contracts/contract.ts";
import type { guestImportContracts } from "../contracts/guestImports.ts";
import type { legacyContracts } from "../contracts/legacy.ts";

// The import screens read these types by name: the operations must answer exactly them.
describe("guest import schemas", () => {
  it("are what the import operations answer", () => {
    type Imports = typeof guestImportContracts;
    expectTypeOf<ContractOutput<Imports["upload"]>>().toEqualTypeOf<Schemas.GuestImportUploadJson>();
    expectTypeOf<ContractOutput<Imports["setMapping"]>>().toEqualTypeOf<Schemas.GuestImportMappingJson>();
    expectTypeOf<ContractOutput<Imports["get"]>>().toEqualTypeOf<Schemas.GuestImportResultJson>();
    expectTypeOf<ContractOutput<Imports["get"]>>().toEqualTypeOf<{ import: Schemas.GuestImportJson }>();
    expectTypeOf<ContractOutput<typeof legacyContracts.uploadCsv>>().toEqualTypeOf<Schemas.GuestImportUploadJson>();
    expectTypeOf<Schemas.GuestImportUploadJson["columnIssues"]>().toEqualTypeOf<Schemas.ImportIssueJson[]>();
    expectTypeOf<Schemas.GuestImportMappingJson["sampleErrors"]>().toEqualTypeOf<Schemas.ImportRowErrorJson[]>();
  });
});
