import { useEffect, useState } from "react";
import { api } from "@/api.ts";
import { ManageStores } from "@/stores/ManageStores.ts";
import { StoresContext } from "@/stores/StoresContext.ts";
import { SessionGate } from "./SessionGate.tsx";

/** The back-office at /manage/* (a lazy chunk): its stores, then the signed-in user's screens. */
export default function ManageApp() {
  const [stores] = useState(() => new ManageStores(api));
  useEffect(() => {
    void stores.session.load();
  }, [stores]);
  return (
    <StoresContext.Provider value={stores}>
      <SessionGate />
    </StoresContext.Provider>
  );
}
