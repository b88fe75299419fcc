import type { Static } from "@sinclair/typebox";
import type { GuestViewSchema } from "@tessera/shared";
import type { GuestView } from "../../models/GuestView.ts";

export function presentGuestView(view: GuestView): Static<typeof GuestViewSchema> {
  return {
    id: view.id,
    name: view.name,
    query: view.query,
    isShared: view.userId === null,
    createdAt: view.createdAt.toISOString(),
  };
}
