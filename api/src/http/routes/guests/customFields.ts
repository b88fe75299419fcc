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
import { eventKey } from "./eventKey.ts";

const present = (scope: Scope, view: CustomFieldView) =>
  presentCustomField(view.field, scope.actor, view.event, view.ties);

/** /events/{a}/{e}/customfields: the questions every guest of the event may answer (spec §3, §7). */
export const customFieldRoutes: Route[] = [
  route(customFields.list, async (scope, { params }) => {
    const { fields, event, ties } = await listEventCustomFields(scope, eventKey(params));
    return { data: fields.map((field) => presentCustomField(field, scope.actor, event, ties)) };
  }),
  route(customFields.create, async (scope, { params, body }) =>
    present(scope, await createCustomField(scope, eventKey(params), body)),
  ),
  // Before /customfields/:id, which would otherwise take "reorder" for an id.
  route(customFields.reorder, async (scope, { params, body }) => {
    const { fields, event, ties } = await reorderCustomFields(scope, eventKey(params), body.ids);
    return { data: fields.map((field) => presentCustomField(field, scope.actor, event, ties)) };
  }),
  route(customFields.get, async (scope, { params }) =>
    present(scope, await getCustomField(scope, eventKey(params), params.id)),
  ),
  route(customFields.update, async (scope, { params, body }) =>
    present(scope, await updateCustomField(scope, eventKey(params), params.id, body)),
  ),
  route(customFields.remove, async (scope, { params }) => {
    await deleteCustomField(scope, eventKey(params), params.id);
    return { ok: true as const };
  }),
];
