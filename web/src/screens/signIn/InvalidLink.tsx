import { Anchor, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSignIn } from "./signInContext.ts";

/** An emailed link without its token, or one the API refused: say so and offer a new one. */
export function InvalidLink({ message }: { message?: string | undefined }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { paths } = useSignIn();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t("invalidLink.title")}
      </Title>
      <Text size="sm">{message ?? t("errors:invalid_link")}</Text>
      <Anchor component={Link} to={paths.forgotPassword} size="sm">
        {t("invalidLink.requestNew")}
      </Anchor>
      <Anchor component={Link} to={paths.signIn} size="sm">
        {t("common.backToSignIn")}
      </Anchor>
    </Stack>
  );
}
