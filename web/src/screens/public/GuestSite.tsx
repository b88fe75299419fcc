import { Box, Stack } from "@mantine/core";
import { useMemo, type ComponentType } from "react";
import type { Language } from "@tessera/shared/i18n/languages";
import { LanguageProvider } from "@/components/LanguageProvider.tsx";
import { GuestLanguageLinks } from "./GuestLanguageLinks.tsx";
import { PaymentScreen } from "./orders/PaymentScreen.tsx";
import type { GuestPage } from "./guestPaths.ts";
import { ContactScreen } from "./portal/ContactScreen.tsx";
import { PortalConfirmScreen } from "./portal/PortalConfirmScreen.tsx";
import { PortalMemberScreen } from "./portal/PortalMemberScreen.tsx";
import { PortalSignInScreen } from "./portal/PortalSignInScreen.tsx";
import { RegistrationScreen } from "./registration/RegistrationScreen.tsx";
import { GuestSiteContext } from "./guestSiteContext.ts";
import { SenderVerifyScreen } from "./senders/SenderVerifyScreen.tsx";
import { UnsubscribeScreen } from "./unsubscribe/UnsubscribeScreen.tsx";

interface GuestSiteProps {
  /** "" for /{event}/…, "/fr" for /fr/{event}/…. */
  prefix: string;
  language: Language;
  page: GuestPage;
}

const PAGES: Record<GuestPage, ComponentType> = {
  form: RegistrationScreen,
  portal: PortalSignInScreen,
  confirm: PortalConfirmScreen,
  me: PortalMemberScreen,
  contact: ContactScreen,
  order: PaymentScreen,
  unsubscribe: UnsubscribeScreen,
  senderVerify: SenderVerifyScreen,
};

/**
 * The guest site (public, no organizer sign-in): an event's registration form and its guests' portal, in
 * the language of the path's prefix, in a column that fits a phone. Its own chunk: guests download none of
 * the back-office, organizers none of this.
 */
export default function GuestSite({ prefix, language, page }: GuestSiteProps) {
  const Page = PAGES[page];
  const context = useMemo(() => ({ prefix, language }), [prefix, language]);
  return (
    <LanguageProvider language={language}>
      <GuestSiteContext.Provider value={context}>
        <Box component="main" maw={720} mx="auto" px={{ base: "xs", sm: "md" }} py={{ base: "md", sm: 40 }}>
          <Stack gap="lg">
            <Page />
            <GuestLanguageLinks />
          </Stack>
        </Box>
      </GuestSiteContext.Provider>
    </LanguageProvider>
  );
}
