import { describe, expect, it } from "vitest";
import { DeskHttpError } from "./deskHttp.ts";
import { errorForIpc } from "./ipcError.ts";
import { PrintRefusedError } from "./printing/printHandlers.ts";

describe("a handler's failure across IPC", () => {
  it("keeps the error's code in front of its message", () => {
    expect(errorForIpc(new PrintRefusedError("pinWrong", "Wrong supervisor PIN")).message).toBe(
      "[pinWrong] Wrong supervisor PIN",
    );
    expect(errorForIpc(new DeskHttpError(401, "invalid_token", "The token is not valid")).message).toBe(
      "[invalid_token] The token is not valid",
    );
    expect(errorForIpc(new DeskHttpError(502, null, "Bad gateway")).message).toBe("Bad gateway");
    expect(errorForIpc(new Error("Plain")).message).toBe("Plain");
    expect(errorForIpc("text").message).toBe("text");
  });
});
