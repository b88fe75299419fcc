import { MutationObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  customFieldKeys,
  customFieldsQuery,
  deleteCustomFieldMutation,
  movedOrder,
  moveCustomFieldMutation,
  type CustomFieldJson,
} from "./customFields.ts";
import { guestKeys } from "./guests.ts";
import { createQueryClient } from "./queryClient.ts";
import { holdFetch, settle } from "./testFetch.ts";

const field = (id: string) => ({ id, name: id, label: id, type: "short_text" }) as CustomFieldJson;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the custom fields in the query layer", () => {
  it("moves a field a place up or down, never past either end", () => {
    const fields = [field("a"), field("b"), field("c")];
    expect(movedOrder(fields, "b", -1)).toEqual(["b", "a", "c"]);
    expect(movedOrder(fields, "b", 1)).toEqual(["a", "c", "b"]);
    expect(movedOrder(fields, "a", -1)).toBeNull();
    expect(movedOrder(fields, "c", 1)).toBeNull();
  });

  it("saves the new order and keeps the order the API answers", async () => {
    const calls = holdFetch();
    const client = createQueryClient({ onUnauthenticated: () => undefined });
    const reading = client.fetchQuery(customFieldsQuery("acc", "ev"));
    await settle();
    expect(calls[0]!.url).toBe("/api/v1/events/acc/ev/customfields");
    calls[0]!.answer(200, { data: [field("a"), field("b")] });
    await reading;
    const moving = new MutationObserver(client, moveCustomFieldMutation("acc", "ev")).mutate({
      fieldId: "b",
      delta: -1,
    });
    await settle();
    expect(calls[1]).toMatchObject({ url: "/api/v1/events/acc/ev/customfields/reorder", body: { ids: ["b", "a"] } });
    calls[1]!.answer(200, { data: [field("b"), field("a")] });
    await moving;
    expect(client.getQueryData<CustomFieldJson[]>(customFieldKeys.all("acc", "ev"))?.map((f) => f.id)).toEqual([
      "b",
      "a",
    ]);
  });

  it("drops a deleted field and marks the guests stale (their answers to it are gone)", async () => {
    const calls = holdFetch();
    const client = createQueryClient({ onUnauthenticated: () => undefined });
    client.setQueryData(customFieldKeys.all("acc", "ev"), [field("a"), field("b")]);
    client.setQueryData(guestKeys.page("acc", "ev", {}, 1), { data: [], pagination: { page: 1, total: 0 } });
    const deleting = new MutationObserver(client, deleteCustomFieldMutation("acc", "ev")).mutate("a");
    await settle();
    expect(calls[0]).toMatchObject({ method: "DELETE", url: "/api/v1/events/acc/ev/customfields/a" });
    calls[0]!.answer(200, { ok: true });
    await deleting;
    expect(client.getQueryData<CustomFieldJson[]>(customFieldKeys.all("acc", "ev"))?.map((f) => f.id)).toEqual(["b"]);
    expect(client.getQueryState(guestKeys.page("acc", "ev", {}, 1))?.isInvalidated).toBe(true);
  });
});
