import type { ContractDefinition, ContractHandlerInput, ContractOutput } from "@tessera/shared/contracts/contract";
import type { Scope } from "../../services/scope.ts";
import type { ApiContext } from "../context.ts";

/**
 * What a route does once its contract has validated the request: call one service with the plain
 * scope, present the answer. `ctx` is there for the few routes that speak HTTP themselves (cookies,
 * multipart bodies, file downloads); the services never see it.
 */
export type RouteHandler<C extends ContractDefinition> = (
  scope: Scope,
  input: ContractHandlerInput<C>,
  ctx: ApiContext,
) => Promise<ContractOutput<C>> | ContractOutput<C>;

/** One mounted operation: its contract (from shared/src/contracts) and its handler. */
export interface Route {
  contract: ContractDefinition;
  handler: (scope: Scope, input: ContractHandlerInput<ContractDefinition>, ctx: ApiContext) => unknown;
}

export function route<const C extends ContractDefinition>(contract: C, handler: RouteHandler<C>): Route {
  return { contract, handler: handler as Route["handler"] };
}
