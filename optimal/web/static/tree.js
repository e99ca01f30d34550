// The tree explorer tab: a verified tree's facts, its histogram and Evil Wordle line, the path
// to an answer, and a browser of its nodes; the tree list, and uploads of one's own tree.

import { api } from "./api.js";
import { $, clear, el, plural, rendered, tiles } from "./dom.js";
import { page, setRoute } from "./state.js";

const SVG = "http://www.w3.org/2000/svg";

// a short menu entry: "SALET normal: 7,920 (bundled)", "PALET hard, 5 guesses: 8,206 (hard-d5)";
// a weighted tree by its expected guesses, the figure it is proven for: "TRACE normal, freq: 3.3440
// each (weights/normal-d6-wfreq)"
function shortLabel(tree) {
  const m = /^(\w+), (\w+) mode, at most (\d+) guesses(?:: total (\d+)|, answers weighted by ([\w-]+): expected ([\d.]+))/
    .exec(tree.label);
  if (!m) return `${tree.label} (${whereFrom(tree, "")})`;
  const limit = m[3] === "6" ? "" : `, ${m[3]} guesses`;
  if (m[5]) return `${m[1]} ${m[2]}${limit}, ${m[5]}: ${Number(m[6]).toFixed(4)} each (${whereFrom(tree, m[1])})`;
  return `${m[1]} ${m[2]}${limit}: ${Number(m[4]).toLocaleString("en")} (${whereFrom(tree, m[1])})`;
}

// where a tree comes from, in few words: its folder without the lists' names, and its file's
// name when that is not its first word
function whereFrom(tree, first) {
  if (tree.source === "uploaded") return "yours";
  const parts = tree.source.split("/");
  if (parts[0] === "bundled") return "bundled";
  const stem = parts[parts.length - 1].replace(/\.json$/, "");
  const folder = parts.slice(1, -1).join("/").replace(/answers-\d+-guesses-\d+-/g, "");
  return stem === first.toLowerCase() ? folder : `${folder}, ${stem}`;
}

export function renderTreeList() {
  const select = $("tree-select");
  clear(select);
  const trees = page.info.trees.concat(page.uploads);
  const labels = trees.map(shortLabel);
  trees.forEach((tree, i) => {
    const repeated = labels.indexOf(labels[i]) !== i;  // a last resort: the id tells them apart
    select.append(el("option", { value: tree.id, title: tree.title || tree.label,
                                 text: repeated ? `${labels[i]} [${tree.id}]` : labels[i] }));
  });
  if (page.route && page.route.tree) select.value = page.route.tree;
}

async function loadTree(s, push) {
  const p = new URLSearchParams({ id: s.tree });
  if (s.path) p.set("path", s.path);
  if (s.answer) p.set("answer", s.answer);
  const answer = await api("/api/tree?" + p.toString());
  setRoute(s, push);
  page.tree = answer;
  renderTree();
}

function showTreeError(error) {
  const target = error.field === "answer" ? "answer-error" : "tree-error";
  $(target).textContent = error.message;
  if (error.field === "answer") $("answer-input").classList.add("bad");
}

function histogram(stats) {
  const entries = Object.entries(stats.histogram).map(([k, v]) => [parseInt(k, 10), v]);
  const most = Math.max(...entries.map(([, v]) => v));
  const width = 360, bar = 44, gap = 14, height = 170, top = 20, bottom = 30;
  const total = Math.max(width, entries.length * (bar + gap) + gap);
  const svg = document.createElementNS(SVG, "svg");
  for (const [k, v] of Object.entries({ viewBox: `0 0 ${total} ${height}`, width: total, role: "img",
                                        "aria-label": "answers by number of guesses" })) svg.setAttribute(k, v);
  const make = (tag, attrs, text) => {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    svg.append(node);
  };
  entries.forEach(([guesses, n], i) => {
    const h = Math.max(1, Math.round((height - top - bottom) * n / most));
    const x = gap + i * (bar + gap);
    make("rect", { x, y: height - bottom - h, width: bar, height: h, "data-guesses": guesses });
    make("text", { x: x + bar / 2, y: height - bottom - h - 5, "text-anchor": "middle" }, n.toLocaleString("en"));
    make("text", { x: x + bar / 2, y: height - 10, "text-anchor": "middle" }, `${guesses}`);
  });
  return svg;
}

function renderTree() {
  const t = page.tree;
  $("tree-body").hidden = false;
  $("tree-error").textContent = "";
  $("answer-error").textContent = "";
  $("answer-input").classList.remove("bad");
  renderTreeList();
  $("tree-title").textContent = t.label;
  renderFacts(t);
  renderHistogram(t.stats);
  renderEvil(t.evil);
  renderAnswerPath(t.answer);
  renderCrumbs(t.path);
  renderNode(t.node);
  rendered();
}

function renderFacts(t) {
  const s = t.stats;
  const claim = t.claims && t.claims.status ? ` The file says: ${t.claims.status}.` : "";
  const notes = t.notes.length ? " Note: " + t.notes.join("; ") : "";
  $("tree-facts").textContent =
    `${t.source}: ${t.game.mode} mode, at most ${plural(t.game.max_guesses, "guess")}; mode and limit from ${t.game.from}. ` +
    `Replayed against all ${s.answers.toLocaleString("en")} answers: total ${s.total.toLocaleString("en")}, ` +
    `mean ${s.mean.toFixed(4)}, worst ${s.worst}.${claim}${notes}`;
}

function renderHistogram(stats) {
  const hist = $("histogram");
  clear(hist);
  hist.append(histogram(stats));
  hist.append(el("p", { class: "muted small", text: "answers (bar) by the number of guesses the tree needs for them" }));
}

function renderEvil(evil) {
  const box = $("evil");
  clear(box);
  for (const step of evil) box.append(tiles(step.guess, step.reply));
  box.append(el("p", { class: "small", text: plural(evil.length, "guess") }));
}

function renderAnswerPath(answer) {
  const holder = $("answer-path");
  clear(holder);
  if (!answer) return;
  holder.append(el("p", {}, `${answer.word.toUpperCase()}: ${plural(answer.guesses, "guess")}`));
  for (const step of answer.steps) holder.append(tiles(step.guess, step.reply, { class: "tiles answer-step" }));
  $("answer-input").value = answer.word;
}

function replies() {
  return page.route.path ? page.route.path.split(".") : [];
}

// breadcrumbs: the root, then each step
function renderCrumbs(path) {
  const crumbs = $("crumbs");
  clear(crumbs);
  crumbs.append(el("button", { type: "button", "data-depth": 0, onclick: () => goPath([]) }, "start"));
  path.forEach((step, i) => {
    crumbs.append(el("span", { class: "muted", text: "›" }));
    crumbs.append(el("button", { type: "button", "data-depth": i + 1, title: "go back here",
                                 onclick: () => goPath(replies().slice(0, i + 1)) },
                     tiles(step.guess, step.reply)));
  });
}

function renderNode(node) {
  const mean = node.answers ? (node.guesses / node.answers).toFixed(3) : "-";
  $("node-facts").textContent = `Guess ${node.number}: ${node.guess.toUpperCase()}, for ` +
    `${plural(node.answers, "answer")}; ${plural(node.guesses, "guess")} from here ` +
    `(mean ${mean}), ${node.total.toLocaleString("en")} in all.`;
  const body = $("branches").querySelector("tbody");
  clear(body);
  for (const b of node.branches) body.append(branchRow(node, b));
  $("node-list").textContent = node.list ? node.list.join(" ").toUpperCase()
                                         : `${node.answers.toLocaleString("en")} answers (too many to list)`;
}

function branchRow(node, b) {
  const n = b.answers;
  return el("tr", { class: "branch", "data-reply": b.reply,
                    onclick: b.found ? null : () => goPath(replies().concat([b.reply])) },
    el("td", {}, tiles(node.guess, b.reply)),
    el("td", { text: n.toLocaleString("en") }),
    el("td", { text: b.found ? "found" : b.guesses.toLocaleString("en") }),
    el("td", { text: b.found ? "-" : (b.guesses / n).toFixed(3) }),
    el("td", { class: "word", text: b.found ? "(solved)" : b.next }));
}

async function goPath(path) {
  const next = Object.assign({}, page.route, { path: path.join("."), answer: "" });
  try { await loadTree(next, "push"); } catch (error) { showTreeError(error); }
}

async function showAnswer(event) {
  event.preventDefault();
  const word = $("answer-input").value.trim().toLowerCase();
  if (!word) { $("answer-error").textContent = "type an answer"; return; }
  // first ask for the path (a wrong word is reported next to the input), then go to its node
  try {
    const p = new URLSearchParams({ id: page.route.tree, answer: word });
    const found = await api("/api/tree?" + p.toString());
    await loadTree(Object.assign({}, page.route, { path: found.answer.replies.join("."), answer: word }), "push");
  } catch (error) { showTreeError(error); }
}

async function uploadTree() {
  $("tree-upload-error").textContent = "";
  $("tree-text").classList.remove("bad");
  const text = $("tree-text").value, file = $("tree-file").files[0];
  const name = file && !text.trim() ? file.name : "pasted tree";
  const p = new URLSearchParams({ hard: $("tree-hard").checked ? "1" : "0",
                                  max_guesses: $("tree-limit").value || "6", name });
  try {
    const answer = await api("/api/tree?" + p.toString(), {
      method: "POST", body: file && !text.trim() ? file : text, headers: { "Content-Type": "text/plain" } });
    if (!page.uploads.some((u) => u.id === answer.id)) {
      const g = answer.game;  // the menu's label reads like the server's own trees'
      page.uploads.push({ id: answer.id, title: answer.label, source: "uploaded",
                          label: `${answer.node.guess.toUpperCase()}, ${g.mode} mode, at most ${g.max_guesses} guesses: total ${answer.stats.total}` });
    }
    setRoute({ mode: "tree", tree: answer.id, path: "", answer: "" }, "push");
    page.tree = answer;
    renderTree();
  } catch (error) {
    $("tree-upload-error").textContent = error.message;
    $("tree-text").classList.add("bad");
  }
}

async function openTree(s, push) {
  const ids = page.info.trees.map((t) => t.id);
  if (!s.tree) s.tree = ids.includes("salet-normal") ? "salet-normal" : ids[0] || "";
  if (!s.tree) { $("tree-error").textContent = "no tree on this server: paste or upload one"; return; }
  try { await loadTree(s, push); } catch (error) { showTreeError(error); }
}

export function wireTree() {
  $("tree-show").addEventListener("click", () => {
    loadTree({ mode: "tree", tree: $("tree-select").value, path: "", answer: "" }, "push").catch(showTreeError);
  });
  $("answer-form").addEventListener("submit", showAnswer);
  $("answer-input").addEventListener("input", () => $("answer-input").classList.remove("bad"));
  $("tree-upload").addEventListener("click", uploadTree);
}

export const TREE_TAB = { name: "tree", label: "Tree explorer", short: "Trees", href: "?mode=tree",
                          view: "tree-view", owns: (r) => r.mode === "tree", open: openTree };
