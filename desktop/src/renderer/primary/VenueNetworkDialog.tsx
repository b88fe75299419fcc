import { Alert, Button, Divider, Modal, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { ConnectForm } from "./ConnectForm.tsx";
import { PeerPanel } from "./PeerPanel.tsx";
import { primaryApi, type PrimaryConnectRefusal, type PrimaryStatus } from "./primaryApi.ts";
import { primaryFailureText } from "./primaryFailure.ts";
import { PrimaryPanel } from "./PrimaryPanel.tsx";

/**
 * The venue's network of desks (issue 13, item 5): make this desk the primary and show what the others pair with,
 * or pair with the primary (found on the network or typed), or leave either role.
 */
export function VenueNetworkDialog({
  opened,
  onClose,
  primaryStatus,
  onChanged,
}: {
  opened: boolean;
  onClose(): void;
  primaryStatus: PrimaryStatus | null;
  onChanged(status: PrimaryStatus): void;
}) {
  const { t, i18n } = useTranslation("web");
  const [isBusy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [addresses, setAddresses] = useState<string[]>([]);
  const api = primaryApi();

  async function run<T>(call: () => Promise<T>): Promise<T | undefined> {
    setBusy(true);
    setFailure(null);
    setNotice(null);
    try {
      return await call();
    } catch (error) {
      setFailure(primaryFailureText(error, t, i18n));
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  async function start() {
    const started = await run(() => api["primary.start"]());
    if (!started) return;
    setAddresses(started.addresses);
    const status = await run(() => api["primary.status"]());
    if (status) onChanged(status);
  }

  async function leave(channel: "primary.stop" | "primary.disconnect") {
    const status = await run(() => api[channel]());
    if (status) onChanged(status);
  }

  async function connect(address: string, pairingCode: string) {
    const answer = await run(() => api["primary.connect"](address, pairingCode));
    if (!answer) return;
    onChanged(answer.status);
    if (answer.ok) setNotice(t("deskPrimary.connect.connected", { address: answer.status.address ?? address }));
    else setFailure(t(`deskPrimary.refusals.${answer.reason satisfies PrimaryConnectRefusal}`));
  }

  const role = primaryStatus?.role ?? "none";
  return (
    <Modal opened={opened} onClose={onClose} title={t("deskPrimary.title")} size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t("deskPrimary.intro")}
        </Text>
        {primaryStatus && role === "primary" && (
          <PrimaryPanel
            primaryStatus={primaryStatus}
            addresses={addresses.length > 0 ? addresses : [primaryStatus.address ?? ""]}
            isBusy={isBusy}
            onStop={() => void leave("primary.stop")}
          />
        )}
        {primaryStatus && role === "peer" && (
          <PeerPanel
            primaryStatus={primaryStatus}
            isBusy={isBusy}
            onDisconnect={() => void leave("primary.disconnect")}
          />
        )}
        {role === "none" && (
          <>
            <Stack gap="xs">
              <Title order={3} size="h4">
                {t("deskPrimary.become.heading")}
              </Title>
              <Text size="sm">{t("deskPrimary.become.help")}</Text>
              <Button variant="light" onClick={() => void start()} loading={isBusy} style={{ alignSelf: "flex-start" }}>
                {t("deskPrimary.become.start")}
              </Button>
            </Stack>
            <Divider />
            <ConnectForm
              isBusy={isBusy}
              onFind={() => run(() => api["primary.discover"]())}
              onConnect={(address, pairingCode) => void connect(address, pairingCode)}
            />
          </>
        )}
        {notice && (
          <Alert color="green" variant="light" role="status">
            {notice}
          </Alert>
        )}
        <FailureAlert message={failure} />
      </Stack>
    </Modal>
  );
}
