// One request of a bench client over a keep-alive agent, its answer read whole. A socket the server closed
// while it sat idle in the pool fails at once; the request is then sent again on a new one.
import http from "node:http";

export interface Answer {
  status: number;
  body: string;
}

export function keepAliveRequest(
  agent: http.Agent,
  url: string,
  options: { headers: Record<string, string>; body?: string | undefined; retries?: number },
): Promise<Answer> {
  const { headers, body, retries = 1 } = options;
  const sent = body ? { ...headers, "Content-Type": "application/json" } : headers;
  return new Promise((resolve, reject) => {
    const request = http.request(url, { agent, method: body ? "POST" : "GET", headers: sent }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("error", reject);
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on("error", (error) =>
      retries > 0 ? resolve(keepAliveRequest(agent, url, { ...options, retries: retries - 1 })) : reject(error),
    );
    request.end(body);
  });
}
