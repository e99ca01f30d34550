// optimal's web page: plain JavaScript modules, no library, no build step. The server computes
// everything (the assistant's analysis, the tree explorer); the page keeps the game in the
// address bar, draws it, and sends the player's steps. Spoilers (how many answers are left,
// which, and how many guesses each needs) stay hidden until clicked.
//
// Modules: dom.js (helpers), api.js (the JSON API), state.js (the page's one state object and
// the address), tabs.js (the tab registry), game.js / entry.js / advice.js (the game tabs),
// tree.js (the tree explorer). A new tab: a module exporting a tab object (see tabs.js), one
// entry in TABS below, and its <section> in index.html.

import { api } from "./api.js";
import { $, el } from "./dom.js";
import { GAME_TABS, hideSpoilers, wireGame } from "./game.js";
import { coloursFromInput, refreshEntryTiles } from "./entry.js";
import { page, readUrl } from "./state.js";
import { drawMenu, registerTab, showTab, tabFor } from "./tabs.js";
import { TREE_TAB, renderTreeList, wireTree } from "./tree.js";
import { REVIEW_TAB } from "./review.js";

const TABS = [...GAME_TABS, TREE_TAB, REVIEW_TAB];
const WARM_POLL_SECONDS = 2;

// open the address's tab; its canonical address replaces the current one (a puzzle's seed at once)
async function route() {
  hideSpoilers();
  const s = readUrl();
  const tab = tabFor(s);
  showTab(tab);
  await tab.open(s, "replace");
}

function pick(tab) {
  history.pushState(null, "", tab.href);
  route();
}

// while the server loads its kernels: say so, and look again until it is ready
async function watchWarmUp() {
  $("warming").hidden = !page.info.warming;
  if (!page.info.warming) return;
  const health = await api("/api/health").catch(() => ({ ready: false }));
  if (health.ready) {
    page.info.warming = false;
    $("warming").hidden = true;
    await route();
    return;
  }
  setTimeout(watchWarmUp, WARM_POLL_SECONDS * 1000);
}

function wire() {
  wireGame();
  wireTree();
  $("guess-input").addEventListener("input", () => { $("guess-input").classList.remove("bad");
                                                     refreshEntryTiles(); });
  $("colours-input").addEventListener("input", () => { $("colours-input").classList.remove("bad");
                                                       coloursFromInput(); });
  window.addEventListener("popstate", () => route());
}

async function start() {
  TABS.forEach(registerTab);
  drawMenu(pick);
  wire();
  try {
    page.info = await api("/api/info");
  } catch (error) {
    document.querySelector("main").prepend(el("p", { class: "error", text: error.message }));
    return;
  }
  renderTreeList();
  await route();
  watchWarmUp();
  document.body.dataset.ready = "1";
}

start();
