// The play table's entry (templates/play/table.html): the table's modules imported at
// once, so they run before the page's load event like any deferred script (the New match
// page and the invite page load main.js instead, which imports them only when needed).

import { install as installStart } from "./start.js";
import { start } from "./play.js";

installStart();
start();
// The table's keys and taps are live from here (tests wait for it).
document.documentElement.setAttribute("data-play-ready", "");
