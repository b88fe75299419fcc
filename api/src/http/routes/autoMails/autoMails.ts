import { autoMailContracts as autoMails } from "@tessera/shared/contracts/autoMails";
import {
  getAutoMail,
  listAutoMails,
  resetAutoMail,
  saveAutoMail,
  setAutoMailEnabled,
} from "../../../services/autoMails/editor.ts";
import { previewAutoMail, sendAutoMailTest } from "../../../services/autoMails/preview.ts";
import { presentAutoMail, presentAutoMailKind } from "../../presenters/autoMail.ts";
import { route, type Route } from "../define.ts";
import { eventKey } from "../guests/eventKey.ts";

/** /events/{a}/{e}/auto-mails: the event's automatic mails, their wording per language, on or off. */
export const autoMailRoutes: Route[] = [
  route(autoMails.list, async (scope, { params }) => ({
    data: (await listAutoMails(scope, eventKey(params))).map(presentAutoMailKind),
  })),
  route(autoMails.get, async (scope, { params }) =>
    presentAutoMail(await getAutoMail(scope, eventKey(params), params.kind, params.language)),
  ),
  route(autoMails.save, async (scope, { params, body }) =>
    presentAutoMail(await saveAutoMail(scope, eventKey(params), params.kind, params.language, body)),
  ),
  route(autoMails.reset, async (scope, { params }) =>
    presentAutoMail(await resetAutoMail(scope, eventKey(params), params.kind, params.language)),
  ),
  route(autoMails.setEnabled, async (scope, { params, body }) =>
    presentAutoMailKind(await setAutoMailEnabled(scope, eventKey(params), params.kind, body.enabled)),
  ),
  route(autoMails.preview, async (scope, { params, body }) =>
    previewAutoMail(scope, eventKey(params), params.kind, params.language, body),
  ),
  route(autoMails.test, async (scope, { params, body }) => ({
    sentTo: await sendAutoMailTest(scope, eventKey(params), params.kind, params.language, body),
  })),
];
