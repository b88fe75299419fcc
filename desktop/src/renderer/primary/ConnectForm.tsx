import { Button, Group, Loader, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { FoundPrimary } from "./primaryApi.ts";

/** Pairing with the venue's primary: found on the network or its address typed, then the code it shows. */
export function ConnectForm({
  isBusy,
  onFind,
  onConnect,
}: {
  isBusy: boolean;
  /** The primaries of this session on the network (undefined: the search failed, its failure said elsewhere). */
  onFind(): Promise<FoundPrimary[] | undefined>;
  onConnect(address: string, pairingCode: string): void;
}) {
  const { t } = useTranslation("web");
  const [address, setAddress] = useState("");
  const [pairingCode, setPairingCode] = useState("");
  const [isFinding, setFinding] = useState(false);
  const [found, setFound] = useState<FoundPrimary[] | null>(null);

  async function find() {
    setFinding(true);
    setFound(null);
    const primaries = await onFind();
    setFinding(false);
    if (primaries) setFound(primaries);
  }

  return (
    <Stack
      component="form"
      gap="sm"
      onSubmit={(event) => {
        event.preventDefault();
        onConnect(address.trim(), pairingCode.trim());
      }}
    >
      <Title order={3} size="h4">
        {t("deskPrimary.connect.heading")}
      </Title>
      <Group gap="sm">
        <Button variant="default" onClick={() => void find()} loading={isFinding} disabled={isBusy}>
          {t("deskPrimary.connect.find")}
        </Button>
        {isFinding && (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t("deskPrimary.connect.finding")}</Text>
          </Group>
        )}
      </Group>
      {found?.length === 0 && (
        <Text size="sm" role="status">
          {t("deskPrimary.connect.noneFound")}
        </Text>
      )}
      {found && found.length > 0 && (
        <Stack
          component="ul"
          gap="xs"
          m={0}
          p={0}
          style={{ listStyle: "none" }}
          aria-label={t("deskPrimary.connect.found")}
        >
          {found.map((primary) => (
            <li key={primary.address}>
              <Button
                variant={primary.address === address ? "filled" : "light"}
                onClick={() => setAddress(primary.address)}
                data-testid="found-primary"
              >
                {t("deskPrimary.connect.choose", { desk: primary.desk, address: primary.address })}
              </Button>
            </li>
          ))}
        </Stack>
      )}
      <TextInput
        label={t("deskPrimary.connect.address")}
        description={t("deskPrimary.connect.addressHelp")}
        value={address}
        onChange={(event) => setAddress(event.currentTarget.value)}
        required
        autoComplete="off"
        spellCheck={false}
      />
      <TextInput
        label={t("deskPrimary.connect.code")}
        description={t("deskPrimary.connect.codeHelp")}
        value={pairingCode}
        onChange={(event) => setPairingCode(event.currentTarget.value.replace(/\D/g, ""))}
        required
        inputMode="numeric"
        maxLength={6}
        autoComplete="off"
        styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)", letterSpacing: "0.2em" } }}
      />
      <Group justify="flex-end">
        <Button type="submit" loading={isBusy}>
          {t("deskPrimary.connect.submit")}
        </Button>
      </Group>
    </Stack>
  );
}
