import { formContracts as forms } from "@tessera/shared/contracts/forms";
import { presentForm } from "../../presenters/form.ts";
import {
  createForm,
  deleteForm,
  duplicateForm,
  getForm,
  getFormOptions,
  listForms,
  setFormOptions,
  updateForm,
} from "../../../services/forms/forms.ts";
import { formStatistics } from "../../../services/forms/statistics.ts";
import { route, type Route } from "../define.ts";
import { eventKey } from "../guests/eventKey.ts";

/** /events/{a}/{e}/forms: the event's forms (spec §7 `forms`). */
export const formRoutes: Route[] = [
  route(forms.list, async (scope, { params }) => ({
    data: (await listForms(scope, eventKey(params))).map((view) => presentForm(scope.actor, view)),
  })),
  route(forms.create, async (scope, { params, body }) =>
    presentForm(scope.actor, await createForm(scope, eventKey(params), body)),
  ),
  route(forms.get, async (scope, { params }) =>
    presentForm(scope.actor, await getForm(scope, eventKey(params), params.id)),
  ),
  route(forms.update, async (scope, { params, body }) =>
    presentForm(scope.actor, await updateForm(scope, eventKey(params), params.id, body)),
  ),
  route(forms.duplicate, async (scope, { params }) =>
    presentForm(scope.actor, await duplicateForm(scope, eventKey(params), params.id)),
  ),
  route(forms.options, (scope, { params }) => getFormOptions(scope, eventKey(params), params.id)),
  route(forms.setOptions, (scope, { params, body }) => setFormOptions(scope, eventKey(params), params.id, body)),
  route(forms.statistics, (scope, { params }) => formStatistics(scope, eventKey(params), params.id)),
  route(forms.remove, async (scope, { params }) => {
    await deleteForm(scope, eventKey(params), params.id);
    return { ok: true as const };
  }),
];
