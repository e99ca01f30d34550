// optimal's web page: plain JavaScript, no library. The server computes everything (the
// assistant's analysis, the tree explorer); this file keeps the game in the address bar, draws
// it, and sends the player's steps. Spoilers (how many answers are left, which, and how many
// guesses each needs) stay hidden until clicked.
"use strict";

const $ = (id) => document.getElementById(id);
const COLOURS = ["b", "y", "g"]; // a click cycles grey -> yellow -> green -> grey
const LETTER_OF = { b: "B", y: "Y", g: "G" };

let info = null;        // /api/info: lists, limits, trees
let state = null;       // the game in the URL: mode, boards, hard, history, seed
let data = null;        // the last /api/game answer
let colours = [];       // per board: the colours of the row being entered
const shown = { count: false, answers: false, table: false };

// ------------------------------------------------------------------ helpers

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }

function plural(n, noun) {
  const text = n.toLocaleString("en");
  if (n === 1) return `${text} ${noun}`;
  if (noun.endsWith("s")) return `${text} ${noun}es`;
  return `${text} ${noun}s`;
}

function tiles(word, reply, attrs) {
  // a row of coloured squares: reply "BBYBG" (or null: empty squares)
  const row = el("div", Object.assign({ class: "tiles" }, attrs || {}));
  for (let i = 0; i < word.length; i++) {
    const c = reply ? reply[i].toLowerCase() : "e";
    row.append(el("span", { class: `tile ${c}`, text: word[i] }));
  }
  return row;
}

async function api(path, options) {
  // JSON from the API; a 4xx/5xx becomes an Error carrying the server's message and field
  let response;
  try {
    response = await fetch(path, options);
  } catch (e) {
    throw Object.assign(new Error("the server cannot be reached"), { field: null });
  }
  let body = null;
  try { body = await response.json(); } catch (e) { body = null; }
  if (!response.ok) {
    const message = (body && body.error) || `the server answered ${response.status}`;
    throw Object.assign(new Error(message), { field: body && body.field, step: body && body.step,
                                              status: response.status });
  }
  return body;
}

// ------------------------------------------------------------------ the URL

function readUrl() {
  const p = new URLSearchParams(location.search);
  const mode = p.get("mode") || "assist";
  return {
    mode: mode,
    boards: parseInt(p.get("boards") || "1", 10) || 1,
    hard: p.get("hard") === "1" || (p.get("hard") === null && info && info.hard_default && mode !== "tree"),
    history: p.get("history") || "",
    seed: p.get("seed") || "",
    tree: p.get("tree") || "",
    path: p.get("path") || "",
    answer: p.get("answer") || "",
  };
}

function urlOf(s) {
  const p = new URLSearchParams();
  p.set("mode", s.mode);
  if (s.mode === "tree") {
    if (s.tree) p.set("tree", s.tree);
    if (s.path) p.set("path", s.path);
    if (s.answer) p.set("answer", s.answer);
    return "?" + p.toString();
  }
  if (s.boards > 1) p.set("boards", s.boards);
  if (s.hard) p.set("hard", "1");
  else if (info && info.hard_default) p.set("hard", "0");
  if (s.seed) p.set("seed", s.seed);
  if (s.history) p.set("history", s.history);
  return "?" + p.toString();
}

function gameQuery(s) {
  const p = new URLSearchParams({ mode: s.mode, boards: s.boards, hard: s.hard ? "1" : "0",
                                  history: s.history });
  if (s.seed) p.set("seed", s.seed);
  return "/api/game?" + p.toString();
}

function setTab(s) {
  const tab = s.mode === "tree" ? "tree" : s.mode === "assist" && s.boards > 1 ? "boards" : s.mode;
  for (const a of document.querySelectorAll("#tabs a")) {
    a.classList.toggle("active", a.dataset.tab === tab);
  }
  $("game-view").hidden = s.mode === "tree" || s.mode === "review";
  $("tree-view").hidden = s.mode !== "tree";
  $("review-view").hidden = s.mode !== "review";
}

// ------------------------------------------------------------------ games

const INTRO = {
  assist: "Type each guess, then click its squares to give the colours the game showed (or type them: B grey, Y yellow, G green).",
  absurdle: "Absurdle keeps as many answers possible as it can: type a guess and the page replies as Absurdle would.",
  guess: "Think of a word from the answer list. The page guesses; click the squares to give the colours your word gives, then Enter.",
  puzzle: "A random half-played game: continue it; the page knows the answer and replies. The address holds the puzzle's seed.",
};

async function loadGame(s, push) {
  // ask for the position `s`; on success it becomes the page's state (and the URL's)
  const answer = await api(gameQuery(s));
  s = Object.assign({}, s, { history: answer.history,
                             seed: answer.seed === null ? "" : String(answer.seed) });
  if (push === "push") history.pushState(null, "", urlOf(s));
  else if (push === "replace") history.replaceState(null, "", urlOf(s));
  state = s;
  data = answer;
  renderGame();
  return answer;
}

function unsolvedBoards() {
  return data.boards_state.filter((b) => b.solved_at === null).map((b) => b.number - 1);
}

function resetColours() {
  colours = data.boards_state.map(() => Array(info.length).fill("b"));
  syncColoursInput();
}

function renderGame() {
  setTab(state);
  $("intro").textContent = INTRO[state.mode];
  $("header").textContent = data.header;
  $("game-error").textContent = "";
  $("boards-option").hidden = !(state.mode === "assist" || state.mode === "puzzle");
  $("boards-select").value = String(state.boards);
  $("hard-option").hidden = state.boards > 1 || state.mode === "absurdle";
  $("hard-toggle").checked = state.hard;
  $("new-game").textContent = state.mode === "puzzle" ? "New puzzle" : "New game";
  resetColours();
  renderBoards();
  renderEntry();
  renderAdvice();
  rendered();
}

function rendered() {
  // a counter a test (or a curious reader) can watch: it grows after every answer is drawn
  document.body.dataset.renders = String(parseInt(document.body.dataset.renders || "0", 10) + 1);
}

function renderBoards() {
  const box = $("boards");
  clear(box);
  box.className = "boards" + (data.boards === 1 ? " one" : "") + (data.boards >= 8 ? " small-tiles" : "");
  const playing = data.status === "playing";
  const entering = playing && !data.replies_itself;
  const guess = currentGuess();
  data.boards_state.forEach((board, k) => {
    const card = el("div", { class: "board" + (board.solved_at ? " solved" : ""), id: `board-${k + 1}`,
                             "data-board": k + 1 });
    const title = data.boards > 1 ? `Board ${k + 1}` : data.name;
    let status = "";
    if (board.solved_at) status = `solved in ${board.solved_at}`;
    else if (board.answer) status = `the answer was ${board.answer.toUpperCase()}`;
    card.append(el("h4", {}, title, el("span", { class: "state", text: status })));
    data.steps.forEach((step, i) => {
      const reply = step.boards[k];
      if (!reply) return;
      const row = tiles(step.guess, reply.reply, { "data-step": i + 1 });
      if (i < data.opening) row.append(el("span", { class: "row-note", text: "puzzle" }));
      card.append(row);
    });
    if (entering && !board.solved_at) card.append(entryTiles(k, guess));
    box.append(card);
  });
}

function entryTiles(k, guess) {
  // the row being entered on board k: the typed letters, each a button cycling its colour
  const row = el("div", { class: "tiles entry-row", "data-entry": k + 1 });
  for (let i = 0; i < info.length; i++) {
    const c = colours[k][i];
    const letter = guess[i] || "";
    row.append(el("button", {
      type: "button", class: `tile ${letter ? c : "e"}`, "data-board": k + 1, "data-pos": i + 1,
      "aria-label": `board ${k + 1} letter ${i + 1}`, text: letter,
      onclick: () => { colours[k][i] = COLOURS[(COLOURS.indexOf(colours[k][i]) + 1) % 3];
                       syncColoursInput(); refreshEntryTiles(); },
    }));
  }
  return row;
}

function refreshEntryTiles() {
  const guess = currentGuess();
  for (const button of document.querySelectorAll(".entry-row button.tile")) {
    const k = parseInt(button.dataset.board, 10) - 1;
    const i = parseInt(button.dataset.pos, 10) - 1;
    const letter = guess[i] || "";
    button.textContent = letter;
    button.className = `tile ${letter ? colours[k][i] : "e"}`;
  }
}

function currentGuess() {
  return ($("guess-input").value || "").trim().toLowerCase().slice(0, info.length);
}

function syncColoursInput() {
  if (!data) return;
  const groups = unsolvedBoards().map((k) => colours[k].map((c) => LETTER_OF[c]).join(""));
  $("colours-input").value = groups.join("/");
}

function coloursFromInput() {
  // typed colours -> the tiles (B/Y/G, also . - 0 1 2, one group per unsolved board)
  const map = { b: "b", ".": "b", "-": "b", "_": "b", x: "b", w: "b", "0": "b",
                y: "y", "1": "y", g: "g", "2": "g" };
  const groups = $("colours-input").value.trim().toLowerCase().split(/[\/\s,]+/);
  unsolvedBoards().forEach((k, j) => {
    const text = groups[j] || "";
    for (let i = 0; i < info.length; i++) colours[k][i] = map[text[i]] || "b";
  });
  refreshEntryTiles();
}

function renderEntry() {
  const playing = data.status === "playing";
  const replies = !data.replies_itself;
  for (const id of ["guess-input", "enter"]) $(id).disabled = !playing;
  $("colours-input").hidden = !replies || !playing;
  $("colours-input").style.width = `${Math.min(60, 6.5 * Math.max(1, unsolvedBoards().length))}ch`;
  $("colours-label").hidden = !replies || !playing;
  $("clear-colours").hidden = !replies || !playing || data.boards === 1;
  $("undo").disabled = data.steps.length <= data.opening;
  $("entry-error").textContent = "";
  $("guess-input").classList.remove("bad");
  $("colours-input").classList.remove("bad");
  let help = "";
  if (!playing) help = "";
  else if (state.mode === "guess") help = `The page guesses ${(data.pick || "").toUpperCase()}: set the colours your word gives it, then Enter.`;
  else if (data.replies_itself) help = "Type a guess; the page replies.";
  else if (data.boards > 1) help = "One guess for every board; click each board's squares (or type the colours, one group per unsolved board, apart by /).";
  else help = "Click the squares to set their colours, or type them.";
  $("entry-help").textContent = help;
  $("guess-input").value = state.mode === "guess" && playing ? (data.pick || "") : "";
  $("guess-input").readOnly = state.mode === "guess";
  refreshEntryTiles();
  let outcome = "";
  if (data.status === "won") {
    outcome = data.boards > 1 ? `All ${data.boards} boards solved in ${plural(data.steps.length, "guess")}.`
                              : `Solved in ${plural(data.steps.length, "guess")}.`;
  } else if (data.status === "lost") {
    const missed = data.boards_state.filter((b) => !b.solved_at).map((b) =>
      b.answer ? `${data.boards > 1 ? "board " + b.number + ": " : ""}the answer was ${b.answer.toUpperCase()}`
               : `${data.boards > 1 ? "board " + b.number + ": " : ""}${plural(b.count, "answer")} still fitted`);
    outcome = `Out of guesses. ${missed.join("; ")}.`;
  }
  $("outcome").textContent = outcome;
}

function renderAdvice() {
  const playing = data.status === "playing";
  $("advice").hidden = !playing;
  if (!playing) return;
  // counts and lists: spoilers, hidden until clicked
  const unsolved = data.boards_state.filter((b) => !b.solved_at);
  const counts = data.boards > 1
    ? unsolved.map((b) => `board ${b.number}: ${b.count.toLocaleString("en")}`).join("; ") + " left"
    : `${plural(unsolved[0].count, "answer")} left`;
  const left = data.guesses_left === null ? "" : `, ${plural(data.guesses_left, "guess")} to go`;
  $("count").textContent = counts + left;
  $("count").hidden = !shown.count;
  $("show-count").textContent = shown.count ? "Hide the count" : "How many answers are left?";
  $("show-count").setAttribute("aria-expanded", String(shown.count));
  const list = $("answers");
  clear(list);
  for (const b of unsolved) {
    if (data.boards > 1) list.append(el("div", { class: "muted", text: `board ${b.number}:` }));
    list.append(el("div", { class: "answer-grid" }, b.candidates.map((w) => el("span", { text: w }))));
  }
  list.hidden = !shown.answers;
  $("show-answers").textContent = shown.answers ? "Hide the answers" : "Show the answers left";
  $("show-answers").setAttribute("aria-expanded", String(shown.answers));
  // suggestions
  const body = $("suggestions").querySelector("tbody");
  clear(body);
  for (const row of data.suggestions) {
    const use = row.word !== "-" && state.mode !== "guess";
    body.append(el("tr", { "data-label": row.label },
      el("td", { text: row.label }),
      el("td", { class: "word" }, row.word === "-" ? "-" :
         el("button", { type: "button", disabled: !use, title: use ? "use this guess" : null,
                        onclick: () => { $("guess-input").value = row.word; refreshEntryTiles();
                                         $("guess-input").focus(); } }, row.word)),
      el("td", { text: row.note }),
      el("td", {}, el("span", { class: `badge ${row.status.replace(" ", "-")}`, text: row.status }))));
  }
  $("verdict").textContent = data.verdict || "";
  // the per-answer table of the optimal strategy (or the beam's)
  const optimal = data.optimal;
  const block = $("table-block");
  block.hidden = !(optimal && optimal.table);
  if (optimal && optimal.table) {
    const what = optimal.proven ? "the optimal strategy (proven)"
                                : `the beam's strategy (an upper bound, beam ${optimal.beam})`;
    $("show-table").textContent = shown.table ? "Hide the per-answer table"
                                              : "Show how many guesses each answer needs";
    $("show-table").setAttribute("aria-expanded", String(shown.table));
    const holder = $("answer-table");
    clear(holder);
    holder.append(el("p", { class: "muted small",
      text: `Guesses each remaining answer needs from here, counting the next one, under ${what}, starting with ${optimal.word.toUpperCase()}.` }));
    // one row per number of guesses, listing the answers that need it (compact, still per answer)
    const groups = new Map();
    for (const r of optimal.table) {
      if (!groups.has(r.guesses)) groups.set(r.guesses, []);
      groups.get(r.guesses).push(r.answer);
    }
    const table = el("table", { class: "answer-table", id: "answer-table-rows" },
      el("thead", {}, el("tr", {}, el("th", { text: "guesses" }), el("th", { text: "answers" }))),
      el("tbody", {}, [...groups.entries()].map(([n, words]) =>
        el("tr", { "data-guesses": n }, el("td", { text: n }),
           el("td", { class: "answer-list" }, words.map((w) => el("span", { class: "word", "data-answer": w, text: w })))))));
    holder.append(table);
    holder.hidden = !shown.table;
  }
}

function showGameError(error) {
  // a message next to the input it concerns: the entry for the step being entered, else the top
  const last = state.history ? state.history.split(",").length + 1 : 1;
  if (error.field === "history" && (error.step === undefined || error.step === last)) {
    $("entry-error").textContent = error.message;
    $("guess-input").classList.add("bad");
    if (!data.replies_itself) $("colours-input").classList.add("bad");
  } else {
    $("game-error").textContent = error.message;
  }
}

async function enterStep(event) {
  event.preventDefault();
  if (!data || data.status !== "playing") return;
  $("entry-error").textContent = "";
  const guess = currentGuess();
  if (!guess) {
    $("entry-error").textContent = "type a guess first";
    $("guess-input").classList.add("bad");
    return;
  }
  let step = guess;
  if (!data.replies_itself) {
    step += "=" + unsolvedBoards().map((k) => colours[k].map((c) => LETTER_OF[c]).join("")).join("/");
  }
  const next = Object.assign({}, state, { history: state.history ? `${state.history},${step}` : step });
  try {
    await loadGame(next, "push");
    if (state.mode !== "guess") $("guess-input").focus();
  } catch (error) {
    showGameError(error);
  }
}

async function undoStep() {
  const steps = state.history ? state.history.split(",") : [];
  if (!steps.length) return;
  steps.pop();
  try { await loadGame(Object.assign({}, state, { history: steps.join(",") }), "push"); }
  catch (error) { $("game-error").textContent = error.message; }
}

function hideSpoilers() {
  shown.count = shown.answers = shown.table = false;
}

async function restart(changes) {
  hideSpoilers();
  const next = Object.assign({}, state, { history: "" }, changes || {});
  if (next.mode === "puzzle" && !(changes && "seed" in changes)) next.seed = "";
  if (next.boards > 1) next.hard = false;
  try { await loadGame(next, "push"); }
  catch (error) { $("game-error").textContent = error.message; }
}

// ------------------------------------------------------------------ the tree explorer

let treeData = null;

function renderTreeList() {
  const select = $("tree-select");
  clear(select);
  for (const t of info.trees) select.append(el("option", { value: t.id, text: t.label + " [" + t.source + "]" }));
}

async function loadTree(s, push) {
  const p = new URLSearchParams({ id: s.tree });
  if (s.path) p.set("path", s.path);
  if (s.answer) p.set("answer", s.answer);
  const answer = await api("/api/tree?" + p.toString());
  if (push === "push") history.pushState(null, "", urlOf(s));
  else if (push === "replace") history.replaceState(null, "", urlOf(s));
  state = s;
  treeData = answer;
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
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  const total = entries.length * (bar + gap) + gap;
  svg.setAttribute("viewBox", `0 0 ${Math.max(width, total)} ${height}`);
  svg.setAttribute("width", Math.max(width, total));
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "answers by number of guesses");
  const make = (tag, attrs, text) => {
    const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
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
  setTab(state);
  const t = treeData;
  $("tree-body").hidden = false;
  $("tree-error").textContent = "";
  $("answer-error").textContent = "";
  $("answer-input").classList.remove("bad");
  if ([...$("tree-select").options].some((o) => o.value === t.id)) $("tree-select").value = t.id;
  $("tree-title").textContent = t.label;
  const s = t.stats;
  const claim = t.claims && t.claims.status ? ` The file says: ${t.claims.status}.` : "";
  $("tree-facts").textContent =
    `${t.source}: ${t.game.mode} mode, at most ${t.game.max_guesses} guesses (${t.game.from}). ` +
    `Replayed against all ${s.answers.toLocaleString("en")} answers: total ${s.total.toLocaleString("en")}, ` +
    `mean ${s.mean.toFixed(4)}, worst ${s.worst}.${claim}` + (t.notes.length ? " Note: " + t.notes.join("; ") : "");
  const hist = $("histogram");
  clear(hist);
  hist.append(histogram(s));
  hist.append(el("p", { class: "muted small", text: "answers (bar) by the number of guesses the tree needs for them" }));
  const evil = $("evil");
  clear(evil);
  for (const step of t.evil) evil.append(tiles(step.guess, step.reply));
  evil.append(el("p", { class: "small", text: `${plural(t.evil.length, "guess")}` }));
  // path to an answer
  const holder = $("answer-path");
  clear(holder);
  if (t.answer) {
    holder.append(el("p", {}, `${t.answer.word.toUpperCase()}: ${plural(t.answer.guesses, "guess")}`));
    for (const step of t.answer.steps) holder.append(tiles(step.guess, step.reply, { class: "tiles answer-step" }));
    $("answer-input").value = t.answer.word;
  }
  // breadcrumbs: the root, then each step
  const crumbs = $("crumbs");
  clear(crumbs);
  const replies = state.path ? state.path.split(".") : [];
  crumbs.append(el("button", { type: "button", "data-depth": 0, onclick: () => goPath([]) }, "start"));
  t.path.forEach((step, i) => {
    crumbs.append(el("span", { class: "muted", text: "›" }));
    crumbs.append(el("button", { type: "button", "data-depth": i + 1, title: "go back here",
                                 onclick: () => goPath(replies.slice(0, i + 1)) },
                     tiles(step.guess, step.reply)));
  });
  const node = t.node;
  const mean = node.answers ? (node.guesses / node.answers).toFixed(3) : "-";
  $("node-facts").textContent = `Guess ${node.number}: ${node.guess.toUpperCase()}, for ` +
    `${plural(node.answers, "answer")}; ${node.guesses.toLocaleString("en")} guesses from here ` +
    `(mean ${mean}), ${node.total.toLocaleString("en")} in all.`;
  const body = $("branches").querySelector("tbody");
  clear(body);
  for (const b of node.branches) {
    const n = b.answers;
    const row = el("tr", { class: "branch", "data-reply": b.reply,
                           onclick: b.found ? null : () => goPath(replies.concat([b.reply])) },
      el("td", {}, tiles(node.guess, b.reply)),
      el("td", { text: n.toLocaleString("en") }),
      el("td", { text: b.found ? "found" : b.guesses.toLocaleString("en") }),
      el("td", { text: b.found ? "-" : (b.guesses / n).toFixed(3) }),
      el("td", { class: "word", text: b.found ? "(solved)" : b.next }));
    body.append(row);
  }
  $("node-list").textContent = node.list ? node.list.join(" ").toUpperCase()
                                         : `${node.answers.toLocaleString("en")} answers (too many to list)`;
  rendered();
}

async function goPath(replies) {
  const next = Object.assign({}, state, { path: replies.join("."), answer: "" });
  try { await loadTree(next, "push"); } catch (error) { showTreeError(error); }
}

async function showAnswer(event) {
  event.preventDefault();
  const word = $("answer-input").value.trim().toLowerCase();
  if (!word) { $("answer-error").textContent = "type an answer"; return; }
  // first ask for the path (a wrong word is reported next to the input), then go to its node
  try {
    const p = new URLSearchParams({ id: state.tree, answer: word });
    const found = await api("/api/tree?" + p.toString());
    const next = Object.assign({}, state, { path: found.answer.replies.join("."), answer: word });
    await loadTree(next, "push");
  } catch (error) { showTreeError(error); }
}

async function uploadTree() {
  $("tree-upload-error").textContent = "";
  $("tree-text").classList.remove("bad");
  const text = $("tree-text").value;
  const file = $("tree-file").files[0];
  const p = new URLSearchParams({ hard: $("tree-hard").checked ? "1" : "0",
                                  max_guesses: $("tree-limit").value || "6",
                                  name: file ? file.name : "pasted tree" });
  try {
    const body = file && !text.trim() ? file : text;
    const answer = await api("/api/tree?" + p.toString(), { method: "POST", body: body,
                                                           headers: { "Content-Type": "text/plain" } });
    const next = { mode: "tree", tree: answer.id, path: "", answer: "" };
    info.trees = (await api("/api/trees")).trees;
    history.pushState(null, "", urlOf(next));
    state = next;
    treeData = answer;
    renderTree();
  } catch (error) {
    $("tree-upload-error").textContent = error.message;
    $("tree-text").classList.add("bad");
  }
}

// ------------------------------------------------------------------ start

async function route(push) {
  hideSpoilers();
  const s = readUrl();
  setTab(s);
  if (s.mode === "review") {  // review.js draws the tab
    document.dispatchEvent(new Event("optimal-review"));
    return;
  }
  if (s.mode === "tree") {
    if (!s.tree) s.tree = info.trees.length ? info.trees.find((t) => t.id === "salet-normal") ?
                                               "salet-normal" : info.trees[0].id : "";
    if (!s.tree) { $("tree-error").textContent = "no tree on this server: paste or upload one"; return; }
    try { await loadTree(s, push); } catch (error) { showTreeError(error); }
    return;
  }
  if (!["assist", "absurdle", "guess", "puzzle"].includes(s.mode)) s.mode = "assist";
  try {
    await loadGame(s, push);
  } catch (error) {
    // a broken URL (e.g. an edited history): show why, and the game without it
    state = s;
    data = null;
    $("game-error").textContent = `${error.message} (the address's game could not be loaded)`;
    if (s.history || s.seed) {
      try {
        await loadGame(Object.assign({}, s, { history: "" }), null);
        $("game-error").textContent = `${error.message} (the address's game could not be loaded; this is a new game)`;
      } catch (e) { /* the message above stays */ }
    }
  }
}

function wire() {
  $("entry").addEventListener("submit", enterStep);
  $("guess-input").addEventListener("input", () => { $("guess-input").classList.remove("bad");
                                                     refreshEntryTiles(); });
  $("colours-input").addEventListener("input", () => { $("colours-input").classList.remove("bad");
                                                       coloursFromInput(); });
  $("undo").addEventListener("click", undoStep);
  $("clear-colours").addEventListener("click", () => { resetColours(); refreshEntryTiles(); });
  $("new-game").addEventListener("click", () => restart());
  $("boards-select").addEventListener("change", (e) =>
    restart({ boards: parseInt(e.target.value, 10), seed: state.mode === "puzzle" ? "" : state.seed }));
  $("hard-toggle").addEventListener("change", (e) => restart({ hard: e.target.checked }));
  for (const [button, key] of [["show-count", "count"], ["show-answers", "answers"], ["show-table", "table"]]) {
    $(button).addEventListener("click", () => { shown[key] = !shown[key]; renderAdvice(); });
  }
  for (const a of document.querySelectorAll("#tabs a")) {
    a.addEventListener("click", (event) => {
      event.preventDefault();
      history.pushState(null, "", a.getAttribute("href"));
      route(null);
    });
  }
  $("tree-show").addEventListener("click", () => {
    const next = { mode: "tree", tree: $("tree-select").value, path: "", answer: "" };
    loadTree(next, "push").catch(showTreeError);
  });
  $("answer-form").addEventListener("submit", showAnswer);
  $("answer-input").addEventListener("input", () => $("answer-input").classList.remove("bad"));
  $("tree-upload").addEventListener("click", uploadTree);
  window.addEventListener("popstate", () => route(null));
}

async function start() {
  wire();
  try {
    info = await api("/api/info");
  } catch (error) {
    document.querySelector("main").prepend(el("p", { class: "error", text: error.message }));
    return;
  }
  renderTreeList();
  await route("replace");
  document.body.dataset.ready = "1";
}

start();
