// The row being entered: the typed guess, and its colours set by clicking squares or by typing
// them. The typed colours are sent as typed: the server reads them and refuses what is not a
// reply ("BY", "12x0?"), with the reason, rather than the page guessing.

import { $, el } from "./dom.js";
import { page } from "./state.js";

const COLOURS = ["b", "y", "g"]; // a click cycles grey -> yellow -> green -> grey
const LETTER_OF = { b: "B", y: "Y", g: "G" };
const MARK = { b: "b", ".": "b", "-": "b", "_": "b", x: "b", w: "b", "0": "b", y: "y", "1": "y", g: "g", "2": "g" };

export function unsolvedBoards() {
  return page.game.boards_state.filter((b) => b.solved_at === null).map((b) => b.number - 1);
}

export function resetColours() {
  page.colours = page.game.boards_state.map(() => Array(page.info.length).fill("b"));
  syncColoursInput();
}

// the typed guess as typed (trimmed, lower case): never cut to the word length
export function typedGuess() {
  return ($("guess-input").value || "").trim().toLowerCase();
}

// the row being entered on board k: the typed letters, each a button cycling its colour
export function entryTiles(k) {
  const row = el("div", { class: "tiles entry-row", "data-entry": k + 1 });
  const guess = typedGuess();
  for (let i = 0; i < page.info.length; i++) {
    const letter = guess[i] || "";
    row.append(el("button", {
      type: "button", class: `tile ${letter ? page.colours[k][i] : "e"}`, "data-board": k + 1,
      "data-pos": i + 1, "aria-label": `board ${k + 1} letter ${i + 1}`, text: letter,
      onclick: () => cycle(k, i),
    }));
  }
  return row;
}

function cycle(k, i) {
  page.colours[k][i] = COLOURS[(COLOURS.indexOf(page.colours[k][i]) + 1) % 3];
  syncColoursInput();
  refreshEntryTiles();
}

export function refreshEntryTiles() {
  const guess = typedGuess();
  for (const button of document.querySelectorAll(".entry-row button.tile")) {
    const k = parseInt(button.dataset.board, 10) - 1;
    const i = parseInt(button.dataset.pos, 10) - 1;
    const letter = guess[i] || "";
    button.textContent = letter;
    button.className = `tile ${letter ? page.colours[k][i] : "e"}`;
  }
}

function syncColoursInput() {
  if (!page.game) return;
  const groups = unsolvedBoards().map((k) => page.colours[k].map((c) => LETTER_OF[c]).join(""));
  $("colours-input").value = groups.join("/");
}

function typedGroups() {
  return $("colours-input").value.trim().split(/[\/\s]+/).filter((g) => g);
}

// typed colours -> the squares (what can be read of them; the server judges the rest)
export function coloursFromInput() {
  if (!page.game) return;
  const groups = typedGroups();
  unsolvedBoards().forEach((k, j) => {
    const text = (groups[j] || "").toLowerCase();
    for (let i = 0; i < page.info.length; i++) page.colours[k][i] = MARK[text[i]] || "b";
  });
  refreshEntryTiles();
}

// the step to send: "salet" where the page replies, else "salet=BBYBG/..." as typed
export function stepText(guess) {
  if (page.game.replies_itself) return guess;
  return guess + "=" + typedGroups().join("/");
}

// why the typed guess cannot be sent, or "" (a word of the wrong length is refused, not cut)
export function guessProblem(guess) {
  const length = page.info.length;
  if (!guess) return "type a guess first";
  if (guess.length !== length) {
    return `${guess.toUpperCase()} has ${guess.length} letters; a guess here has ${length}`;
  }
  return "";
}
