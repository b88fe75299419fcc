import { contracts, type Contracts } from "./contracts/index.ts";
import { deriveClient, type ClientOf } from "./client/derive.ts";
import type { ApiClientOptions } from "./client/transport.ts";

/*
 * The typed client of the API, shared by the web app, the desktop app and the tests: derived from the
 * contracts of shared/src/contracts, so a path or a field renamed there fails to compile where it is used.
 */

export {
  ApiError,
  CSRF_COOKIE,
  CSRF_HEADER,
  isApiError,
  readCsrfToken,
  type ApiClientOptions,
  type ClientErrorCode,
  type FetchLike,
  type FetchResponse,
} from "./client/transport.ts";
export type { ClientOperation } from "./client/derive.ts";
export type { ContractInput, ContractOutput, UploadFile } from "./contracts/contract.ts";

export type ApiClient = ClientOf<Contracts>;

export function createApiClient(options: ApiClientOptions): ApiClient {
  return deriveClient(contracts, options);
}
