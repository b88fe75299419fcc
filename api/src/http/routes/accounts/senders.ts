import { senderContracts, senderVerificationContracts } from "@tessera/shared/contracts/senders";
import {
  createSender,
  deleteSender,
  listSenders,
  markVerifiedByAdministrator,
  resendSenderVerification,
} from "../../../services/senders/senders.ts";
import { senderVerificationState, verifySenderByToken } from "../../../services/senders/verification.ts";
import { presentSender } from "../../presenters/sender.ts";
import { route, type Route } from "../define.ts";

/** /accounts/{a}/senders (spec §3 sender email) and the public page's /public/senders/verify/{token}. */
export const senderRoutes: Route[] = [
  route(senderContracts.list, async (scope, { params }) => ({
    data: (await listSenders(scope, params.a)).map(presentSender),
  })),
  route(senderContracts.create, async (scope, { params, body }) =>
    presentSender(await createSender(scope, params.a, body)),
  ),
  route(senderContracts.resend, async (scope, { params }) =>
    presentSender(await resendSenderVerification(scope, params.a, params.id)),
  ),
  route(senderContracts.markVerified, async (scope, { params }) =>
    presentSender(await markVerifiedByAdministrator(scope, params.a, params.id)),
  ),
  route(senderContracts.remove, async (scope, { params }) => {
    await deleteSender(scope, params.a, params.id);
    return { ok: true as const };
  }),
  route(senderVerificationContracts.view, (scope, { params }) => senderVerificationState(scope, params.token)),
  route(senderVerificationContracts.verify, (scope, { params }) => verifySenderByToken(scope, params.token)),
];
