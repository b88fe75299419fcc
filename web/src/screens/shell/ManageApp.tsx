import { SessionGate } from "./SessionGate.tsx";

/** The back-office at /manage/* (a lazy chunk): the signed-in user's screens. */
export default function ManageApp() {
  return <SessionGate />;
}
