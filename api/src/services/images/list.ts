import type { ImageKind } from "@tessera/shared";
import { lowerContains } from "../../db/dialect.ts";
import type { Db } from "../../db/knex.ts";
import { Image } from "../../models/Image.ts";
import { authorizeInExistingAccount } from "../accounts/authorize.ts";
import { paginate, type PageRequest, type PageResult } from "../pagination.ts";
import type { Scope } from "../scope.ts";

/** The account's images, newest first, optionally of one kind and matching a file name (any member). */
export async function listImages(
  scope: Scope,
  accountId: string,
  request: PageRequest & { kind?: ImageKind; search?: string },
): Promise<PageResult<Image>> {
  await authorizeInExistingAccount(scope, "events.read", accountId);
  const db = scope.db;
  const query = Image.query(db).where({ accountId }).orderBy("createdAt", "desc").orderBy("id", "desc");
  if (request.kind) query.where({ kind: request.kind });
  if (request.search) query.where(lowerContains(db, "original_name", request.search));
  return paginate(query, request);
}

/** One image by id, any account (the media route serves public files by their unguessable id). */
export async function findImage(db: Db, id: string): Promise<Image | undefined> {
  return Image.query(db).findById(id);
}
