// The Review tab: the exact review of a played game (/api/review), drawn as a table and a plain
// SVG chart. A tab of the registry (tabs.js): app.js lists REVIEW_TAB, which opens it. The game is
// in the address (history, or words with answer or grid; hard), so a review can be shared.

import { $, el } from "./dom.js";

const SVG = "http://www.w3.org/2000/svg";
const FIELDS = ["history", "words", "grid", "answer", "hard"];

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

// The same spelling as the terminal's table (optimal/review/render.py `figure`): an exact figure
// with 4 decimals, a bound as its range, '>=' when no tree bounds it above, 'none' without a tree.
export function figure(pair, signed) {
  const [low, high] = pair;
  const f = (x) => (signed && x >= 0 ? "+" : "") + x.toFixed(4);
  if (low === null && high === null) return signed ? "-" : "none";  // luck after a lost game
  if (high === null) return ">= " + f(low);
  if (low === null) return "<= " + f(high);
  if (Math.abs(low - high) < 5e-7) return f(low);
  return f(low) + ".." + f(high);
}

function readUrl() {
  const p = new URLSearchParams(location.search);
  const s = {};
  for (const name of FIELDS) s[name] = p.get(name) || "";
  return s;
}

function query(s) {
  const p = new URLSearchParams({ mode: "review" });
  for (const name of FIELDS) if (s[name] && s[name] !== "0") p.set(name, s[name]);
  return p;
}

function fromForm() {
  // one box for the guesses: with replies (soare=BBYYB, ...) it is a history, else the words
  const guesses = $("review-guesses").value.trim();
  // (any case, and 'soare:BBYYB' as the assistant takes it)
  const withReplies = /[=.:]/.test(guesses) || /\b[a-z]+\s+[byg012.\-]{4,}\b/i.test(guesses);
  return { history: withReplies ? guesses : "", words: withReplies ? "" : guesses,
           grid: $("review-grid").value.trim(), answer: $("review-answer").value.trim(),
           hard: $("review-hard").checked ? "1" : "" };
}

function toForm(s) {
  $("review-guesses").value = s.history || s.words;
  $("review-grid").value = s.grid;
  $("review-answer").value = s.answer;
  $("review-hard").checked = s.hard === "1";
}

function build() {
  // the tab's markup, once, inside the empty <section id="review-view"> of index.html
  const view = $("review-view");
  if (view.dataset.built) return;
  view.dataset.built = "1";
  view.append(
    el("p", { class: "muted", text: "The exact review of a game you played: for each guess, the " +
      "expected number of guesses optimal play still needed, what your guess left, its cost and " +
      "the luck of the reply. Every figure is proven, or shown as a range of proven bounds." }),
    el("form", { id: "review-form", class: "review-form", autocomplete: "off" },
      el("label", { for: "review-answer", text: "answer" }),
      el("input", { id: "review-answer", spellcheck: "false", autocapitalize: "off",
                    maxlength: "8", placeholder: "cigar (if known)" }),
      el("label", { for: "review-guesses", text: "guesses" }),
      el("input", { id: "review-guesses", spellcheck: "false", autocapitalize: "off",
                    placeholder: "soare radar cigar, or soare=BBYYB,radar=BBBGG,..." }),
      el("label", { for: "review-grid", text: "share grid" }),
      el("textarea", { id: "review-grid", rows: "4", spellcheck: "false",
                       placeholder: "paste the game's share text (the coloured squares)" }),
      el("label", {}, el("input", { type: "checkbox", id: "review-hard" }), " hard mode"),
      el("button", { type: "submit", id: "review-go", text: "Review" })),
    el("p", { id: "review-error", class: "error", role: "alert" }),
    el("div", { id: "review-body", hidden: true },
      el("h2", { id: "review-title" }),
      el("p", { id: "review-summary" }),
      el("div", { id: "review-chart", class: "review-chart" }),
      el("div", { class: "review-scroll" },
        el("table", { id: "review-turns", class: "review-turns" })),
      el("p", { id: "review-note", class: "muted small" })));
  $("review-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const s = fromForm();
    history.pushState(null, "", "?" + query(s).toString());
    load(s, true);
  });
}

const HEAD = ["turn", "guess", "left", "optimal", "after guess", "cost", "best",
              "expected left", "after reply", "luck"];

// The cost as the terminal shows it: JSON has no NaN, so an undefined cost (the state itself has
// no tree, or no tree was known to lose) and a lost sure win both arrive as [null, null]; the
// turn's bounds tell them apart ("-" and "none"), as Turn.cost decides.
function cost(t) {
  const undefinedCost = t.optimum.none || (t.played.none && t.optimum.upper === null);
  return undefinedCost ? "-" : figure(t.cost);
}

// as the terminal's best_cell: '?' after the words when the optimum is not proven
function bestCell(t) {
  const words = t.best.slice(0, 3).map((w) => w.toUpperCase()).join(" ");
  if (t.optimum.none || t.optimum.proven) return words || "-";
  return words + "?";
}

function turnRow(t) {
  const tiles = el("span", { class: "tiles small-tiles" });
  for (let i = 0; i < t.guess.length; i++) {
    tiles.append(el("span", { class: `tile ${t.reply[i].toLowerCase()}`,
                              text: t.guess[i].toUpperCase() }));
  }
  const cells = [String(t.number), tiles, t.candidates.toLocaleString("en"),
                 figure(t.expected_optimal), figure(t.expected_played), cost(t),
                 bestCell(t),
                 figure(t.expected_left_average), figure(t.expected_left_after),
                 figure(t.luck, true)];
  const keys = ["number", "guess", "candidates", "optimal", "played", "cost", "best",
                "average", "after", "luck"];
  return el("tr", { class: t.proven ? "proven" : "bound" },
            cells.map((c, i) => el("td", { "data-key": keys[i], "data-label": HEAD[i] }, c)));
}

function chart(review) {
  // expected guesses still needed at each turn: optimal play from the state reached, and after
  // the guess played; a bound is drawn as its range (a vertical bar between the two ends)
  const holder = $("review-chart");
  holder.replaceChildren();
  const turns = review.turns;
  const series = [["optimal", (t) => t.expected_optimal, "optimal from there"],
                  ["played", (t) => t.expected_played, "after your guess"]];
  const ends = turns.flatMap((t) => series.flatMap(([, pick]) => pick(t))).filter((x) => x !== null);
  const top = Math.max(1, Math.ceil(Math.max(...ends)));
  const W = 360, H = 180, L = 34, R = 26, T = 10, B = 30;
  const x = (i) => L + (turns.length > 1 ? i * (W - L - R) / (turns.length - 1) : (W - L - R) / 2);
  const y = (v) => T + (H - T - B) * (1 - v / top);
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", id: "review-svg",
                            "aria-label": "expected guesses left, turn by turn" });
  for (let v = 0; v <= top; v++) {
    root.append(svg("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), class: "grid" }),
                svg("text", { x: L - 6, y: y(v) + 4, "text-anchor": "end" }, String(v)));
  }
  turns.forEach((t, i) => root.append(svg("text", { x: x(i), y: H - 10, "text-anchor": "middle" },
                                          t.guess.toUpperCase())));
  for (const [name, pick] of series) {
    // 'none' (no strategy finishes: [null, null]) has no point: the line breaks there (it was
    // drawn at 0, which reads as "nothing left to guess")
    const mid = turns.map((t) => pick(t)).map(([lo, hi]) =>
      lo === null ? hi : hi === null ? lo : (lo + hi) / 2);
    let run = [];
    const flush = () => {
      if (run.length) root.append(svg("polyline", { class: `line ${name}`, points: run.join(" ") }));
      run = [];
    };
    mid.forEach((v, i) => { if (v === null) flush(); else run.push(`${x(i)},${y(v)}`); });
    flush();
    turns.forEach((t, i) => {
      const [lo, hi] = pick(t);
      if (mid[i] === null) return;
      if (lo !== null && hi !== null && hi - lo > 5e-7) {
        root.append(svg("line", { class: `range ${name}`, x1: x(i), x2: x(i), y1: y(lo), y2: y(hi) }));
      }
      root.append(svg("circle", { class: `dot ${name}`, cx: x(i), cy: y(mid[i]), r: 3.5 }));
    });
  }
  const legend = el("p", { class: "small legend" },
    series.map(([name, , label]) => el("span", { class: `key ${name}`, text: label })));
  holder.append(root, legend);
}

function render(review) {
  const what = review.answer ? review.answer.toUpperCase() : "your game";
  const outcome = review.status === "won" ? `won in ${review.played}` :
    review.status === "lost" ? "lost" : `${review.played} ${review.played === 1 ? "guess" : "guesses"} so far`;
  const answer = review.only_left ?
    `; the answer was ${review.only_left.toUpperCase()}, the only word that still fitted` : "";
  $("review-title").textContent = `${what}: ${outcome}${answer}`;
  // as the terminal's summary: a state with no strategy sure to finish ('none') was met, so the
  // losses and luck have no sum ("lost none" would read as "lost nothing")
  const sums = review.no_sum ?
    [el("span", { id: "review-no-sum", text: "your losses and luck have no sum: after a guess " +
      "marked 'none' no strategy could be sure to find the answer in the guesses left." })] :
    ["your guesses lost ", el("strong", { id: "review-lost", text: figure(review.lost) }),
     " to it, and the replies gave ", el("strong", { id: "review-luck", text: figure(review.luck, true) }),
     " of luck."];
  // as the terminal: with no strategy sure to finish from the start, no "expected none guesses"
  const start = review.turns[0].optimum.none ?
    ["No strategy was sure to find every answer in the guesses the game allows; "] :
    ["Optimal play expected ", el("strong", { id: "review-expected", text: figure(review.expected_from_start) }),
     " guesses from the first guess on; "];
  $("review-summary").replaceChildren(...start, ...sums);
  const table = $("review-turns");
  table.replaceChildren(el("thead", {}, el("tr", {}, HEAD.map((h) => el("th", { text: h })))),
                        el("tbody", {}, review.turns.map(turnRow)));
  $("review-note").textContent = (review.proven ? "Every figure is proven (exact search, or the " +
    "committed exact first-word table)." : "A range is proven bounds: the split bound below, a " +
    "real tree's total above ('>= x' where no tree was found to bound it above); a best guess " +
    "with '?' is the best tree's first guess, not proven the best; ask again for the proof once " +
    `the search has finished (the page searches states of up to ${review.searched_up_to.toLocaleString("en")} ` +
    "answers; python -m optimal.review in a terminal searches any).") +
    ` Lists: ${review.lists}. Optimal: expected guesses still needed (the guess counted); cost: ` +
    "guesses lost by the guess; best: a best guess (others may tie), and the one played when it " +
    "is as good; luck: expected guesses left over the replies the guess could " +
    "have got, minus those left after the reply received.";
  chart(review);
  $("review-body").hidden = false;
}

let last = "";  // the review asked for last: the address's game is loaded once, the form asks again

async function load(s, again) {
  $("review-error").textContent = "";
  // nothing asked: nothing to say; a grid or an answer alone goes to the server, whose one
  // sentence says what is missing (the page sent nothing and said nothing)
  if (!s.history && !s.words && !s.grid && !s.answer) { $("review-body").hidden = true; return; }
  const p = query(s);
  p.delete("mode");
  if (p.toString() === last && !again) return;
  last = p.toString();
  $("review-go").disabled = true;
  try {
    const response = await fetch("/api/review?" + p.toString());
    const body = await response.json().catch(() => null);
    if (!response.ok) throw new Error((body && body.error) || `the server answered ${response.status}`);
    render(body);
    document.body.dataset.review = "1";
  } catch (error) {
    $("review-body").hidden = true;
    $("review-error").textContent = error.message;
  } finally {
    $("review-go").disabled = false;
  }
}

function show() {
  build();
  const s = readUrl();
  toForm(s);
  load(s);
}

// the Review tab carries the game being played in the Assist tab (one board, replies typed)
function reviewHref() {
  const p = new URLSearchParams(location.search);
  const playing = (p.get("mode") || "assist") === "assist" && (p.get("boards") || "1") === "1";
  const s = { history: playing ? p.get("history") || "" : "", hard: p.get("hard") === "1" ? "1" : "" };
  return "?" + query(s).toString();
}

export const REVIEW_TAB = {
  name: "review", label: "Review", short: "Review", view: "review-view",
  get href() { return reviewHref(); },
  owns: (route) => route.mode === "review",
  open: async () => show(),
};
