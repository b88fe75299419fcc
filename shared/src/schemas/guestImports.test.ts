import { describe, expectTypeOf, it } from "vitest";
import type * as HandTyped from "../client/handTyped.ts";
import type * as Schemas from "./guestImports.ts";
import type { ContractOutput } from "../contracts/contract.ts";
import type { guestImportContracts } from "../contracts/guestImports.ts";
import type { legacyContracts } from "../contracts/legacy.ts";

// The hand-typed client's import types must be derivable from the contract's schemas, so the web can
// switch to the derived client without a shape changing under it.
describe("guest import schemas", () => {
  it("give the shapes of the hand-typed client", () => {
    expectTypeOf<Schemas.GuestImportJson>().toEqualTypeOf<HandTyped.GuestImportJson>();
    expectTypeOf<Schemas.ImportIssueJson>().toEqualTypeOf<HandTyped.ImportIssueJson>();
    expectTypeOf<Schemas.GuestImportUploadJson>().toEqualTypeOf<HandTyped.GuestImportUploadJson>();
    expectTypeOf<Schemas.ImportRowErrorJson>().toEqualTypeOf<HandTyped.ImportRowErrorJson>();
    expectTypeOf<Schemas.GuestImportMappingJson>().toEqualTypeOf<HandTyped.GuestImportMappingJson>();
    expectTypeOf<Schemas.GuestImportResultJson>().toEqualTypeOf<{ import: HandTyped.GuestImportJson }>();
  });

  it("are what the import operations answer", () => {
    type Imports = typeof guestImportContracts;
    expectTypeOf<ContractOutput<Imports["upload"]>>().toEqualTypeOf<HandTyped.GuestImportUploadJson>();
    expectTypeOf<ContractOutput<Imports["setMapping"]>>().toEqualTypeOf<HandTyped.GuestImportMappingJson>();
    expectTypeOf<ContractOutput<Imports["get"]>>().toEqualTypeOf<{ import: HandTyped.GuestImportJson }>();
    expectTypeOf<ContractOutput<typeof legacyContracts.uploadCsv>>().toEqualTypeOf<HandTyped.GuestImportUploadJson>();
  });
});
