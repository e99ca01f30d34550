// The advice under a game: the spoilers (how many answers are left, which, how many guesses each
// needs), hidden until clicked, and the strategies' suggestions. In a puzzle the suggestions are
// hidden too until asked for: they name possible answers.

import { $, clear, el, plural } from "./dom.js";
import { refreshEntryTiles } from "./entry.js";
import { page } from "./state.js";

export function renderAdvice() {
  const data = page.game;
  const playing = data.status === "playing";
  $("advice").hidden = !playing;
  if (!playing) return;
  const unsolved = data.boards_state.filter((b) => !b.solved_at);
  renderCount(data, unsolved);
  renderAnswers(data, unsolved);
  renderHints(data);
  renderAnswerTable(data.optimal);
}

function toggle(button, open, shut, isOpen) {
  $(button).textContent = isOpen ? shut : open;
  $(button).setAttribute("aria-expanded", String(isOpen));
}

function renderCount(data, unsolved) {
  const counts = data.boards > 1
    ? unsolved.map((b) => `board ${b.number}: ${b.count.toLocaleString("en")}`).join("; ") + " left"
    : `${plural(unsolved[0].count, "answer")} left`;
  const left = data.guesses_left === null ? "" : `, ${plural(data.guesses_left, "guess")} to go`;
  $("count").textContent = counts + left;
  $("count").hidden = !page.shown.count;
  toggle("show-count", "How many answers are left?", "Hide the count", page.shown.count);
}

function renderAnswers(data, unsolved) {
  const list = $("answers");
  clear(list);
  for (const b of unsolved) {
    if (data.boards > 1) list.append(el("div", { class: "muted", text: `board ${b.number}:` }));
    list.append(el("div", { class: "answer-grid" }, b.candidates.map((w) => el("span", { text: w }))));
  }
  list.hidden = !page.shown.answers;
  toggle("show-answers", "Show the answers left", "Hide the answers", page.shown.answers);
}

// the suggestions table and the verdict; in a puzzle behind a button
function renderHints(data) {
  const hidden = page.route.mode === "puzzle" && !page.shown.hints;
  $("show-hints").hidden = page.route.mode !== "puzzle";
  toggle("show-hints", "Show the suggestions (they name possible answers)", "Hide the suggestions",
         page.shown.hints);
  $("suggestions").hidden = hidden;
  $("verdict").hidden = hidden;
  $("searching").hidden = !(data.optimal && data.optimal.running);
  const body = $("suggestions").querySelector("tbody");
  clear(body);
  for (const row of data.suggestions) body.append(suggestionRow(row));
  $("verdict").textContent = data.verdict || "";
}

function suggestionRow(row) {
  const use = row.word !== "-" && page.route.mode !== "guess";
  const word = row.word === "-" ? "-" : el("button", {
    type: "button", disabled: !use, title: use ? "use this guess" : null,
    onclick: () => { $("guess-input").value = row.word; refreshEntryTiles(); $("guess-input").focus(); },
  }, row.word);
  const note = row.status === "random" ? "a possible answer, picked at random" : row.note;
  return el("tr", { "data-label": row.label },
    el("td", { text: row.label }),
    el("td", { class: "word" }, word),
    el("td", { text: note }),
    el("td", {}, el("span", { class: `badge ${row.status.replace(" ", "-")}`, text: row.status })));
}

// the per-answer table of the optimal strategy (or the beam's), one row per number of guesses
function renderAnswerTable(optimal) {
  const block = $("table-block");
  block.hidden = !(optimal && optimal.table);
  if (!optimal || !optimal.table) return;
  toggle("show-table", "Show how many guesses each answer needs", "Hide the per-answer table",
         page.shown.table);
  const what = optimal.proven ? "the optimal strategy (proven)"
                              : `the beam's strategy (an upper bound, beam ${optimal.beam})`;
  const holder = $("answer-table");
  clear(holder);
  holder.append(el("p", { class: "muted small",
    text: `Guesses each remaining answer needs from here, counting the next one, under ${what}, starting with ${optimal.word.toUpperCase()}.` }));
  const groups = new Map();
  for (const r of optimal.table) {
    if (!groups.has(r.guesses)) groups.set(r.guesses, []);
    groups.get(r.guesses).push(r.answer);
  }
  holder.append(el("table", { class: "answer-table", id: "answer-table-rows" },
    el("thead", {}, el("tr", {}, el("th", { text: "guesses" }), el("th", { text: "answers" }))),
    el("tbody", {}, [...groups.entries()].map(([n, words]) =>
      el("tr", { "data-guesses": n }, el("td", { text: n }),
         el("td", { class: "answer-list" }, words.map((w) => el("span", { class: "word", "data-answer": w, text: w }))))))));
  holder.hidden = !page.shown.table;
}
