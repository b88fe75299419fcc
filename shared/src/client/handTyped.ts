import type { Static } from "@sinclair/typebox";
import type { UploadFile } from "../contracts/contract.ts";
import {
  queryString,
  sendRequest,
  type ApiClientOptions,
  type Method,
  type QueryValue,
  type TransportRequest,
} from "./transport.ts";
import type { Role } from "../permissions.ts";
import type {
  ForgotPasswordBody,
  InvitationResponse,
  LoginBody,
  MeResponse,
  RegisterAdminBody,
  ResetPasswordBody,
  SendingTokenBody,
  SendingTokenResponse,
  SessionResponse,
} from "../schemas/auth.ts";
import type { AuditLogJson } from "../schemas/audit.ts";
import type { ImageFromUrl, ImageJson, ImageKind } from "../schemas/images.ts";
import type { PasswordChange, ProfileUpdate } from "../schemas/profile.ts";
import type { TeamCreate, TeamJson, TeamUpdate } from "../schemas/teams.ts";
import type {
  Account,
  AccountCreate,
  AccountUpdate,
  AccountUserCreate,
  AccountUserUpdate,
  AdministratorCreate,
  AdministratorUpdate,
  User,
} from "../schemas/users.ts";
import type {
  DefaultEventParams,
  EventCreate,
  EventDuplicate,
  EventJson as EventJsonSchema,
  EventListQuery,
  EventUpdate,
} from "../schemas/events.ts";
import type {
  CustomFieldCreate,
  CustomFieldJson,
  CustomFieldUpdate,
  DeleteGuestsResult,
  GuestCreate,
  GuestJson,
  GuestListQuery,
  GuestUpdate,
  GuestViewCreate,
  GuestViewSchema,
} from "../schemas/guests.ts";
import type { DuplicatePairJson, RecommendationJson } from "../schemas/guestDuplicates.ts";
import type { GuestTicketJson, OrderJson } from "../schemas/orders.ts";

/*
 * The typed client of /api/v1, shared by the web app, the desktop app and the tests.
 * It runs in browsers and in Node: no DOM-only or Node-only import, the DOM is read defensively.
 */

export interface Pagination {
  page: number;
  perPage: number;
  total: number;
}

export interface PageOf<T> {
  data: T[];
  pagination: Pagination;
}

export interface ListOf<T> {
  data: T[];
}

export interface Ok {
  ok: true;
}

export interface PageQuery {
  search?: string;
  page?: number;
  perPage?: number;
}

export interface AdministratorsQuery extends PageQuery {
  accountId?: string;
  role?: Role;
}

/* Event types come from the schemas the API validates with (type-only imports: no ajv in the bundle). */
export type EventStatus = EventJsonSchema["status"];
export type SocialLinks = EventJsonSchema["socialLinks"];
export type EventFields = Omit<EventUpdate, "slug">;
export type ImageRef = NonNullable<EventJsonSchema["logo"]>;
export type EventAccess = NonNullable<EventJsonSchema["access"]>;
export type EventAbilities = Partial<
  Record<"update" | "delete" | "duplicate" | "archive" | "manageAccess" | "adminSettings", boolean>
>;
export type EventJson = Omit<EventJsonSchema, "abilities"> & { abilities: EventAbilities };
export type EventCreateBody = EventCreate;
export type EventUpdateBody = EventUpdate;
export type EventDuplicateBody = EventDuplicate;
export type EventsQuery = Partial<EventListQuery>;
export type DefaultEventParamsJson = DefaultEventParams;

export interface TeamsQuery extends PageQuery {
  expand?: "members";
}

export interface ImagesQuery {
  kind?: ImageKind;
  page?: number;
  perPage?: number;
}

export interface AuditLogsQuery {
  eventId?: string;
  subjectType?: string;
  subjectId?: string;
  actorUserId?: string;
  action?: string;
  from?: string;
  to?: string;
  /** Actions to leave out, joined with commas by the client. */
  exclude?: readonly string[];
  page?: number;
  perPage?: number;
}

/* Guests (issue 4): types from the schemas the API validates with (type-only imports). */
export type { CustomFieldJson, GuestJson };
export type { GuestTicketJson, OrderJson };
export type GuestsQuery = Omit<Partial<GuestListQuery>, "page" | "perPage">;
export type GuestCreateBody = GuestCreate;
export type GuestUpdateBody = GuestUpdate;
export type CustomFieldCreateBody = CustomFieldCreate;
export type CustomFieldUpdateBody = CustomFieldUpdate;
export type GuestViewJson = Static<typeof GuestViewSchema>;
/** The guests a bulk action acts on: listed ids, or all those matching a list query (paging and sort left out). */
export type GuestSelectionJson = { ids: string[] } | { query: Omit<GuestsQuery, "sort" | "order"> };
function selectionBody(selection: string[] | GuestSelectionJson): GuestSelectionJson {
  return Array.isArray(selection) ? { ids: selection } : selection;
}
export type DeleteGuestsResultJson = Static<typeof DeleteGuestsResult>;
/** Import of a guest file (three steps: upload, mapping, process), as the API presents it. */
export interface GuestImportJson {
  id: string;
  eventId: string;
  status: "uploaded" | "mapped" | "processing" | "done" | "failed" | "cancelled";
  fileName: string | null;
  encoding: "utf-8" | "windows-1252";
  sourceFormat: "csv" | "xlsx";
  separator: string;
  hasHeaders: boolean;
  headers: string[];
  /** Column index → target: a guest field or `customField:<id>`. */
  mapping: Record<string, string> | null;
  totalRows: number;
  processedRows: number;
  createdRows: number;
  updatedRows: number;
  failedRows: number;
  hasErrorReport: boolean;
  startedAt: string | null;
  finishedAt: string | null;
  createdAt: string;
}
export interface ImportIssueJson {
  field: string;
  code: string;
  params?: Record<string, unknown>;
  message?: string;
}
export interface GuestImportUploadJson {
  import: GuestImportJson;
  /** The first data rows. */
  preview: string[][];
  suggestedMapping: Record<string, string>;
  columnIssues: ImportIssueJson[];
}
export interface ImportRowErrorJson {
  line: number;
  column: string;
  value: string;
  code: string;
  params?: Record<string, unknown>;
  message: string;
}
export interface GuestImportMappingJson {
  import: GuestImportJson;
  sampleErrors: ImportRowErrorJson[];
}
export type { DuplicatePairJson, RecommendationJson };

function segment(value: string): string {
  return encodeURIComponent(value);
}

/**
 * TRANSITION: the hand-typed client the web app still uses until its screens read the query layer
 * over the client derived from the contracts (`createApiClient` in ../client.ts).
 */
export function createHandTypedApiClient(options: ApiClientOptions) {
  const baseUrl = (options.baseUrl ?? "").replace(/\/$/, "");
  const request = <T>(method: Method, path: string, input: TransportRequest = {}) =>
    sendRequest<T>(options, method, `${baseUrl}/api/v1${path}`, input);
  const get = <T>(path: string, query?: Record<string, QueryValue>) => request<T>("GET", path, { query });
  const post = <T>(path: string, body: unknown = {}) => request<T>("POST", path, { body });
  const put = <T>(path: string, body: unknown) => request<T>("PUT", path, { body });
  const remove = <T>(path: string) => request<T>("DELETE", path);
  const upload = <T>(path: string, form: Record<string, string | UploadFile>) => request<T>("POST", path, { form });
  const account = (accountId: string) => `/accounts/${segment(accountId)}`;
  const event = (accountId: string, eventId: string) => `${account(accountId)}/events/${segment(eventId)}`;
  /** Spec §7: the guest calls live under /events/{account}/{event}. */
  const guestEvent = (accountId: string, eventId: string) => `/events/${segment(accountId)}/${segment(eventId)}`;

  return {
    auth: {
      login: (body: LoginBody) => post<SessionResponse>("/auth/login", body),
      logout: () => post<Ok>("/auth/logout"),
      sendingToken: (body: SendingTokenBody) => post<Static<typeof SendingTokenResponse>>("/auth/sending-token", body),
      forgotPassword: (body: ForgotPasswordBody) => post<Ok>("/auth/forgot-password", body),
      resetPassword: (body: ResetPasswordBody) => post<Ok>("/auth/reset-password", body),
      invitation: (token: string) => get<Static<typeof InvitationResponse>>("/auth/invitation", { token }),
      registerAdmin: (body: RegisterAdminBody) => post<Ok>("/auth/register-admin", body),
      me: () => get<MeResponse>("/auth/me"),
    },

    /** Accounts of the platform (platform administrators). */
    accounts: {
      list: (query: PageQuery = {}) => get<PageOf<Account>>("/accounts", { ...query }),
      create: (body: AccountCreate) => post<Account>("/accounts", body),
      get: (accountId: string) => get<Account>(`/accounts/${segment(accountId)}`),
      update: (accountId: string, body: AccountUpdate) => post<Account>(`/accounts/${segment(accountId)}`, body),
    },

    /** Users of one account (overseers and platform administrators manage them). */
    accountUsers: {
      list: (accountId: string, query: PageQuery = {}) =>
        get<PageOf<User>>(`/accounts/${segment(accountId)}/administrators`, { ...query }),
      create: (accountId: string, body: AccountUserCreate) =>
        post<User>(`/accounts/${segment(accountId)}/administrators`, body),
      get: (accountId: string, userId: string) =>
        get<User>(`/accounts/${segment(accountId)}/administrators/${segment(userId)}`),
      update: (accountId: string, userId: string, body: AccountUserUpdate) =>
        put<User>(`/accounts/${segment(accountId)}/administrators/${segment(userId)}`, body),
      remove: (accountId: string, userId: string) =>
        remove<Ok | undefined>(`/accounts/${segment(accountId)}/administrators/${segment(userId)}`),
      invite: (accountId: string, userId: string) =>
        post<Ok>(`/accounts/${segment(accountId)}/administrators/${segment(userId)}/invite`),
    },

    /** Events of one account (GET/POST /accounts/{a}/events …). */
    events: {
      list: (accountId: string, query: EventsQuery = {}) =>
        get<PageOf<EventJson>>(`${account(accountId)}/events`, { ...query }),
      create: (accountId: string, body: EventCreateBody) => post<EventJson>(`${account(accountId)}/events`, body),
      get: (accountId: string, eventId: string, options: { withAccess?: boolean } = {}) =>
        get<EventJson>(event(accountId, eventId), options.withAccess ? { expand: "access" } : undefined),
      update: (accountId: string, eventId: string, body: EventUpdateBody) =>
        post<EventJson>(event(accountId, eventId), body),
      remove: (accountId: string, eventId: string) => remove<Ok>(event(accountId, eventId)),
      duplicate: (accountId: string, eventId: string, body: EventDuplicateBody) =>
        post<EventJson>(`${event(accountId, eventId)}/duplicate`, body),
      archive: (accountId: string, eventId: string) => post<EventJson>(`${event(accountId, eventId)}/archive`),
      unarchive: (accountId: string, eventId: string) => post<EventJson>(`${event(accountId, eventId)}/unarchive`),
      addUser: (accountId: string, eventId: string, userId: string) =>
        put<EventJson>(`${event(accountId, eventId)}/administrators/${segment(userId)}`, {}),
      removeUser: (accountId: string, eventId: string, userId: string) =>
        remove<EventJson>(`${event(accountId, eventId)}/administrators/${segment(userId)}`),
      addTeam: (accountId: string, eventId: string, teamId: string) =>
        put<EventJson>(`${event(accountId, eventId)}/teams/${segment(teamId)}`, {}),
      removeTeam: (accountId: string, eventId: string, teamId: string) =>
        remove<EventJson>(`${event(accountId, eventId)}/teams/${segment(teamId)}`),
    },

    /** Defaults applied to the account's new events. */
    defaultEventParams: {
      get: (accountId: string) => get<DefaultEventParamsJson>(`${account(accountId)}/default-event-params`),
      update: (accountId: string, body: DefaultEventParamsJson) =>
        post<DefaultEventParamsJson>(`${account(accountId)}/default-event-params`, body),
    },

    /** Logos, banners and favicons of an account; their bytes are public at `image.url`. */
    images: {
      list: (accountId: string, query: ImagesQuery = {}) =>
        get<PageOf<ImageJson>>(`${account(accountId)}/images`, { ...query }),
      upload: (accountId: string, kind: ImageKind, file: UploadFile) =>
        upload<ImageJson>(`${account(accountId)}/images`, { kind, file }),
      fromUrl: (accountId: string, body: ImageFromUrl) => post<ImageJson>(`${account(accountId)}/images`, body),
    },

    /** Teams of one account and their members. */
    teams: {
      list: (accountId: string, query: TeamsQuery = {}) =>
        get<PageOf<TeamJson>>(`${account(accountId)}/teams`, { ...query }),
      create: (accountId: string, body: TeamCreate) => post<TeamJson>(`${account(accountId)}/teams`, body),
      get: (accountId: string, teamId: string) =>
        get<TeamJson>(`${account(accountId)}/teams/${segment(teamId)}`, { expand: "members" }),
      update: (accountId: string, teamId: string, body: TeamUpdate) =>
        post<TeamJson>(`${account(accountId)}/teams/${segment(teamId)}`, body),
      remove: (accountId: string, teamId: string) => remove<Ok>(`${account(accountId)}/teams/${segment(teamId)}`),
      addMember: (accountId: string, teamId: string, userId: string) =>
        put<TeamJson>(`${account(accountId)}/teams/${segment(teamId)}/administrators/${segment(userId)}`, {}),
      removeMember: (accountId: string, teamId: string, userId: string) =>
        remove<TeamJson>(`${account(accountId)}/teams/${segment(teamId)}/administrators/${segment(userId)}`),
    },

    /** The account's audit log, newest first. */
    auditLogs: {
      list: (accountId: string, query: AuditLogsQuery = {}) =>
        get<PageOf<AuditLogJson>>(`${account(accountId)}/auditlogs`, {
          ...query,
          exclude: query.exclude?.length ? query.exclude.join(",") : undefined,
        }),
    },

    /** The signed-in user's own details and password. */
    profile: {
      get: () => get<User>("/profile"),
      update: (body: ProfileUpdate) => post<User>("/profile", body),
      changePassword: (body: PasswordChange) => post<Ok>("/profile/password", body),
    },

    /** Every user of the platform (platform administrators). */
    administrators: {
      list: (query: AdministratorsQuery = {}) => get<PageOf<User>>("/administrators", { ...query }),
      create: (body: AdministratorCreate) => post<User>("/administrators", body),
      update: (userId: string, body: AdministratorUpdate) => post<User>(`/administrators/${segment(userId)}`, body),
      remove: (userId: string) => remove<Ok | undefined>(`/administrators/${segment(userId)}`),
      accounts: (userId: string) => get<ListOf<Account>>(`/administrators/${segment(userId)}/accounts`),
    },

    /** Guests of one event (spec §7 `users`), paged on the server. */
    guests: {
      list: (accountId: string, eventId: string, query: GuestsQuery, page: { page: number; perPage: number }) =>
        get<PageOf<GuestJson>>(`${guestEvent(accountId, eventId)}/users`, { ...query, ...page }),
      get: (accountId: string, eventId: string, id: string) =>
        get<GuestJson>(`${guestEvent(accountId, eventId)}/users/${segment(id)}`),
      create: (accountId: string, eventId: string, body: GuestCreateBody) =>
        post<GuestJson>(`${guestEvent(accountId, eventId)}/users`, body),
      update: (accountId: string, eventId: string, id: string, body: GuestUpdateBody) =>
        post<GuestJson>(`${guestEvent(accountId, eventId)}/users/${segment(id)}`, body),
      remove: (accountId: string, eventId: string, id: string) =>
        remove<Ok>(`${guestEvent(accountId, eventId)}/users/${segment(id)}`),
      /** The tickets the guest holds (live orders, net of refunds). */
      tickets: (accountId: string, eventId: string, id: string) =>
        get<ListOf<GuestTicketJson>>(`${guestEvent(accountId, eventId)}/users/${segment(id)}/tickets`),
      /** The orders the guest placed, newest first, with their items. */
      orders: (accountId: string, eventId: string, id: string) =>
        get<ListOf<OrderJson>>(`${guestEvent(accountId, eventId)}/users/${segment(id)}/orders`),
      /** Deletes the listed guests, or every guest matching a list query ("all N matching"). */
      removeMany: (accountId: string, eventId: string, selection: string[] | GuestSelectionJson) =>
        post<DeleteGuestsResultJson>(`${guestEvent(accountId, eventId)}/deleteusers`, selectionBody(selection)),
      /** The same answers on the listed guests, or on every guest matching a list query. */
      setAnswers: (
        accountId: string,
        eventId: string,
        selection: string[] | GuestSelectionJson,
        answers: Record<string, unknown>,
      ) =>
        post<{ updated: string[] }>(`${guestEvent(accountId, eventId)}/users/customfields`, {
          ...selectionBody(selection),
          answers,
        }),
      views: (accountId: string, eventId: string) =>
        get<ListOf<GuestViewJson>>(`${guestEvent(accountId, eventId)}/guestviews`),
      saveView: (accountId: string, eventId: string, body: Static<typeof GuestViewCreate>) =>
        post<GuestViewJson>(`${guestEvent(accountId, eventId)}/guestviews`, body),
      removeView: (accountId: string, eventId: string, id: string) =>
        remove<Ok>(`${guestEvent(accountId, eventId)}/guestviews/${segment(id)}`),
      /** Where the browser downloads the current view (a link, not a fetch). */
      exportUrl: (
        accountId: string,
        eventId: string,
        format: "csv" | "xlsx",
        query: GuestsQuery & { columns?: string },
      ) => `${baseUrl}/api/v1${guestEvent(accountId, eventId)}/users/export${queryString({ ...query, format })}`,
      /** Uploads a guest's answer to a `file` custom field (the answer becomes {fileId, name, size}). */
      uploadFile: (accountId: string, eventId: string, id: string, customFieldId: string, file: UploadFile) =>
        upload<GuestJson>(`${guestEvent(accountId, eventId)}/users/${segment(id)}/files`, { customFieldId, file }),
      /** Where the browser downloads a guest's answer file (a link, not a fetch). */
      fileUrl: (accountId: string, eventId: string, id: string, fileId: string) =>
        `${baseUrl}/api/v1${guestEvent(accountId, eventId)}/users/${segment(id)}/files/${segment(fileId)}`,
    },

    /** Custom fields (questions) of one event, in their order. */
    customFields: {
      list: (accountId: string, eventId: string) =>
        get<ListOf<CustomFieldJson>>(`${guestEvent(accountId, eventId)}/customfields`),
      create: (accountId: string, eventId: string, body: CustomFieldCreateBody) =>
        post<CustomFieldJson>(`${guestEvent(accountId, eventId)}/customfields`, body),
      update: (accountId: string, eventId: string, id: string, body: CustomFieldUpdateBody) =>
        post<CustomFieldJson>(`${guestEvent(accountId, eventId)}/customfields/${segment(id)}`, body),
      remove: (accountId: string, eventId: string, id: string) =>
        remove<Ok>(`${guestEvent(accountId, eventId)}/customfields/${segment(id)}`),
      reorder: (accountId: string, eventId: string, ids: string[]) =>
        post<ListOf<CustomFieldJson>>(`${guestEvent(accountId, eventId)}/customfields/reorder`, { ids }),
    },

    /** Three-step import of a guest file: upload, mapping, process (then progress and error report). */
    guestImports: {
      upload: (accountId: string, eventId: string, file: UploadFile, hasHeaders: boolean) =>
        upload<GuestImportUploadJson>(`${guestEvent(accountId, eventId)}/imports`, {
          hasHeaders: hasHeaders ? "1" : "0",
          file,
        }),
      setMapping: (accountId: string, eventId: string, id: string, mapping: Record<string, string | null>) =>
        post<GuestImportMappingJson>(`${guestEvent(accountId, eventId)}/imports/${segment(id)}/mapping`, { mapping }),
      process: (accountId: string, eventId: string, id: string) =>
        post<{ import: GuestImportJson }>(`${guestEvent(accountId, eventId)}/imports/${segment(id)}/process`),
      get: (accountId: string, eventId: string, id: string) =>
        get<{ import: GuestImportJson }>(`${guestEvent(accountId, eventId)}/imports/${segment(id)}`),
      cancel: (accountId: string, eventId: string, id: string) =>
        remove<{ import: GuestImportJson }>(`${guestEvent(accountId, eventId)}/imports/${segment(id)}`),
      /** Where the browser downloads the per-row error report (a link, not a fetch). */
      errorsUrl: (accountId: string, eventId: string, id: string) =>
        `${baseUrl}/api/v1${guestEvent(accountId, eventId)}/imports/${segment(id)}/errors.csv`,
    },

    /** Guests that look like the same person (same email, or same first and last name). */
    duplicates: {
      list: (accountId: string, eventId: string, page: { page?: number; perPage?: number } = {}) =>
        get<PageOf<DuplicatePairJson>>(`${guestEvent(accountId, eventId)}/duplicates`, { ...page }),
      ignore: (accountId: string, eventId: string, guestIds: [string, string]) =>
        post<Ok>(`${guestEvent(accountId, eventId)}/duplicates/ignore`, { guestIds }),
      /** Keeps `keepId` and folds `mergeId` into it (answers, companions, orders, check-ins, history). */
      merge: (accountId: string, eventId: string, keepId: string, mergeId: string) =>
        post<GuestJson>(`${guestEvent(accountId, eventId)}/duplicates/merge`, { keepId, mergeId }),
    },

    /** Guests recommended by other guests, to accept or refuse. */
    recommendations: {
      list: (
        accountId: string,
        eventId: string,
        query: { status?: RecommendationJson["status"]; page?: number; perPage?: number } = {},
      ) => get<PageOf<RecommendationJson>>(`${guestEvent(accountId, eventId)}/recommendations`, { ...query }),
      accept: (accountId: string, eventId: string, id: string) =>
        post<RecommendationJson>(`${guestEvent(accountId, eventId)}/recommendations/${segment(id)}/accept`),
      refuse: (accountId: string, eventId: string, id: string) =>
        post<RecommendationJson>(`${guestEvent(accountId, eventId)}/recommendations/${segment(id)}/refuse`),
    },
  };
}

export type HandTypedApiClient = ReturnType<typeof createHandTypedApiClient>;
