// `npm run bench [-- area …]`: prints one table per area, each figure beside a floor measured in the
// same run. Areas register here as later issues add them (guests, checkin, orders, campaigns …).
import { benchCore } from "./core.ts";
import { benchGuestList } from "./guests-list.ts";
import { benchGuestExport } from "./guests-export.ts";
import { benchGuestImport } from "./guests-import.ts";
import { benchGuestImportUpload } from "./guests-import-upload.ts";
import { benchWebFirstLoad } from "./web.ts";
import { benchForms } from "./forms.ts";
import { benchBadges } from "./badges.ts";
import { benchCheckin } from "./checkin.ts";
import { benchDesk } from "./desk.ts";
import { benchTicketing } from "./ticketing.ts";
import { benchCampaigns } from "./campaigns.ts";

const AREAS: Record<string, () => Promise<void>> = {
  core: benchCore,
  guests: async () => {
    await benchGuestList();
    await benchGuestImport();
    await benchGuestImportUpload();
    await benchGuestExport();
  },
  "guests-list": benchGuestList,
  "guests-import": benchGuestImport,
  "guests-upload": benchGuestImportUpload,
  "guests-export": benchGuestExport,
  web: benchWebFirstLoad,
  forms: benchForms,
  badges: benchBadges,
  checkin: benchCheckin,
  desk: benchDesk,
  ticketing: benchTicketing,
  campaigns: benchCampaigns,
};

const requested = process.argv.slice(2).filter((arg) => !arg.startsWith("-"));
const unknown = requested.filter((area) => !(area in AREAS));
if (unknown.length) {
  console.error(`Unknown area(s): ${unknown.join(", ")}. Known: ${Object.keys(AREAS).join(", ")}`);
  process.exit(2);
}
process.env.LOG_LEVEL ??= "silent";
for (const area of requested.length ? requested : Object.keys(AREAS)) await AREAS[area]!();
