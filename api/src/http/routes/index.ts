import { accountRoutes } from "./accounts/accounts.ts";
import { accountUserRoutes } from "./accounts/accountUsers.ts";
import { administratorRoutes } from "./platform/administrators.ts";
import { auditLogRoutes } from "./accounts/auditLogs.ts";
import { authRoutes } from "./auth/auth.ts";
import { defaultEventParamRoutes } from "./accounts/defaultEventParams.ts";
import { accountStripeKeyRoutes } from "./accounts/stripeKeys.ts";
import { creditRoutesOfAccounts } from "./accounts/credits.ts";
import { mailErrorRoutes } from "./accounts/mailErrors.ts";
import { senderRoutes } from "./accounts/senders.ts";
import type { Route } from "./define.ts";
import { eventRoutes } from "./events/events.ts";
import { profileRoutes } from "./auth/profile.ts";
import { systemRoutes } from "./system/system.ts";
import { teamRoutes } from "./accounts/teams.ts";
import { imageRoutes } from "./accounts/images.ts";
import { guestRoutes } from "./guests/guests.ts";
import { guestViewRoutes } from "./guests/views.ts";
import { customFieldRoutes } from "./guests/customFields.ts";
import { ebadgeRoutes } from "./ebadges/ebadges.ts";
import { duplicateRoutes } from "./guests/duplicates.ts";
import { recommendationRoutes } from "./guests/recommendations.ts";
import { guestImportRoutes } from "./guests/imports.ts";
import { guestImportUploadRoutes } from "./guests/importUploads.ts";
import { guestExportRoutes } from "./guests/exports.ts";
import { guestFileRoutes } from "./guests/files.ts";
import { guestMailRoutes } from "./guests/mail.ts";
import { guestOrderRoutes } from "./guests/orders.ts";
import { formRoutes } from "./forms/forms.ts";
import { publicFormRoutes } from "./forms/registration.ts";
import { portalRoutes } from "./portal/portal.ts";
import { entryCodeRoutes } from "./entryCodes/entryCodes.ts";
import { statisticsRoutes } from "./statistics/statistics.ts";
import { campaignStatisticsRoutes } from "./statistics/campaignStatistics.ts";
import { contactRoutes } from "./contact/contact.ts";
import { checkinCodeRoutes, checkinRoutes } from "./checkins/checkins.ts";
import { deskRoutes } from "./checkins/desk.ts";
import { deskBadgeRoutes } from "./checkins/deskBadges.ts";
import { ticketingCatalogueRoutes } from "./ticketing/catalogue.ts";
import { ticketingBillingRoutes } from "./ticketing/billing.ts";
import { ticketingCouponRoutes } from "./ticketing/coupons.ts";
import { ticketingOrderRoutes } from "./ticketing/orders.ts";
import { ticketingDiscountRoutes } from "./ticketing/discounts.ts";
import { ticketingInvoiceRoutes } from "./ticketing/invoices.ts";
import { ticketOfficeRoutes } from "./ticketing/ticketOffice.ts";
import { campaignRoutes } from "./campaigns/campaigns.ts";
import { campaignEditorRoutes } from "./campaigns/editor.ts";
import { autoMailRoutes } from "./autoMails/autoMails.ts";
import { campaignSendingRoutes } from "./campaigns/sending.ts";
import { unsubscribeRoutes } from "./campaigns/unsubscribe.ts";

/** Every /api/v1 route: mounted by the app and published in the OpenAPI document. */
export const apiRoutes: readonly Route[] = [
  ...systemRoutes,
  ...authRoutes,
  ...accountRoutes,
  ...accountUserRoutes,
  ...administratorRoutes,
  ...teamRoutes,
  ...auditLogRoutes,
  ...profileRoutes,
  ...defaultEventParamRoutes,
  ...accountStripeKeyRoutes,
  ...creditRoutesOfAccounts,
  ...mailErrorRoutes,
  ...senderRoutes,
  ...imageRoutes,
  ...eventRoutes,
  ...guestExportRoutes, // before guestRoutes: /users/export is not /users/:id
  ...guestRoutes,
  ...guestFileRoutes,
  ...guestMailRoutes,
  ...guestOrderRoutes, // loads ticketing's guest hooks (deletion guard, merge step)
  ...guestViewRoutes,
  ...customFieldRoutes,
  ...ebadgeRoutes,
  ...duplicateRoutes,
  ...recommendationRoutes,
  ...guestImportUploadRoutes, // before guestImportRoutes: /imports/uploads/:id is not /imports/:id/…
  ...guestImportRoutes,
  ...formRoutes,
  ...publicFormRoutes,
  ...portalRoutes,
  ...entryCodeRoutes,
  ...statisticsRoutes,
  ...campaignStatisticsRoutes,
  ...contactRoutes,
  ...checkinRoutes,
  ...checkinCodeRoutes,
  ...deskRoutes,
  ...deskBadgeRoutes,
  ...ticketingCatalogueRoutes,
  ...ticketingBillingRoutes,
  ...ticketingCouponRoutes,
  ...ticketingDiscountRoutes,
  ...ticketingInvoiceRoutes,
  ...ticketingOrderRoutes,
  ...ticketOfficeRoutes,
  ...campaignRoutes,
  ...campaignEditorRoutes,
  ...autoMailRoutes,
  ...campaignSendingRoutes,
  ...unsubscribeRoutes,
];
