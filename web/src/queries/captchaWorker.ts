import type { Challenge } from "altcha-lib";
import { solveHere } from "./captchaWork.ts";

/** Solves each challenge it is sent and answers its solution (null when none was found in time). */
self.addEventListener("message", (event: MessageEvent<Challenge>) => {
  void solveHere(event.data).then(
    (solution) => self.postMessage(solution),
    () => self.postMessage(null),
  );
});
