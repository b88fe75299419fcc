export interface HttpResponse<T = any> {
  status: number;
  // Tests read arbitrary JSON shapes; the assertions are the type check.
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  body?: unknown;
  lang?: string;
  headers?: Record<string, string>;
}

/** A tiny fetch wrapper for API tests: JSON in, JSON out, optional bearer token or cookie session. */
export class HttpClient {
  constructor(
    readonly baseUrl: string,
    private readonly auth: { token?: string; cookie?: string; csrf?: string } = {},
  ) {}

  as(token: string): HttpClient {
    return new HttpClient(this.baseUrl, { token });
  }

  withCookies(cookie: string, csrf?: string): HttpClient {
    return new HttpClient(this.baseUrl, csrf === undefined ? { cookie } : { cookie, csrf });
  }

  /** The credentials this client sends (for raw fetch calls that read bytes or post multipart). */
  authHeaders(): Record<string, string> {
    const headers: Record<string, string> = {};
    if (this.auth.token) headers.Authorization = `Bearer ${this.auth.token}`;
    if (this.auth.cookie) headers.Cookie = this.auth.cookie;
    if (this.auth.csrf) headers["X-CSRF-Token"] = this.auth.csrf;
    return headers;
  }

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<HttpResponse<T>> {
    const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
    if (options.lang) headers["Accept-Language"] = options.lang;
    Object.assign(headers, this.authHeaders());
    let body: string | undefined;
    if (options.body !== undefined) {
      headers["Content-Type"] ??= "application/json";
      body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    }
    const response = await fetch(this.baseUrl + path, { method, headers, body, redirect: "manual" });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>("GET", path, options);
  }
  post<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>("POST", path, { ...options, body });
  }
  put<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>("PUT", path, { ...options, body });
  }
  delete<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>("DELETE", path, options);
  }
}
