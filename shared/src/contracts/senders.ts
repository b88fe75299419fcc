import { AccountIdParams, AccountParams, Ok } from "../schemas/common.ts";
import {
  SenderCreate,
  SenderList,
  SenderSchema,
  SenderVerificationParams,
  SenderVerificationSchema,
} from "../schemas/senders.ts";
import { contract } from "./contract.ts";

const tags = ["senders"];
const READ = "Editors and up of the account (a campaign's sender is one of them), and platform administrators.";
const MANAGE = "The account's overseers and platform administrators.";

/** /accounts/{a}/senders (spec §3 sender email): the addresses the account's campaigns are sent from. */
export const senderContracts = {
  list: contract({
    method: "get",
    path: "/accounts/:a/senders",
    summary: "The account's sender emails",
    description: `By address, verified or pending. ${READ}`,
    tags,
    params: AccountParams,
    response: SenderList,
    errors: [403, 404],
  }),
  create: contract({
    method: "post",
    path: "/accounts/:a/senders",
    summary: "Add a sender email",
    description:
      `${MANAGE} Pending until verified: a mail to the address carries a link valid 48 hours. 409 ` +
      "sender_email_exists when the account already has the address (any case). Recorded in the account's trail.",
    tags,
    params: AccountParams,
    body: SenderCreate,
    response: SenderSchema,
    status: 201,
    errors: [403, 404, 409],
  }),
  resend: contract({
    method: "post",
    path: "/accounts/:a/senders/:id/resend",
    summary: "Send a sender's verification mail again",
    description: `${MANAGE} A new link, valid 48 hours; the earlier ones stop working. 409 sender_already_verified.`,
    tags,
    params: AccountIdParams,
    response: SenderSchema,
    errors: [403, 404, 409],
  }),
  markVerified: contract({
    method: "post",
    path: "/accounts/:a/senders/:id/verify",
    summary: "Mark a sender verified",
    description:
      "Platform administrators only (the account's members: 403): the address is verified without its mail. " +
      "Already verified: unchanged. Recorded in the account's trail.",
    tags,
    params: AccountIdParams,
    response: SenderSchema,
    errors: [403, 404],
  }),
  remove: contract({
    method: "delete",
    path: "/accounts/:a/senders/:id",
    summary: "Delete a sender email",
    description: `${MANAGE} Campaigns from it cannot be sent until given another. Recorded in the account's trail.`,
    tags,
    params: AccountIdParams,
    response: Ok,
    errors: [403, 404],
  }),
};

/**
 * /public/senders/verify/{token}: the page a sender's verification mail links to. Reading it never verifies (a
 * link scanner fetching it proves nothing); its button does.
 */
export const senderVerificationContracts = {
  view: contract({
    method: "get",
    path: "/public/senders/verify/:token",
    auth: "public",
    summary: "What a sender verification link is about",
    description:
      "The address, the account's name and whether it is verified already. An unknown or used link: 404; a link " +
      "past its 48 hours: 410 sender_verification_expired.",
    tags,
    params: SenderVerificationParams,
    response: SenderVerificationSchema,
    errors: [404, 410],
  }),
  verify: contract({
    method: "post",
    path: "/public/senders/verify/:token",
    auth: "public",
    summary: "Verify a sender email",
    description:
      "The address becomes a verified sender of the account (in its trail); the link stops working. An unknown or " +
      "used link: 404; a link past its 48 hours: 410 sender_verification_expired.",
    tags,
    params: SenderVerificationParams,
    response: SenderVerificationSchema,
    errors: [404, 410],
  }),
};
