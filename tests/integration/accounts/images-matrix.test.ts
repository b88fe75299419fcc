import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCast, CAST_MEMBERS, expectNoChange, type Cast, type CastMember } from "../../helpers/actors.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildApiKey } from "../../helpers/factories.ts";
import { pngImage } from "../../helpers/imageFixtures.ts";
import { sendBytes, startImageServer, type ImageServer } from "../../helpers/imageServer.ts";
import type { HttpResponse } from "../../helpers/http.ts";
import { describeRows, expectAnswer, READ, sendGuarded, write, type Expectation } from "../../helpers/matrix.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";
import { postMultipart } from "../../helpers/uploads.ts";

/**
 * Images × every kind of caller (QUALITY.md, tenant isolation): members list, editors and above
 * (and API keys with events.update) add, outsiders get 404 like a missing account, anonymous 401;
 * refused calls change nothing. The public file needs no credentials at all.
 */

function tokenOf(cast: Cast, member: CastMember): string | undefined {
  if (member === "anonymous") return undefined;
  if (member === "apiKey") return cast.apiKey.token;
  return cast.users[member].token;
}

interface Row {
  name: string;
  expect: Expectation;
  write: boolean;
  send(cast: Cast, member: CastMember): Promise<HttpResponse>;
}

describe.each(databaseKinds())("images: role × route matrix on %s", (kind) => {
  let server: TestServer;
  let cast: Cast;
  let images: ImageServer;
  let accountPath: string;

  const rows: Row[] = [
    {
      name: "GET /accounts/{a}/images",
      expect: READ,
      write: false,
      send: (c, member) => c.client(member).get(`${accountPath}/images`),
    },
    {
      name: "POST /accounts/{a}/images (multipart upload)",
      expect: write(201),
      write: true,
      send: (c, member) =>
        postMultipart(server.baseUrl, `${accountPath}/images`, {
          token: tokenOf(c, member),
          fields: { kind: "logo" },
          files: [{ bytes: pngImage(2, 2), fileName: `${member}.png` }],
        }),
    },
    {
      name: "POST /accounts/{a}/images (JSON download)",
      expect: write(201),
      write: true,
      send: (c, member) =>
        c.client(member).post(`${accountPath}/images`, { kind: "banner", url: images.url(`/banner.png?by=${member}`) }),
    },
  ];

  beforeAll(async () => {
    images = await startImageServer({ "/banner.png": sendBytes(pngImage(8, 4), "image/png") });
    server = await startTestServer({ kind, env: { IMAGE_FETCH_ALLOWED_HOSTS: images.hostPort } });
    cast = await buildCast(server);
    accountPath = `/api/v1/accounts/${cast.accountA.id}`;
  });
  afterAll(async () => {
    await server?.close();
    await images?.close();
  });

  describeRows(rows, async (row, member) => {
    const expected = row.expect[member];
    const fetchesBefore = images.requests.length;
    const response = await sendGuarded(server.db, expected, () => row.send(cast, member), row.write);
    expectAnswer(response, expected);
    // A refused caller cannot make the server fetch anything.
    if (expected >= 400) expect(images.requests.length).toBe(fetchesBefore);
    if (expected === 201) expect(response.body.accountId).toBe(cast.accountA.id);
  });

  it("serves an image to anyone, without credentials", async () => {
    const created = await postMultipart(server.baseUrl, `${accountPath}/images`, {
      token: cast.users.editor.token,
      fields: { kind: "logo" },
      files: [{ bytes: pngImage(3, 3) }],
    });
    for (const member of CAST_MEMBERS) {
      const token = tokenOf(cast, member);
      const response = await fetch(server.baseUrl + created.body.url, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
      expect(response.status, member).toBe(200);
    }
  });

  it("answers an outsider exactly like a missing account", async () => {
    const strip = (body: { error: Record<string, unknown> }) => ({ ...body.error, requestId: undefined });
    const outsider = await cast.client("outsiderOverseer").get(`${accountPath}/images`);
    const missing = await cast.client("administrator").get(`/api/v1/accounts/${randomUUID()}/images`);
    expect(outsider.status).toBe(404);
    expect(strip(outsider.body)).toEqual(strip(missing.body));
  });

  it("refuses an API key without events.update (reader key) with 403, nothing stored", async () => {
    const key = await buildApiKey(server.db, cast.accountA.id, "reader");
    const response = await expectNoChange(server.db, () =>
      postMultipart(server.baseUrl, `${accountPath}/images`, {
        token: key.token,
        fields: { kind: "logo" },
        files: [{ bytes: pngImage() }],
      }),
    );
    expect(response.status).toBe(403);
    expect((await server.http.as(key.token).get(`${accountPath}/images`)).status).toBe(200);
  });
});
