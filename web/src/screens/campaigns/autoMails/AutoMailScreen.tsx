import { SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { isApiError } from "@tessera/shared/client";
import { isAutoMailKind } from "@tessera/shared/campaigns/autoMails";
import { CAMPAIGN_LANGUAGES, type AutoMailKind, type CampaignLanguage } from "@tessera/shared/rules/campaigns";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import { BackLink } from "@/components/BackLink.tsx";
import { PageLoader } from "@/components/PageLoader.tsx";
import { ScreenAlerts } from "@/components/ScreenAlerts.tsx";
import { useAutoMail } from "@/queries/autoMails.ts";
import { ManageNotFoundScreen } from "../../shell/ManageNotFoundScreen.tsx";
import { useCampaignsArea } from "../campaignsBase.ts";
import { AutoMailEditor } from "./AutoMailEditor.tsx";

/**
 * One automatic mail (/…/campaigns/auto-mails/:kind?language=fr): when it goes, a language switch, and that
 * language's wording in the campaign editor's blocks with its preview and test send.
 */
export function AutoMailScreen() {
  const { kind = "" } = useParams();
  if (!isAutoMailKind(kind)) return <ManageNotFoundScreen />;
  return <AutoMailOfKind kind={kind} />;
}

function AutoMailOfKind({ kind }: { kind: AutoMailKind }) {
  const { t, i18n } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event, base } = useCampaignsArea();
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get("language");
  const fallback = (CAMPAIGN_LANGUAGES as readonly string[]).includes(i18n.language) ? i18n.language : "en";
  const language = (CAMPAIGN_LANGUAGES as readonly string[]).includes(asked ?? "")
    ? (asked as CampaignLanguage)
    : (fallback as CampaignLanguage);
  const mail = useAutoMail(accountId, event.id, kind, language);

  return (
    <Stack gap="md">
      <div>
        <BackLink to={`${base}/auto-mails`}>{t("autoMails.back")}</BackLink>
        <Title order={2} size="h3" mt="xs">
          {t(`autoMails.kinds.${kind}`)}
        </Title>
        <Text size="sm" c="dimmed">
          {t(`autoMails.when.${kind}`)}
        </Text>
      </div>
      <SegmentedControl
        aria-label={t("campaigns.editor.languages")}
        value={language}
        onChange={(value) => setSearchParams({ language: value }, { replace: true })}
        data={CAMPAIGN_LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))}
        style={{ alignSelf: "flex-start" }}
      />
      {mail.error && isApiError(mail.error) && mail.error.status === 404 ? (
        <ManageNotFoundScreen />
      ) : (
        <ScreenAlerts loadError={mail.error} onRetry={() => void mail.refetch()} />
      )}
      {mail.isPending && <PageLoader />}
      {/* Another language is another draft (its own unsaved state). */}
      {mail.data && <AutoMailEditor key={`${kind}-${language}`} mail={mail.data} />}
    </Stack>
  );
}
