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
import { formTerms, setFormTerms } from "../../../services/forms/terms.ts";
import { AppError } from "../../../errors.ts";
import type { ApiContext } from "../../context.ts";
import { isMultipart, readMultipart } from "../../middleware/multipart.ts";
import { sendTerms } from "./sendTerms.ts";

/** The multipart body of the terms: its `file` part, a PDF within the configured size. */
async function readTerms(ctx: ApiContext) {
  if (!isMultipart(ctx)) throw new AppError("unsupported_media_type", 415);
  const form = await readMultipart(ctx, { fileField: "file", maxFileBytes: ctx.deps.config.pdfMaxBytes });
  if (!form.file) throw AppError.invalid([{ field: "file", code: "required" }]);
  return form.file;
}
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
  route(forms.uploadTerms, async (scope, { params }, ctx) =>
    presentForm(scope.actor, await setFormTerms(scope, eventKey(params), params.id, () => readTerms(ctx))),
  ),
  route(forms.terms, async (scope, { params }, ctx) =>
    sendTerms(ctx, await formTerms(scope, eventKey(params), params.id)),
  ),
  route(forms.remove, async (scope, { params }) => {
    await deleteForm(scope, eventKey(params), params.id);
    return { ok: true as const };
  }),
];
