import { useState } from "react";
import { Navigate } from "react-router";
import { PageLoader } from "@/components/PageLoader.tsx";
import { usePortalMe } from "@/queries/portal.ts";
import { useGuestSite } from "../guestSiteContext.ts";
import { CheckInboxStep } from "./CheckInboxStep.tsx";
import { RequestLinkStep } from "./RequestLinkStep.tsx";

/**
 * /{lang}/{event}/portal: a guest asks for a sign-in link by email, then finds it in their inbox (or types
 * the email's code here). A guest already signed in goes straight to their area.
 */
export function PortalSignInScreen() {
  const { eventSlug, paths } = useGuestSite();
  const me = usePortalMe(eventSlug);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [lastEmail, setLastEmail] = useState<string | null>(null);

  if (me.isPending) return <PageLoader />;
  if (me.data) return <Navigate to={paths.me} replace />;
  if (sentTo) {
    return (
      <CheckInboxStep
        email={sentTo}
        onOtherEmail={() => {
          setLastEmail(sentTo);
          setSentTo(null);
        }}
      />
    );
  }
  return <RequestLinkStep initialEmail={lastEmail} onSent={setSentTo} />;
}
