import { UnsubscribeParams, UnsubscribeStateSchema } from "../schemas/unsubscribe.ts";
import { contract } from "./contract.ts";

const tags = ["campaigns"];

/**
 * /public/unsubscribe/{token}: the page a campaign message's visible unsubscribe link opens (issue 15 item 6).
 * It confirms before acting: reading it never unsubscribes. (Mail clients' one-click unsubscribe, RFC 8058, is
 * POST /api/v1/mail/u/{token}, outside the contracts: a form-encoded body.)
 */
export const unsubscribeContracts = {
  view: contract({
    method: "get",
    path: "/public/unsubscribe/:token",
    auth: "public",
    summary: "What an unsubscribe link is about",
    description:
      "The event's name, the recipient's address masked (j***@example.org), whether they are unsubscribed " +
      "already and their language. Never unsubscribes. An unknown token: 404.",
    tags,
    params: UnsubscribeParams,
    response: UnsubscribeStateSchema,
    errors: [404],
  }),
  unsubscribe: contract({
    method: "post",
    path: "/public/unsubscribe/:token",
    auth: "public",
    summary: "Unsubscribe from an event's campaigns",
    description:
      "The guest receives none of the event's campaigns any more (mail status unsubscribed, in the event's " +
      "history). Asked again: nothing changes. Answers as the GET does. An unknown token: 404.",
    tags,
    params: UnsubscribeParams,
    response: UnsubscribeStateSchema,
    errors: [404],
  }),
};
