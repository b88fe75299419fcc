import "i18next";
import type { resources } from "@tessera/shared/i18n/index";

// Typed translation keys: a key missing from the English catalogue fails to compile.
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "web";
    resources: (typeof resources)["en"];
  }
}
