import type { ScanResult } from "@tessera/shared/rules/checkins";

/**
 * How a scan's answer looks and sounds at the desk: green, orange, red, or violet for a ticket awaiting its
 * payment (refused, but settled at the cash desk rather than turned away).
 */
export type ScanTone = "ok" | "warning" | "refused" | "unpaid";

export function toneOf(result: ScanResult): ScanTone {
  if (result === "ok") return "ok";
  if (result === "already_checked_in") return "warning";
  if (result === "unpaid") return "unpaid";
  return "refused";
}

/** Each tone's notes: frequency (Hz) and length (ms); a pause of 60 ms between notes. */
const NOTES: Readonly<Record<ScanTone, readonly (readonly [number, number])[]>> = {
  ok: [[1_046, 140]],
  warning: [
    [660, 110],
    [660, 110],
  ],
  refused: [
    [220, 180],
    [175, 320],
  ],
  unpaid: [
    [440, 140],
    [330, 140],
    [440, 140],
  ],
};

let context: AudioContext | null = null;

/**
 * A short sound for a scan's answer, made with Web Audio (no file to download). Browsers let a page play
 * sound once the user has interacted with it; a scanner's key presses count. Silent where audio is missing.
 */
export function beep(tone: ScanTone): void {
  try {
    const AudioContextClass =
      globalThis.AudioContext ??
      (globalThis as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AudioContextClass) return;
    context ??= new AudioContextClass();
    if (context.state === "suspended") void context.resume();
    let at = context.currentTime + 0.01;
    for (const [frequency, length] of NOTES[tone]) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = tone === "refused" || tone === "unpaid" ? "square" : "sine";
      oscillator.frequency.value = frequency;
      const end = at + length / 1_000;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, end);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(end + 0.02);
      at = end + 0.06;
    }
  } catch {
    // No sound: the colour and the words say it all the same.
  }
}
