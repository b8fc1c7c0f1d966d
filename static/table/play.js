// The play table's modules, loaded by main.js on a page that has a table, a friend's
// listener or the matches' Notify button (see main.js for the modules by concern).

import { placeHint, install as installHint } from "./hint.js";
import { install as installForms } from "./forms.js";
import { install as installKeys } from "./keys.js";
import { setupLive } from "./live.js";
import { dealOnLoad } from "./motion.js";
import { install as installPointer } from "./pointer.js";
import { refresh, install as installSelect } from "./select.js";
import { install as installSwap } from "./swap.js";

export function start() {
  installPointer();
  installKeys();
  installHint();
  installSelect();
  installForms();
  installSwap();
  refresh(); setupLive(); placeHint(); dealOnLoad();
}
