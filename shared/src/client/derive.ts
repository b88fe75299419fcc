import {
  fillPath,
  type ContractDefinition,
  type ContractInput,
  type ContractOutput,
  type ContractRegistry,
  type UploadFile,
} from "../contracts/contract.ts";
import { sendRequest, queryString, type ApiClientOptions, type Method, type QueryValue } from "./transport.ts";

/** Whether an operation needs an argument (it declares path parameters or a body). */
type NeedsInput<C> = C extends { params: unknown } | { body: unknown } | { multipart: unknown } | { rawBody: string }
  ? true
  : false;

/** One operation of the typed client: call it for its answer; `url` gives the link of a file answer. */
export type ClientOperation<C extends ContractDefinition> = (NeedsInput<C> extends true
  ? (input: ContractInput<C>) => Promise<ContractOutput<C>>
  : (input?: ContractInput<C>) => Promise<ContractOutput<C>>) & {
  /** The address of the operation with this input: where the browser downloads a file answer. */
  url(input: ContractInput<C>): string;
  readonly contract: C;
};

/** The client of a registry of contracts: `client.<area>.<operation>(input)`, typed from the contracts. */
export type ClientOf<R extends ContractRegistry> = {
  [Area in keyof R]: { [Name in keyof R[Area]]: ClientOperation<R[Area][Name]> };
};

type LooseInput = {
  params?: Record<string, unknown>;
  query?: Record<string, QueryValue>;
  body?: unknown;
  form?: Record<string, string>;
  raw?: Uint8Array | UploadFile;
};

/** Derives the client from the contracts: no path or answer type is written by hand. */
export function deriveClient<R extends ContractRegistry>(registry: R, options: ApiClientOptions): ClientOf<R> {
  const origin = (options.baseUrl ?? "").replace(/\/$/, "");
  const address = (definition: ContractDefinition, input: LooseInput | undefined) =>
    `${origin}${definition.isLegacy ? "" : "/api/v1"}${fillPath(definition.path, input?.params)}`;
  const operation = (definition: ContractDefinition) => {
    const call = (input?: LooseInput) =>
      sendRequest(options, definition.method.toUpperCase() as Method, address(definition, input), {
        query: input?.query,
        ...(definition.clientHeaders ? { headers: definition.clientHeaders } : {}),
        ...(input?.form ? { form: input.form } : {}),
        ...(definition.rawBody && input?.raw !== undefined
          ? { raw: { bytes: input.raw, contentType: definition.rawBody } }
          : input?.body !== undefined
            ? { body: input.body }
            : definition.method === "get" || definition.method === "delete" || input?.form
              ? {}
              : { body: {} }),
      });
    return Object.assign(call, {
      url: (input?: LooseInput) => `${address(definition, input)}${queryString(input?.query)}`,
      contract: definition,
    });
  };
  return Object.fromEntries(
    Object.entries(registry).map(([area, operations]) => [
      area,
      Object.fromEntries(Object.entries(operations).map(([name, definition]) => [name, operation(definition)])),
    ]),
  ) as unknown as ClientOf<R>;
}
