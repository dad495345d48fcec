// The public pages' only JavaScript (docs/decisions/0007-public-pages-without-hydration.md), inlined in every
// public page (docs/decisions/0020-public-pages-inline-style-and-script.md). What it does is in ./behaviours.
import { startIsland } from "./behaviours";

startIsland();
