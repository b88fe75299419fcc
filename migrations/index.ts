import type { Knex } from "knex";
import * as accounts from "./20261121000100_accounts.ts";
import * as users from "./20261121000200_users.ts";
import * as teams from "./20261121000300_teams.ts";
import * as events from "./20261121000400_events.ts";
import * as apiKeys from "./20261121000500_api_keys.ts";
import * as sessionsAndTokens from "./20261121000600_sessions_and_tokens.ts";
import * as auditLogs from "./20261121000700_audit_logs.ts";
import * as rateLimits from "./20261121000800_rate_limits.ts";
import * as images from "./20261121000900_images.ts";
import * as defaultEventParams from "./20261121001000_default_event_params.ts";
import * as guests from "./20261121001100_guests.ts";
import * as guestImports from "./20261121001300_guest_imports.ts";
import * as guestDuplicates from "./20261121001400_guest_duplicates.ts";
import * as guestsEventAccountKey from "./20261121001600_guests_event_account_key.ts";
import * as guestListSortIndexes from "./20261121001800_guest_list_sort_indexes.ts";
import * as guestFiles from "./20261121001900_guest_files.ts";
import * as ticketing from "./20261121002000_ticketing.ts";
import * as guestImportSourceFormat from "./20261121002100_guest_import_source_format.ts";
import * as guestImportWarnings from "./20261125001000_guest_import_warnings.ts";
import * as guestImportWrittenGuests from "./20261125002000_guest_import_written_guests.ts";
import * as guestImportPlanFacts from "./20261126001000_guest_import_plan_facts.ts";
import * as sortAsPeopleRead from "./20261126002000_sort_as_people_read.ts";
import * as errorReports from "./20261126003000_error_reports.ts";
import * as userLanguageChosen from "./20261126004000_user_language_chosen.ts";
import * as sqliteNameSortKey from "./20261126005000_sqlite_name_sort_key.ts";
import * as userEmailPerAccount from "./20261127001000_user_email_per_account.ts";
import * as eventGuestTallies from "./20261127002000_event_guest_tallies.ts";
import * as sqliteGuestCountsByIndex from "./20261127003000_sqlite_guest_counts_by_index.ts";
import * as auditLogMetadata from "./20261128001000_audit_log_metadata.ts";
import * as forms from "./20261128002000_forms.ts";
import * as formOptions from "./20261128003000_form_options.ts";
import * as guestPortal from "./20261128004000_guest_portal.ts";
import * as formUploads from "./20261128005000_form_uploads.ts";
import * as surveyResponses from "./20261128006000_survey_responses.ts";
import * as formTerms from "./20261128007000_form_terms.ts";
import * as attendeeListConsent from "./20261128008000_attendee_list_consent.ts";
import * as contactMessages from "./20261128009000_contact_messages.ts";
import * as formWaitingList from "./20261128009500_form_waiting_list.ts";
import * as checkins from "./20261129001000_checkins.ts";
import * as guestCodes from "./20261129003000_guest_codes.ts";
import * as ebadges from "./20261129005000_ebadges.ts";
import * as checkinScansLive from "./20261129008000_checkin_scans_live.ts";
import * as checkinEntriesPrevious from "./20261130001000_checkin_entries_previous.ts";
import * as checkinEntriesChanges from "./20261130002000_checkin_entries_changes.ts";
import * as guestImportUploads from "./20261130004500_guest_import_uploads.ts";
import * as guestsChangedOrder from "./20261130005000_guests_changed_order.ts";
import * as ticketingCatalogue from "./20261201001000_ticketing_catalogue.ts";
import * as ticketingBilling from "./20261201002000_ticketing_billing.ts";
import * as ticketingCoupons from "./20261201003000_ticketing_coupons.ts";
import * as ticketingDiscounts from "./20261201004000_ticketing_discounts.ts";
import * as ticketingOrders from "./20261201005000_ticketing_orders.ts";
import * as invoices from "./20261201006000_invoices.ts";
import * as orderDiscounts from "./20261201007000_order_discounts.ts";
import * as accountStripeKeys from "./20261201008000_account_stripe_keys.ts";
import * as credits from "./20261202001000_credits.ts";
import * as campaigns from "./20261202002000_campaigns.ts";
import * as campaignMail from "./20261202003000_campaign_mail.ts";
import * as mailFeedback from "./20261202005000_mail_feedback.ts";
import * as campaignSendClaims from "./20261202009000_campaign_send_claims.ts";
import * as campaignLedgerFilled from "./20261202011000_campaign_ledger_filled.ts";
import * as autoMailSends from "./20261202010000_auto_mail_sends.ts";

type Migration = { up(knex: Knex): Promise<void>; down(knex: Knex): Promise<void> };

/** Every migration in order. Append new ones; never rename or reorder applied ones. */
export const migrations: ReadonlyArray<readonly [string, Migration]> = [
  ["20261121000100_accounts", accounts],
  ["20261121000200_users", users],
  ["20261121000300_teams", teams],
  ["20261121000400_events", events],
  ["20261121000500_api_keys", apiKeys],
  ["20261121000600_sessions_and_tokens", sessionsAndTokens],
  ["20261121000700_audit_logs", auditLogs],
  ["20261121000800_rate_limits", rateLimits],
  ["20261121000900_images", images],
  ["20261121001000_default_event_params", defaultEventParams],
  ["20261121001100_guests", guests],
  ["20261121001300_guest_imports", guestImports],
  ["20261121001400_guest_duplicates", guestDuplicates],
  ["20261121001600_guests_event_account_key", guestsEventAccountKey],
  ["20261121001800_guest_list_sort_indexes", guestListSortIndexes],
  ["20261121001900_guest_files", guestFiles],
  ["20261121002000_ticketing", ticketing],
  ["20261121002100_guest_import_source_format", guestImportSourceFormat],
  ["20261125001000_guest_import_warnings", guestImportWarnings],
  ["20261125002000_guest_import_written_guests", guestImportWrittenGuests],
  ["20261126001000_guest_import_plan_facts", guestImportPlanFacts],
  ["20261126002000_sort_as_people_read", sortAsPeopleRead],
  ["20261126003000_error_reports", errorReports],
  ["20261126004000_user_language_chosen", userLanguageChosen],
  ["20261126005000_sqlite_name_sort_key", sqliteNameSortKey],
  ["20261127001000_user_email_per_account", userEmailPerAccount],
  ["20261127002000_event_guest_tallies", eventGuestTallies],
  ["20261127003000_sqlite_guest_counts_by_index", sqliteGuestCountsByIndex],
  ["20261128001000_audit_log_metadata", auditLogMetadata],
  ["20261128002000_forms", forms],
  ["20261128003000_form_options", formOptions],
  ["20261128004000_guest_portal", guestPortal],
  ["20261128005000_form_uploads", formUploads],
  ["20261128006000_survey_responses", surveyResponses],
  ["20261128007000_form_terms", formTerms],
  ["20261128008000_attendee_list_consent", attendeeListConsent],
  ["20261128009000_contact_messages", contactMessages],
  ["20261128009500_form_waiting_list", formWaitingList],
  ["20261129001000_checkins", checkins],
  ["20261129003000_guest_codes", guestCodes],
  ["20261129005000_ebadges", ebadges],
  ["20261129008000_checkin_scans_live", checkinScansLive],
  ["20261130001000_checkin_entries_previous", checkinEntriesPrevious],
  ["20261130002000_checkin_entries_changes", checkinEntriesChanges],
  ["20261130004500_guest_import_uploads", guestImportUploads],
  ["20261130005000_guests_changed_order", guestsChangedOrder],
  ["20261201001000_ticketing_catalogue", ticketingCatalogue],
  ["20261201002000_ticketing_billing", ticketingBilling],
  ["20261201003000_ticketing_coupons", ticketingCoupons],
  ["20261201004000_ticketing_discounts", ticketingDiscounts],
  ["20261201005000_ticketing_orders", ticketingOrders],
  ["20261201006000_invoices", invoices],
  ["20261201007000_order_discounts", orderDiscounts],
  ["20261201008000_account_stripe_keys", accountStripeKeys],
  ["20261202001000_credits", credits],
  ["20261202002000_campaigns", campaigns],
  ["20261202003000_campaign_mail", campaignMail],
  ["20261202005000_mail_feedback", mailFeedback],
  ["20261202009000_campaign_send_claims", campaignSendClaims],
  ["20261202010000_auto_mail_sends", autoMailSends],
  ["20261202011000_campaign_ledger_filled", campaignLedgerFilled],
];

/** A static source so migrations load the same under tsx, vitest and a bundler. */
export const migrationSource: Knex.MigrationSource<readonly [string, Migration]> = {
  getMigrations: async () => [...migrations],
  getMigrationName: ([name]) => name,
  getMigration: async ([, migration]) => migration,
};
