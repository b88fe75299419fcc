import { Button, Group, Loader, Modal, Stack, Text } from "@mantine/core";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { deskApi, type DeskPreflightCheck } from "../deskApi.ts";
import { useDeskCall } from "../shared/useDeskCall.ts";

/** Before doors open: the last sync recent, the verification keys valid, the printer ready. */
export function PreflightDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation("web");
  const [checks, setChecks] = useState<DeskPreflightCheck[] | null>(null);
  const { run, isBusy, failure } = useDeskCall();

  const check = useCallback(async () => {
    setChecks(null);
    const answer = await run(() => deskApi()["desk.preflight"]());
    if (answer) setChecks(answer);
    // run is a new function each render; what it does does not change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (opened) void check();
  }, [opened, check]);

  const isReady = checks !== null && checks.every((item) => item.ok);
  return (
    <Modal opened={opened} onClose={onClose} title={t("deskApp.preflight.title")} size="lg">
      <Stack gap="md">
        {isBusy && <Loader size="sm" aria-label={t("deskApp.preflight.checking")} />}
        {checks && (
          <>
            <Text fw={700} c={isReady ? "green.9" : "red.9"} role="status">
              {isReady ? t("deskApp.preflight.ready") : t("deskApp.preflight.notReady")}
            </Text>
            <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: "none" }}>
              {checks.map((item) => (
                <Text component="li" key={item.id} data-testid="preflight-check" data-ok={String(item.ok)}>
                  <Text span fw={700} c={item.ok ? "green.9" : "red.9"}>
                    {item.ok ? `✓ ${t("deskApp.preflight.ok")}` : `✕ ${t("deskApp.preflight.failed")}`}
                  </Text>
                  {" · "}
                  {t(`deskApp.preflight.checks.${item.id}` as "deskApp.preflight.checks.sync", {
                    defaultValue: item.id,
                  })}
                  {item.detail && (
                    <Text span c="dimmed">
                      {" — "}
                      {item.detailKey
                        ? t(item.detailKey as "deskApp.preflight.ok", { ...item.values, defaultValue: item.detail })
                        : item.detail}
                    </Text>
                  )}
                </Text>
              ))}
            </Stack>
          </>
        )}
        <FailureAlert message={failure} />
        <Group justify="flex-end">
          <Button variant="light" onClick={() => void check()} loading={isBusy}>
            {t("deskApp.preflight.again")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
