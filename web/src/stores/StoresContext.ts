import { createContext, useContext } from "react";
import type { ManageStores } from "./ManageStores.ts";

export const StoresContext = createContext<ManageStores | null>(null);

export function useStores(): ManageStores {
  const stores = useContext(StoresContext);
  if (!stores) throw new Error("useStores() is only available inside the back-office");
  return stores;
}
