import { promises as dnsPromises } from "node:dns";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { classifyAddress } from "./addresses.ts";
import { readLimited } from "./readLimited.ts";

/** Why a download was refused or failed: a machine word callers may pass on (never the fetched body). */
export type FetchFailureReason =
  | "bad_url"
  | "unsupported_scheme"
  | "blocked_address"
  | "dns_failed"
  | "network"
  | "timeout"
  | "too_big"
  | "bad_status"
  | "too_many_redirects";

export class SafeFetchError extends Error {
  constructor(
    readonly reason: FetchFailureReason,
    message: string = reason,
  ) {
    super(message);
    this.name = "SafeFetchError";
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface SafeFetchOptions {
  /** Bytes of body accepted; the download is cut off beyond (counted while streaming). */
  maxBytes: number;
  /** The whole download: DNS, connections, redirects and body. */
  timeoutMs: number;
  /** Redirects followed (each target checked again). */
  maxRedirects: number;
  /** "host:port" pairs exempt from the address check (tests and development only). */
  allowedHosts?: readonly string[];
  /** Name resolution (tests may replace it); defaults to the system resolver, every address. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
}

export interface FetchedBody {
  bytes: Buffer;
  /** The address the body came from, after redirects. */
  url: URL;
  contentType: string | null;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const USER_AGENT = "Tessera-ImageFetcher/1.0";

async function systemResolve(hostname: string): Promise<ResolvedAddress[]> {
  const answers = await dnsPromises.lookup(hostname, { all: true, verbatim: true });
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
}

/** http(s) only; the WHATWG parser already turns 2130706433, 0x7f.1 and [::ffff:127.0.0.1] into canonical IPs. */
function parseTarget(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new SafeFetchError("bad_url");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new SafeFetchError("unsupported_scheme");
  if (!url.hostname) throw new SafeFetchError("bad_url");
  return url;
}

function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new SafeFetchError("timeout"));
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/**
 * The one address to connect to: every address the name resolves to must be public (one private
 * answer is enough to refuse), unless host:port is on the tests' allow-list.
 */
async function verifiedAddress(url: URL, options: SafeFetchOptions, signal: AbortSignal): Promise<ResolvedAddress> {
  const host = bareHost(url);
  const family = isIP(host);
  let addresses: ResolvedAddress[];
  if (family) {
    addresses = [{ address: host, family: family === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await abortable((options.resolve ?? systemResolve)(host), signal);
    } catch (error) {
      if (error instanceof SafeFetchError) throw error;
      throw new SafeFetchError("dns_failed");
    }
  }
  if (!addresses.length) throw new SafeFetchError("dns_failed");
  const exempt = options.allowedHosts?.includes(`${url.hostname.toLowerCase()}:${portOf(url)}`) ?? false;
  if (!exempt) {
    for (const { address } of addresses) {
      const verdict = classifyAddress(address);
      if (!verdict.allowed) throw new SafeFetchError("blocked_address", `${address} is ${verdict.range}`);
    }
  }
  return addresses[0]!;
}

/** A lookup that always answers the verified address: a DNS change after the check cannot redirect the connection. */
function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as LookupFunction;
}

function get(url: URL, target: ResolvedAddress, signal: AbortSignal): Promise<IncomingMessage> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request({
      method: "GET",
      protocol: url.protocol,
      hostname: bareHost(url), // TLS checks the certificate against the name, the socket goes to `target`
      port: portOf(url),
      path: `${url.pathname}${url.search}`,
      headers: { "User-Agent": USER_AGENT, Accept: "image/*", "Accept-Encoding": "identity" },
      agent: false, // no pooled socket that was connected for another address
      lookup: pinnedLookup(target),
      signal,
    });
    request.once("response", resolve);
    request.once("error", reject);
    request.end();
  });
}

/**
 * GET of a URL a user gave us, safe against server-side request forgery: http(s) only; the host
 * resolved and every address checked (see addresses.ts); the connection pinned to the checked
 * address; redirects followed by hand, each checked again; one time limit for everything; the body
 * counted while it streams and cut off beyond `maxBytes`.
 */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions): Promise<FetchedBody> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    let url = parseTarget(rawUrl);
    for (let redirects = 0; ; redirects++) {
      const target = await verifiedAddress(url, options, controller.signal);
      const response = await get(url, target, controller.signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location) {
        response.destroy();
        if (redirects >= options.maxRedirects) throw new SafeFetchError("too_many_redirects");
        url = parseTarget(location, url);
        continue;
      }
      if (status < 200 || status > 299) {
        response.destroy();
        throw new SafeFetchError("bad_status", `status ${status}`);
      }
      const bytes = await readLimited(response, options.maxBytes, () => new SafeFetchError("too_big"));
      return { bytes, url, contentType: response.headers["content-type"] ?? null };
    }
  } catch (error) {
    if (controller.signal.aborted) throw new SafeFetchError("timeout");
    if (error instanceof SafeFetchError) throw error;
    throw new SafeFetchError("network", (error as Error).message);
  } finally {
    clearTimeout(timer);
  }
}
