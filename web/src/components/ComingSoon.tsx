import { EmptyState } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { IconSparkles } from "./icons.tsx";

/** The state of a screen whose features arrive in a later release. */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  const { t } = useTranslation("web");
  return (
    <EmptyState
      mt="xl"
      variant="light"
      icon={<IconSparkles size={28} />}
      title={`${title} · ${t("common.comingSoon")}`}
      description={description}
    />
  );
}
