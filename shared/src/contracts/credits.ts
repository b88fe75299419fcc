import { Type } from "@sinclair/typebox";
import type { CreditKind } from "../rules/campaigns.ts";
import { AccountParams } from "../schemas/common.ts";
import {
  CreditAdd,
  CreditDebit,
  CreditDebitResultSchema,
  CreditMovementPage,
  CreditMovementQuery,
  CreditPackPage,
  CreditPackQuery,
  CreditPackSchema,
  CreditsRemainingSchema,
} from "../schemas/credits.ts";
import { contract } from "./contract.ts";

const tags = ["credits"];

/** The path segment of each kind's routes (spec §7). */
export const CREDIT_ROUTE_SEGMENT = { event: "eventcredits", campaign: "campaigncredits" } as const satisfies Record<
  CreditKind,
  string
>;

const READERS = "The account's organizers and overseers, and platform administrators.";

/**
 * /accounts/{a}/eventcredits and /accounts/{a}/campaigncredits (spec §7): the same operations for each kind of
 * credits.
 */
function creditContracts<K extends CreditKind>(kind: K) {
  const base = `/accounts/:a/${CREDIT_ROUTE_SEGMENT[kind]}` as const;
  const what = `${kind} credits`;
  return {
    list: contract({
      method: "get",
      path: base,
      summary: `The account's packs of ${what}`,
      description: `${READERS} Newest first: amount, what is left, expiry and author; \`status\` narrows to usable (credits left, not expired), spent or expired packs.`,
      tags,
      params: AccountParams,
      query: CreditPackQuery,
      response: CreditPackPage,
      errors: [403, 404],
    }),
    remaining: contract({
      method: "get",
      path: `${base}/remaining`,
      summary: `The ${what} the account can spend`,
      description: `${READERS} The remaining credits of the packs not expired, and whether the caller may add and debit.`,
      tags,
      params: AccountParams,
      response: CreditsRemainingSchema,
      errors: [403, 404],
    }),
    nonSpentOrExpired: contract({
      method: "get",
      path: `${base}/nonspentorexpired`,
      summary: `The account's usable packs of ${what}`,
      description: `${READERS} The packs with credits left that have not expired, the soonest to expire first (the order debits take them in).`,
      tags,
      params: AccountParams,
      response: Type.Array(CreditPackSchema),
      errors: [403, 404],
    }),
    history: contract({
      method: "get",
      path: `${base}/history`,
      summary: `The movements of the account's ${what}`,
      description: `${READERS} Newest first: each pack's credits added (+) or taken (-), why (add, debit, send, refund), by whom, and the campaign and recipient a send is about.`,
      tags,
      params: AccountParams,
      query: CreditMovementQuery,
      response: CreditMovementPage,
      errors: [403, 404],
    }),
    add: contract({
      method: "post",
      path: `${base}/add`,
      summary: `Add ${what}`,
      description:
        "Platform administrators. A pack of `amount` credits (a whole number above 0) usable through `expiresAt` " +
        "(DD/MM/YYYY, today or later, UTC); recorded in the account's trail.",
      tags,
      params: AccountParams,
      body: CreditAdd,
      response: CreditPackSchema,
      status: 201,
      errors: [403, 404],
    }),
    debit: contract({
      method: "post",
      path: `${base}/debit`,
      summary: `Debit ${what}`,
      description:
        "Platform administrators. Takes `amount` credits from the usable packs, the soonest to expire first; " +
        "409 not_enough_credits with the missing amount (details.missing) when they hold fewer, and nothing is " +
        "taken. Recorded in the account's trail.",
      tags,
      params: AccountParams,
      body: CreditDebit,
      response: CreditDebitResultSchema,
      errors: [403, 404, 409],
    }),
  };
}

export const eventCreditContracts = creditContracts("event");
export const campaignCreditContracts = creditContracts("campaign");
