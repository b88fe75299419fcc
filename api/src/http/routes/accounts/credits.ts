import type { CreditKind } from "@tessera/shared/rules/campaigns";
import { campaignCreditContracts, eventCreditContracts } from "@tessera/shared/contracts/credits";
import {
  addCreditPack,
  debitCreditPacks,
  getRemainingCredits,
  listCreditMovements,
  listCreditPacks,
  listUsableCreditPacks,
} from "../../../services/credits/credits.ts";
import { presentCreditMovement, presentCreditPack } from "../../presenters/credits.ts";
import { route, type Route } from "../define.ts";

function creditRoutes(kind: CreditKind, contracts: typeof eventCreditContracts | typeof campaignCreditContracts) {
  return [
    route(contracts.list, async (scope, { params, query }) => {
      const { rows, pagination } = await listCreditPacks(scope, params.a, kind, query);
      return { data: rows.map(presentCreditPack), pagination };
    }),
    route(contracts.remaining, (scope, { params }) => getRemainingCredits(scope, params.a, kind)),
    route(contracts.nonSpentOrExpired, async (scope, { params }) =>
      (await listUsableCreditPacks(scope, params.a, kind)).map(presentCreditPack),
    ),
    route(contracts.history, async (scope, { params, query }) => {
      const { rows, pagination } = await listCreditMovements(scope, params.a, kind, query);
      return { data: rows.map(presentCreditMovement), pagination };
    }),
    route(contracts.add, async (scope, { params, body }) =>
      presentCreditPack(await addCreditPack(scope, params.a, kind, body)),
    ),
    route(contracts.debit, (scope, { params, body }) => debitCreditPacks(scope, params.a, kind, body)),
  ];
}

/** /accounts/{a}/eventcredits and /accounts/{a}/campaigncredits (spec §7). */
export const creditRoutesOfAccounts: Route[] = [
  ...creditRoutes("event", eventCreditContracts),
  ...creditRoutes("campaign", campaignCreditContracts),
];
