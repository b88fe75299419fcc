import { Alert, Box } from "@mantine/core";
import { BrowserQRCodeReader, type IScannerControls } from "@zxing/browser";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { SAME_CODE_PAUSE_MS } from "./scannedText.ts";

/**
 * The device's camera reading QR codes (ZXing), the back camera where there is one. Its own chunk: loaded only
 * when a desk turns the camera on. A code is passed on once, then again only after a pause.
 */
function CameraScanner({ onCode }: { onCode(text: string): void }) {
  const { t } = useTranslation("web");
  const video = useRef<HTMLVideoElement>(null);
  const handler = useRef(onCode);
  const [problem, setProblem] = useState<string | null>(null);
  handler.current = onCode;

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let controls: IScannerControls | null = null;
    let isStopped = false;
    let last = { text: "", at: 0 };
    const reader = new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 150 });
    reader
      .decodeFromConstraints({ video: { facingMode: "environment" }, audio: false }, element, (result) => {
        if (!result) return;
        const text = result.getText();
        const now = Date.now();
        if (text === last.text && now - last.at < SAME_CODE_PAUSE_MS) return;
        last = { text, at: now };
        handler.current(text);
      })
      .then(
        (started) => {
          controls = started;
          if (isStopped) started.stop();
        },
        (error: unknown) => {
          const name = error instanceof Error ? error.name : "";
          setProblem(name === "NotAllowedError" ? t("desk.camera.denied") : t("desk.camera.unavailable"));
        },
      );
    return () => {
      isStopped = true;
      controls?.stop();
    };
  }, [t]);

  if (problem) {
    return (
      <Alert color="orange" variant="light" role="alert">
        {problem}
      </Alert>
    );
  }
  return (
    <Box
      component="video"
      ref={video}
      muted
      playsInline
      aria-label={t("desk.camera.preview")}
      w="100%"
      mah={360}
      bg="dark.9"
      style={{ borderRadius: 8, objectFit: "cover", aspectRatio: "4 / 3" }}
      data-testid="camera-preview"
    />
  );
}

export default CameraScanner;
