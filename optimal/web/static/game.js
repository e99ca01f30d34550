// The game tabs (Assist, More boards, Absurdle, It guesses your word, Puzzle): one view, drawn
// from the server's analysis of the position in the address.

import { renderAdvice } from "./advice.js";
import { api } from "./api.js";
import { $, clear, el, plural, rendered, tiles } from "./dom.js";
import { entryTiles, guessProblem, refreshEntryTiles, resetColours, stepText, typedGuess,
         unsolvedBoards } from "./entry.js";
import { page, setRoute } from "./state.js";

const MODES = ["assist", "absurdle", "guess", "puzzle"];
const RETRY_SECONDS = 3; // while an exact search runs, the page asks again this often

const INTRO = {
  assist: "Type each guess, then click its squares to give the colours the game showed (or type them: B grey, Y yellow, G green).",
  absurdle: "Absurdle keeps as many answers in play as it can: type a guess and the page replies as Absurdle would.",
  guess: "Think of a word from the answer list. The page guesses; click the squares to give the colours your word gives, then Enter.",
  puzzle: "A random half-played game: continue it; the page knows the answer and replies. The address holds the puzzle.",
};

function gameQuery(s) {
  const p = new URLSearchParams({ mode: s.mode, boards: s.boards, hard: s.hard ? "1" : "0",
                                  history: s.history });
  if (s.seed) p.set("seed", s.seed);
  return "/api/game?" + p.toString();
}

// ask for the position `s`; on success it becomes the page's state (and the address's)
export async function loadGame(s, push) {
  const answer = await api(gameQuery(s));
  setRoute(Object.assign({}, s, { history: answer.history, problem: "",
                                  seed: answer.seed === null ? "" : String(answer.seed) }), push);
  page.game = answer;
  renderGame();
  return answer;
}

function renderGame() {
  const s = page.route, data = page.game;
  $("intro").textContent = INTRO[s.mode];
  $("header").textContent = data.header;
  $("game-error").textContent = "";
  $("boards-option").hidden = !(s.mode === "assist" || s.mode === "puzzle");
  $("boards-select").value = String(s.boards);
  $("hard-option").hidden = s.boards > 1 || s.mode === "absurdle";
  $("hard-toggle").checked = s.hard;
  $("new-game").textContent = s.mode === "puzzle" ? "New puzzle" : "New game";
  resetColours();
  renderBoards();
  renderEntry();
  renderAdvice();
  askAgainWhileSearching();
  rendered();
}

// an exact search still running: ask again shortly (the same position), until it has an answer;
// only the advice is drawn again, so a guess or colours being typed stay as they are
function askAgainWhileSearching() {
  clearTimeout(page.retry);
  const optimal = page.game.optimal;
  if (!optimal || !optimal.running || page.game.status !== "playing") return;
  const asked = page.route;
  page.retry = setTimeout(async () => {
    if (page.route !== asked) return;
    const answer = await api(gameQuery(asked)).catch(() => null);
    if (!answer || page.route !== asked) return;
    page.game = answer;
    renderAdvice();
    askAgainWhileSearching();
    rendered();
  }, RETRY_SECONDS * 1000);
}

function renderBoards() {
  const data = page.game, box = $("boards");
  clear(box);
  box.className = "boards" + (data.boards === 1 ? " one" : "") + (data.boards >= 8 ? " small-tiles" : "");
  const entering = data.status === "playing" && !data.replies_itself;
  data.boards_state.forEach((board, k) => {
    const card = boardCard(data, board, k);
    if (entering && !board.solved_at) card.append(entryTiles(k));
    box.append(card);
  });
}

function boardCard(data, board, k) {
  const card = el("div", { class: "board" + (board.solved_at ? " solved" : ""), id: `board-${k + 1}`,
                           "data-board": k + 1 });
  let status = "";
  if (board.solved_at) status = `solved in ${board.solved_at}`;
  else if (board.answer) status = `the answer was ${board.answer.toUpperCase()}`;
  card.append(el("h4", {}, data.boards > 1 ? `Board ${k + 1}` : data.name,
                 el("span", { class: "state", text: status })));
  data.steps.forEach((step, i) => {
    const reply = step.boards[k];
    if (!reply) return;
    const row = tiles(step.guess, reply.reply, { "data-step": i + 1 });
    if (i < data.opening) row.append(el("span", { class: "row-note", text: "puzzle" }));
    card.append(row);
  });
  return card;
}

function entryHelp(data) {
  if (data.status !== "playing") return "";
  if (page.route.mode === "guess") return `The page guesses ${(data.pick || "").toUpperCase()}: set the colours your word gives it, then Enter.`;
  if (data.replies_itself) return "Type a guess; the page replies.";
  if (data.boards > 1) return "One guess for every board; click each board's squares (or type the colours, one group per unsolved board, apart by /).";
  return "Click the squares to set their colours, or type them.";
}

function renderEntry() {
  const data = page.game, playing = data.status === "playing", replies = !data.replies_itself;
  for (const id of ["guess-input", "enter"]) $(id).disabled = !playing;
  for (const id of ["colours-input", "colours-label"]) $(id).hidden = !replies || !playing;
  $("colours-input").style.width = `${Math.min(60, 6.5 * Math.max(1, unsolvedBoards().length))}ch`;
  $("clear-colours").hidden = !replies || !playing || data.boards === 1;
  $("undo").disabled = data.steps.length <= data.opening;
  markBad("");
  $("entry-help").textContent = entryHelp(data);
  $("guess-input").value = page.route.mode === "guess" && playing ? (data.pick || "") : "";
  $("guess-input").readOnly = page.route.mode === "guess";
  refreshEntryTiles();
  $("outcome").textContent = outcome(data);
}

function outcome(data) {
  const guesses = plural(data.steps.length, "guess");
  if (data.status === "won") {
    return data.boards > 1 ? `All ${data.boards} boards solved in ${guesses}.` : `Solved in ${guesses}.`;
  }
  if (data.status !== "lost") return "";
  const missed = data.boards_state.filter((b) => !b.solved_at).map((b) => {
    const where = data.boards > 1 ? `board ${b.number}: ` : "";
    // as the terminal (optimal/play/text.py): the game is over, so the answers left are no spoiler
    if (b.answer) return where + `the answer was ${b.answer.toUpperCase()}`;
    if (b.count === 1) return where + `the answer was ${b.candidates[0].toUpperCase()}, the only one that still fitted`;
    const shown = b.count <= 12 ? ": " + b.candidates.map((w) => w.toUpperCase()).join(" ") : "";
    return where + `${plural(b.count, "answer")} still fitted${shown}`;
  });
  return `Out of guesses. ${missed.join("; ")}.`;
}

// a message next to the entry ("" clears it), the guess and colours inputs marked
function markBad(message, colours) {
  $("entry-error").textContent = message;
  $("guess-input").classList.toggle("bad", !!message);
  $("colours-input").classList.toggle("bad", !!message && !!colours);
}

// a message next to the input it concerns: the entry for the step being entered, else the top
function showGameError(error) {
  const last = page.route.history ? page.route.history.split(",").length + 1 : 1;
  if (error.field === "history" && (error.step === undefined || error.step === last)) {
    markBad(error.message, !page.game.replies_itself);
  } else {
    $("game-error").textContent = error.message;
  }
}

async function enterStep(event) {
  event.preventDefault();
  if (!page.game || page.game.status !== "playing") return;
  const guess = typedGuess(), problem = guessProblem(guess);
  if (problem) return markBad(problem);
  const step = stepText(guess), s = page.route;
  const next = Object.assign({}, s, { history: s.history ? `${s.history},${step}` : step });
  try {
    await loadGame(next, "push");
    if (page.route.mode !== "guess") $("guess-input").focus();
  } catch (error) {
    showGameError(error);
  }
}

async function undoStep() {
  if (!page.game) return;
  const steps = page.route.history ? page.route.history.split(",") : [];
  if (!steps.length) return;
  steps.pop();
  try { await loadGame(Object.assign({}, page.route, { history: steps.join(",") }), "push"); }
  catch (error) { $("game-error").textContent = error.message; }
}

export function hideSpoilers() {
  Object.keys(page.shown).forEach((key) => { page.shown[key] = false; });
}

async function restart(changes) {
  hideSpoilers();
  const next = Object.assign({}, page.route, { history: "" }, changes || {});
  if (next.mode === "puzzle" && !(changes && "seed" in changes)) next.seed = "";
  if (next.boards > 1) next.hard = false;
  try { await loadGame(next, "push"); }
  catch (error) { $("game-error").textContent = error.message; }
}

// hard mode ticked or unticked mid-game: the same game in the other mode when its guesses
// allow it; else the game stays as it was, and the message says why
async function switchHard(hard) {
  if (!page.game) return;
  if (page.route.mode === "puzzle") {  // its random first guesses are the mode's: a new puzzle
    await restart({ hard, seed: page.route.seed });
    if (page.route.hard !== hard) {  // not loaded: restart said why; the box shows the mode played
      $("hard-toggle").checked = !hard;
      return;
    }
    $("game-error").textContent = `Hard mode ${hard ? "on" : "off"}: the puzzle's random guesses ` +
      `are played again under the ${hard ? "hard" : "normal"}-mode rule (seed ${page.route.seed}), a new puzzle`;
    return;
  }
  const next = Object.assign({}, page.route, { hard });
  try { await loadGame(next, "push"); }
  catch (error) {
    $("hard-toggle").checked = !hard;
    $("game-error").textContent = `${error.message}: the game stays in ${hard ? "normal" : "hard"} mode (New game starts one in ${hard ? "hard" : "normal"} mode)`;
  }
}

function wireGame() {
  $("entry").addEventListener("submit", enterStep);
  $("undo").addEventListener("click", undoStep);
  $("new-game").addEventListener("click", () => page.game && restart());
  $("clear-colours").addEventListener("click", () => { if (page.game) { resetColours(); refreshEntryTiles(); } });
  $("boards-select").addEventListener("change", (e) =>
    restart({ boards: parseInt(e.target.value, 10), seed: page.route.mode === "puzzle" ? "" : page.route.seed }));
  $("hard-toggle").addEventListener("change", (e) => switchHard(e.target.checked));
  for (const [button, key] of [["show-count", "count"], ["show-answers", "answers"],
                               ["show-table", "table"], ["show-hints", "hints"]]) {
    $(button).addEventListener("click", () => {
      if (!page.game) return;
      page.shown[key] = !page.shown[key];
      renderAdvice();
    });
  }
}

// open the address's game; a broken address is said, and a new game of the mode shown instead
async function openGame(s, push) {
  if (!MODES.includes(s.mode)) s.mode = "assist";
  page.game = null;
  try {
    await loadGame(s, push);
    if (s.problem) $("game-error").textContent = `${s.problem} (from the address)`;
  } catch (error) {
    // a shared link with one step wrong: the steps before it stay (the whole game was dropped)
    if (error.field === "history" && error.step > 1) {
      const kept = Object.assign({}, s, { history: s.history.split(",").slice(0, error.step - 1).join(",") });
      try {
        await loadGame(kept, "replace");
        $("game-error").textContent = `${error.message} (in the address; the steps before it are kept)`;
        return;
      } catch (e) { /* the kept steps do not load either: a new game below */ }
    }
    const fresh = { mode: s.mode, boards: s.problem ? 1 : s.boards, hard: s.hard, history: "", seed: "" };
    try {
      await loadGame(fresh, "replace");
      $("game-error").textContent = `${error.message} (the address's game could not be loaded; this is a new game)`;
    } catch (e) {
      $("game-error").textContent = `${error.message} (the address's game could not be loaded)`;
    }
  }
}

function gameTab(name, label, short, href, owns) {
  return { name, label, short, href, view: "game-view", owns, open: openGame };
}

export const GAME_TABS = [
  gameTab("assist", "Assist", "Assist", "?mode=assist", (r) => r.mode === "assist" && r.boards === 1),
  gameTab("boards", "More boards", "Boards", "?mode=assist&boards=4", (r) => r.mode === "assist" && r.boards > 1),
  gameTab("absurdle", "Absurdle", "Absurdle", "?mode=absurdle", (r) => r.mode === "absurdle"),
  gameTab("guess", "It guesses your word", "Guess", "?mode=guess", (r) => r.mode === "guess"),
  gameTab("puzzle", "Puzzle", "Puzzle", "?mode=puzzle", (r) => r.mode === "puzzle"),
];

export { wireGame };
