import { Button, EmptyState } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export function ManageNotFoundScreen() {
  const { t } = useTranslation("web");
  return (
    <EmptyState mt="xl" title={t("notFound.title")} description={t("notFound.text")}>
      <EmptyState.Actions>
        <Button component={Link} to="/manage">
          {t("manage.backHome")}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
