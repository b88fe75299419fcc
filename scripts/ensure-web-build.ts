import { ensureWebBuild } from "./web-build.ts";

ensureWebBuild();
