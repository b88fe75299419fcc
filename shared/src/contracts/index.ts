import { accountContracts } from "./accounts.ts";
import { accountUserContracts } from "./accountUsers.ts";
import { administratorContracts } from "./administrators.ts";
import { auditLogContracts } from "./auditLogs.ts";
import { authContracts } from "./auth.ts";
import type { ContractRegistry } from "./contract.ts";
import { contactContracts } from "./contact.ts";
import { customFieldContracts } from "./customFields.ts";
import { defaultEventParamContracts } from "./defaultEventParams.ts";
import { duplicateContracts } from "./duplicates.ts";
import { ebadgeContracts } from "./ebadges.ts";
import { eventContracts } from "./events.ts";
import { entryCodeContracts } from "./entryCodes.ts";
import { formContracts } from "./forms.ts";
import { registrationContracts } from "./registration.ts";
import { portalContracts } from "./portal.ts";
import { guestExportContracts } from "./guestExport.ts";
import { guestFileContracts } from "./guestFiles.ts";
import { guestMailContracts } from "./guestMail.ts";
import { guestImportContracts } from "./guestImports.ts";
import { guestImportUploadContracts } from "./guestImportUploads.ts";
import { guestViewContracts } from "./guestViews.ts";
import { guestContracts } from "./guests.ts";
import { imageContracts } from "./images.ts";
import { legacyContracts } from "./legacy.ts";
import { profileContracts } from "./profile.ts";
import { recommendationContracts } from "./recommendations.ts";
import { statisticsContracts } from "./statistics.ts";
import { systemContracts } from "./system.ts";
import { teamContracts } from "./teams.ts";
import { checkinCodeContracts, checkinContracts, deskContracts } from "./checkins.ts";
import { checkinLiveContracts } from "./checkinLive.ts";
import { ticketCategoryContracts, ticketContracts } from "./ticketing.ts";
import { organizerContracts, ticketingParamContracts } from "./ticketingBilling.ts";
import { couponContracts } from "./ticketingCoupons.ts";
import { discountContracts } from "./ticketingDiscounts.ts";
import { invoiceContracts } from "./invoices.ts";
import { orderContracts } from "./ticketingOrders.ts";
import { ticketOfficeContracts } from "./ticketOffice.ts";
import { accountStripeKeyContracts } from "./accountStripeKeys.ts";
import { autoMailContracts } from "./autoMails.ts";
import { campaignEditorContracts } from "./campaignEditor.ts";
import { campaignContracts } from "./campaigns.ts";
import { campaignSendingContracts } from "./campaignSending.ts";
import { campaignStatisticsContracts } from "./campaignStatistics.ts";
import { unsubscribeContracts } from "./unsubscribe.ts";
import { campaignCreditContracts, eventCreditContracts } from "./credits.ts";
import { mailErrorContracts } from "./mailErrors.ts";
import { senderContracts, senderVerificationContracts } from "./senders.ts";

/**
 * Every operation of the API, by area. The API mounts a route for each (a test checks that none is
 * missing), the OpenAPI document lists them, and the typed client of web, desktop and tests is
 * derived from them.
 */
export const contracts = {
  system: systemContracts,
  auth: authContracts,
  accounts: accountContracts,
  accountUsers: accountUserContracts,
  administrators: administratorContracts,
  teams: teamContracts,
  auditLogs: auditLogContracts,
  profile: profileContracts,
  defaultEventParams: defaultEventParamContracts,
  images: imageContracts,
  events: eventContracts,
  guests: { ...guestContracts, ...guestViewContracts, ...guestFileContracts, ...guestMailContracts },
  customFields: customFieldContracts,
  forms: formContracts,
  registration: registrationContracts,
  portal: portalContracts,
  entryCodes: entryCodeContracts,
  contact: contactContracts,
  guestImports: guestImportContracts,
  guestImportUploads: guestImportUploadContracts,
  guestExport: guestExportContracts,
  duplicates: duplicateContracts,
  recommendations: recommendationContracts,
  statistics: statisticsContracts,
  ebadges: ebadgeContracts,
  legacy: legacyContracts,
  checkins: checkinContracts,
  checkinCodes: checkinCodeContracts,
  desk: deskContracts,
  checkinLive: checkinLiveContracts,
  ticketCategories: ticketCategoryContracts,
  tickets: ticketContracts,
  organizers: organizerContracts,
  ticketingParams: ticketingParamContracts,
  coupons: couponContracts,
  discounts: discountContracts,
  invoices: invoiceContracts,
  orders: orderContracts,
  ticketOffice: ticketOfficeContracts,
  accountStripeKeys: accountStripeKeyContracts,
  campaigns: { ...campaignContracts, ...campaignEditorContracts, ...campaignSendingContracts },
  campaignStatistics: campaignStatisticsContracts,
  autoMails: autoMailContracts,
  unsubscribe: unsubscribeContracts,
  eventCredits: eventCreditContracts,
  campaignCredits: campaignCreditContracts,
  mailErrors: mailErrorContracts,
  senders: senderContracts,
  senderVerification: senderVerificationContracts,
} satisfies ContractRegistry;

export type Contracts = typeof contracts;
