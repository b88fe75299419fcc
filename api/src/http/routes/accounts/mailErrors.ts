import { mailErrorContracts } from "@tessera/shared/contracts/mailErrors";
import {
  createMailError,
  deleteMailError,
  getMailError,
  listMailErrors,
  updateMailError,
} from "../../../services/mailErrors/mailErrors.ts";
import { presentMailError } from "../../presenters/mailErrors.ts";
import { route, type Route } from "../define.ts";

/** /accounts/{a}/errormails (spec §7). */
export const mailErrorRoutes: Route[] = [
  route(mailErrorContracts.list, async (scope, { params, query }) => {
    const { rows, pagination } = await listMailErrors(scope, params.a, query);
    return { data: rows.map(presentMailError), pagination };
  }),
  route(mailErrorContracts.get, async (scope, { params }) =>
    presentMailError(await getMailError(scope, params.a, params.id)),
  ),
  route(mailErrorContracts.update, async (scope, { params, body }) =>
    presentMailError(await updateMailError(scope, params.a, params.id, body)),
  ),
  route(mailErrorContracts.remove, async (scope, { params }) => {
    await deleteMailError(scope, params.a, params.id);
    return { ok: true as const };
  }),
  route(mailErrorContracts.create, async (scope, { params, body }) =>
    presentMailError(await createMailError(scope, params.a, body)),
  ),
];
