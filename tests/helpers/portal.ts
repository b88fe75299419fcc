import type { HttpClient } from "./http.ts";
import type { TestServer } from "./server.ts";

/** A client carrying the portal session of the guest with `email`, signed in with their emailed code. */
export async function signedInGuestClient(server: TestServer, portal: string, email: string): Promise<HttpClient> {
  await server.http.post(`${portal}/link`, { email });
  const mail = await server.mailbox.waitFor(email, { subjectIncludes: "Sign in" });
  const code = /\b(\d{6})\b/.exec(mail.text ?? "")![1]!;
  const signedIn = await server.http.post(`${portal}/session`, { email, code });
  if (signedIn.status !== 200) throw new Error(`sign-in refused: ${signedIn.status}`);
  const cookie = signedIn.headers
    .getSetCookie()
    .map((value) => value.split(";")[0]!)
    .find((value) => value.startsWith("tessera_guest="))!;
  return server.http.withCookies(cookie);
}
