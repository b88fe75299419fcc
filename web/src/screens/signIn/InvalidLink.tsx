import { Anchor, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSignIn } from "./signInContext.ts";

interface InvalidLinkProps {
  /** The API's reason, when it refused the link. */
  message?: string | undefined;
  /** A reset link can be requested again here; an invitation comes from whoever sent it. */
  kind: "passwordReset" | "invitation";
}

/** An emailed link without its token, or one the API refused: say so and what to do instead. */
export function InvalidLink({ message, kind }: InvalidLinkProps) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { paths } = useSignIn();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t("invalidLink.title")}
      </Title>
      <Text size="sm">{message ?? t("errors:invalid_link")}</Text>
      {kind === "passwordReset" ? (
        <Anchor component={Link} to={paths.forgotPassword} size="sm">
          {t("invalidLink.requestNew")}
        </Anchor>
      ) : (
        <Text size="sm" c="dimmed">
          {t("invalidLink.askNewInvitation")}
        </Text>
      )}
      <Anchor component={Link} to={paths.signIn} size="sm">
        {t("common.backToSignIn")}
      </Anchor>
    </Stack>
  );
}
