// A mail sink for the campaign bench, in its own process so that receiving does not share the sender's CPU time:
// counts the messages each envelope recipient got (no parsing). Prints "port N"; answers "report" on stdin with
// one JSON line {messages, distinct, twice, bytes}; "reset" clears.
import { createInterface } from "node:readline";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

const counts = new Map<string, number>();
let messages = 0;
let bytes = 0;
const server = new SMTPServer({
  disabledCommands: ["STARTTLS"],
  authOptional: true,
  logger: false,
  disableReverseLookup: true,
  closeTimeout: 1000,
  maxClients: 200,
  onData(stream, session, callback) {
    stream.on("data", (chunk: Buffer) => (bytes += chunk.length));
    stream.on("end", () => {
      for (const recipient of session.envelope.rcptTo)
        counts.set(recipient.address, (counts.get(recipient.address) ?? 0) + 1);
      messages += 1;
      callback();
    });
  },
});
// A sender killed mid-message resets its connections: that is expected here, not a crash.
server.on("error", () => undefined);
server.listen(0, "127.0.0.1", () => {
  console.log(`port ${(server.server.address() as AddressInfo).port}`);
});
createInterface({ input: process.stdin }).on("line", (line) => {
  if (line === "reset") {
    counts.clear();
    messages = 0;
    bytes = 0;
    console.log("{}");
  } else if (line === "report") {
    let twice = 0;
    for (const count of counts.values()) if (count > 1) twice += 1;
    console.log(JSON.stringify({ messages, distinct: counts.size, twice, bytes }));
  } else if (line === "exit") server.close(() => process.exit(0));
});
