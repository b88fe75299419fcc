import { MutationObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  guestImportKeys,
  guestImportQuery,
  IMPORT_POLL_MS,
  importErrorsUrl,
  startImportMutation,
  uploadImportMutation,
  type GuestImportJson,
} from "./guestImports.ts";
import { guestKeys } from "./guests.ts";
import { createQueryClient } from "./queryClient.ts";
import { holdFetch, settle } from "./testFetch.ts";

const importOf = (status: GuestImportJson["status"], processedRows = 0) =>
  ({ id: "imp", status, totalRows: 4, processedRows }) as GuestImportJson;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the guest import in the query layer", () => {
  it("uploads the file as multipart with its header flag, and keeps the import it answers", async () => {
    const calls = holdFetch();
    const client = createQueryClient({ onUnauthenticated: () => undefined });
    const file = new Blob(["Prénom;Nom"], { type: "text/csv" });
    const uploading = new MutationObserver(client, uploadImportMutation("acc", "ev")).mutate({
      file,
      hasHeaders: false,
    });
    await settle();
    expect(calls[0]).toMatchObject({ method: "POST", url: "/api/v1/events/acc/ev/imports" });
    const form = calls[0]!.body as FormData;
    expect(form.get("hasHeaders")).toBe("0");
    expect(form.get("file")).toBeInstanceOf(Blob);
    calls[0]!.answer(201, { import: importOf("uploaded"), preview: [], suggestedMapping: {}, columnIssues: [] });
    await uploading;
    expect(client.getQueryData(guestImportKeys.one("acc", "ev", "imp"))).toMatchObject({ status: "uploaded" });
    expect(importErrorsUrl("acc", "ev", "imp")).toBe("/api/v1/events/acc/ev/imports/imp/errors.csv");
  });

  it("maps then starts when the mapping was not checked, and polls the one import while it runs", async () => {
    const calls = holdFetch();
    const client = createQueryClient({ onUnauthenticated: () => undefined });
    const list = guestKeys.page("acc", "ev", {}, 1);
    client.setQueryData(list, { data: [], pagination: { page: 1, perPage: 100, total: 0 } });
    const starting = new MutationObserver(client, startImportMutation("acc", "ev")).mutate({
      importId: "imp",
      mapping: { "0": "firstName", "1": null },
    });
    await settle();
    expect(calls[0]).toMatchObject({
      url: "/api/v1/events/acc/ev/imports/imp/mapping",
      body: { mapping: { "0": "firstName", "1": null } },
    });
    calls[0]!.answer(200, { import: importOf("mapped"), sampleErrors: [], sampleWarnings: [] });
    await settle();
    expect(calls[1]).toMatchObject({ method: "POST", url: "/api/v1/events/acc/ev/imports/imp/process" });
    calls[1]!.answer(202, { import: importOf("processing") });
    await starting;

    // The progress step observes the one import: asked again every IMPORT_POLL_MS while it runs, then no more.
    const options = guestImportQuery("acc", "ev", "imp");
    const interval = options.refetchInterval as (query: { state: { data?: GuestImportJson } }) => number | false;
    expect(interval({ state: { data: client.getQueryData(options.queryKey) } })).toBe(IMPORT_POLL_MS);
    const polled = client.fetchQuery(options);
    await settle();
    expect(calls[2]!.url).toBe("/api/v1/events/acc/ev/imports/imp");
    calls[2]!.answer(200, { import: importOf("done", 4) });
    await expect(polled).resolves.toMatchObject({ status: "done", processedRows: 4 });
    expect(interval({ state: { data: await polled } })).toBe(false);
    // Done: the guest lists are stale (guests were created).
    expect(client.getQueryState(list)?.isInvalidated).toBe(true);
  });
});
