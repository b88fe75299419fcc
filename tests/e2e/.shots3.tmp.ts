// Temporary screenshot script (not a test): run with tsx, deleted afterwards.
import { launchBrowser } from "../helpers/browser.ts";
import { buildAccount, buildUser, DEFAULT_PASSWORD, sessionTokenFor } from "../helpers/factories.ts";
import { startTestServer } from "../helpers/server.ts";
import { SignInPages } from "./pages/SignInPages.ts";

const server = await startTestServer();
const browser = await launchBrowser();
try {
  const account = await buildAccount(server.db, { name: "Harbour Events", maxEvents: 20 });
  const olga = await buildUser(server.db, { accountId: account.id, role: "overseer", email: "olga@example.com", firstName: "Olga", lastName: "Marsh" });
  const eli = await buildUser(server.db, { accountId: account.id, role: "editor", email: "eli@example.com", firstName: "Eli", lastName: "Moss" });
  await buildUser(server.db, { accountId: account.id, role: "reader", email: "rene@example.com", firstName: "René", lastName: "Dupuis" });
  const admin = await buildUser(server.db, { accountId: null, role: "administrator", email: "root@example.com", firstName: "Ada", lastName: "Root" });
  const http = server.http.as(await sessionTokenFor(server.db, server.config, olga));
  const day = 86_400_000;
  const iso = (offsetDays: number, hour: number) => new Date(Math.floor(Date.now() / day) * day + offsetDays * day + hour * 3_600_000).toISOString();
  const make = async (name: string, slug: string, from: number, to: number, extra: object = {}) => {
    const r = await http.post(`/api/v1/accounts/${account.id}/events`, { name, slug, startsAt: iso(from, 8), endsAt: iso(to, 17), timezone: "Europe/Paris", ...extra });
    if (r.status !== 201) throw new Error(`create ${slug}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body as { id: string };
  };
  const summit = await make("Harbour Summit 2027", "harbour-summit-2027", 30, 31, { venueName: "Pier 4 Convention Hall", address: "4 Quai des Docks, Marseille", country: "FR", latitude: 43.3, longitude: 5.36, maxAttendees: 800, maxCompanions: 2, languages: ["en", "fr"], moreInformation: "Two days of talks and workshops on the waterfront.", socialLinks: { linkedin: "https://www.linkedin.com/company/harbour", instagram: "https://www.instagram.com/harbour" } });
  await make("Spring Gala", "spring-gala", -1, 1, { venueName: "Opera House", isAllDay: false });
  await make("Winter Fair 2026", "winter-fair-2026", -60, -58, { venueName: "Old Market" });
  await make("Design Week", "design-week", 60, 66, { isAllDay: true });
  await http.post(`/api/v1/accounts/${account.id}/events/${summit.id}`, { name: "Harbour Summit 2027", maxAttendees: 900 });
  const team = await http.post(`/api/v1/accounts/${account.id}/teams`, { name: "Logistics", description: "Venues, catering and transport.", memberIds: [eli.id] });
  await http.post(`/api/v1/accounts/${account.id}/teams`, { name: "Marketing", memberIds: [] });
  await http.put(`/api/v1/accounts/${account.id}/events/${summit.id}/administrators/${eli.id}`, {});
  await http.put(`/api/v1/accounts/${account.id}/events/${summit.id}/teams/${(team.body as { id: string }).id}`, {});

  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  const signIn = new SignInPages(page, server.baseUrl);
  await signIn.open("/admin?next=/manage/events");
  await signIn.signIn({ email: "Email", password: "Password", submit: "Sign in" }, "olga@example.com", DEFAULT_PASSWORD);
  await page.waitForURL((u) => u.pathname === "/manage/events");
  await page.getByTestId("event-card").first().waitFor();
  const shot = async (name: string) => {
    await page.waitForTimeout(400);
    await page.screenshot({ path: `/tmp/shots3/${name}.png`, fullPage: true });
  };
  await shot("01-events-list");
  await page.getByRole("button", { name: "Create an event" }).click();
  const d = page.getByRole("dialog");
  await d.getByLabel("Name", { exact: true }).fill("Salon du Livre 2027");
  await d.getByLabel("Start", { exact: true }).fill("2027-03-14T09:30");
  await d.getByLabel("End", { exact: true }).fill("2027-03-16T18:00");
  await shot("02-create-modal");
  await d.getByLabel("Public address (URL)", { exact: true }).fill("admin");
  await shot("03-create-modal-reserved");
  await page.keyboard.press("Escape");
  for (const tab of ["description", "params", "dates", "venue", "social", "images", "access", "history"]) {
    await page.goto(`${server.baseUrl}/manage/events/${summit.id}/settings/${tab}`);
    await page.getByRole("tab", { name: "Settings" }).waitFor();
    await page.waitForTimeout(600);
    await shot(`10-settings-${tab}`);
  }
  await page.goto(`${server.baseUrl}/manage/events/${summit.id}/guests`);
  await page.getByRole("tab", { name: "Guests" }).waitFor();
  await shot("20-event-guests-coming");
  await page.goto(`${server.baseUrl}/manage/teams`);
  await page.getByTestId("team-card").first().waitFor();
  await shot("30-teams");
  await page.goto(`${server.baseUrl}/manage/profile`);
  await page.getByText("Your details").first().waitFor();
  await shot("40-profile");
  await page.getByLabel("New password", { exact: true }).fill("short");
  await shot("41-profile-password-rule");
  await page.goto(`${server.baseUrl}/manage/account`);
  await page.getByText("Default event params").first().waitFor();
  await page.waitForTimeout(500);
  await shot("50-account-settings");
  await page.goto(`${server.baseUrl}/manage/events?filter=past`);
  await page.waitForTimeout(800);
  await shot("05-events-past");
  await context.close();

  // The reader: read-only settings.
  const readerContext = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const rp = await readerContext.newPage();
  const rs = new SignInPages(rp, server.baseUrl);
  await rs.open(`/admin?next=/manage/events`);
  await rs.signIn({ email: "Email", password: "Password", submit: "Sign in" }, "eli@example.com", DEFAULT_PASSWORD);
  await rp.waitForURL((u) => u.pathname === "/manage/events");
  await rp.getByTestId("event-card").first().waitFor();
  await rp.waitForTimeout(400);
  await rp.screenshot({ path: "/tmp/shots3/60-editor-events-list.png", fullPage: true });
  await rp.goto(`${server.baseUrl}/manage/events/${summit.id}/settings/access`);
  await rp.getByRole("tab", { name: "Settings" }).waitFor();
  await rp.waitForTimeout(500);
  await rp.screenshot({ path: "/tmp/shots3/61-editor-access-readonly.png", fullPage: true });
  await readerContext.close();
  void admin;
} finally {
  await browser.close();
  await server.close();
}
