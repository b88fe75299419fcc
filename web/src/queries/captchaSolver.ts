import type { Challenge, Solution } from "altcha-lib";
import { solveHere } from "./captchaWork.ts";

/**
 * Finds a challenge's solution in a web worker, so that the page stays responsive on a slow phone (here when the
 * browser has no workers). The worker is a script of this site, which the content security policy allows as it
 * is (script-src 'self'); no WebAssembly, no inline or blob: script.
 */
export function solveCaptcha(challenge: Challenge, signal?: AbortSignal): Promise<Solution | null> {
  if (typeof Worker === "undefined") return solveHere(challenge, signal);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./captchaWorker.ts", import.meta.url), { type: "module" });
    const finish = () => {
      worker.terminate();
      signal?.removeEventListener("abort", abort);
    };
    const abort = () => {
      finish();
      resolve(null);
    };
    signal?.addEventListener("abort", abort);
    worker.addEventListener("message", (event: MessageEvent<Solution | null>) => {
      finish();
      resolve(event.data);
    });
    worker.addEventListener("error", (event) => {
      finish();
      reject(new Error(event.message || "The verification could not run"));
    });
    worker.postMessage(challenge);
  });
}
