import { customFieldContracts as customFields } from "@tessera/shared/contracts/customFields";
import { presentCustomField } from "../../presenters/customField.ts";
import {
  createCustomField,
  deleteCustomField,
  getCustomField,
  listEventCustomFields,
  reorderCustomFields,
  updateCustomField,
  type CustomFieldView,
} from "../../../services/guests/customFields.ts";
import type { Scope } from "../../../services/scope.ts";
import { route, type Route } from "../define.ts";

const present = (scope: Scope, view: CustomFieldView) =>
  presentCustomField(view.field, scope.actor, view.event, view.ties);

/** /events/{a}/{e}/customfields: the questions every guest of the event may answer (spec §3, §7). */
export const customFieldRoutes: Route[] = [
  route(customFields.list, async (scope, { params }, ctx) => {
    const { fields, event, ties } = await listEventCustomFields(ctx, params.a, params.e);
    return { data: fields.map((field) => presentCustomField(field, scope.actor, event, ties)) };
  }),
  route(customFields.create, async (scope, { params, body }, ctx) =>
    present(scope, await createCustomField(ctx, params.a, params.e, body)),
  ),
  // Before /customfields/:id, which would otherwise take "reorder" for an id.
  route(customFields.reorder, async (scope, { params, body }, ctx) => {
    const { fields, event, ties } = await reorderCustomFields(ctx, params.a, params.e, body.ids);
    return { data: fields.map((field) => presentCustomField(field, scope.actor, event, ties)) };
  }),
  route(customFields.get, async (scope, { params }, ctx) =>
    present(scope, await getCustomField(ctx, params.a, params.e, params.id)),
  ),
  route(customFields.update, async (scope, { params, body }, ctx) =>
    present(scope, await updateCustomField(ctx, params.a, params.e, params.id, body)),
  ),
  route(customFields.remove, async (_scope, { params }, ctx) => {
    await deleteCustomField(ctx, params.a, params.e, params.id);
    return { ok: true as const };
  }),
];
