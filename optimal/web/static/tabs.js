// The tab registry: the one place a tab plugs in. A tab is an object
//   { name, label, short, href, view, owns(route), open(route, push) }
// name: its id; label / short: the menu's text on a wide / a narrow screen; href: the address it
// opens; view: the id of its <section> in index.html; owns(route): whether an address is this
// tab's; open(route, push): load and draw it. app.js registers the tabs in menu order; the menu
// is drawn from the registry, so a new tab is a module, one line in app.js and its <section>.

import { $, clear, el } from "./dom.js";

const registry = [];

export function registerTab(tab) { registry.push(tab); }

export function tabFor(route) {
  return registry.find((tab) => tab.owns(route)) || registry[0];
}

export function drawMenu(onPick) {
  const nav = $("tabs");
  clear(nav);
  for (const tab of registry) {
    nav.append(el("a", { "data-tab": tab.name, href: tab.href,
                         onclick: (event) => { event.preventDefault(); onPick(tab); } },
                  el("span", { class: "long", text: tab.label }),
                  el("span", { class: "short", text: tab.short || tab.label })));
  }
}

// the active tab's menu entry and view shown, the others' hidden
export function showTab(active) {
  for (const a of document.querySelectorAll("#tabs a")) {
    a.classList.toggle("active", a.dataset.tab === active.name);
  }
  const views = new Set(registry.map((tab) => tab.view));
  for (const view of views) $(view).hidden = view !== active.view;
}
