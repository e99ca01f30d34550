// The page's state, in one object, and the address bar that holds it. Every module reads and
// writes `page`; nothing else is kept between events.

export const page = {
  info: null,        // /api/info: lists, limits, trees, whether the server is warming up
  route: null,       // the address: mode, boards, hard, history, seed (games); tree, path, answer
  game: null,        // the last /api/game answer
  colours: [],       // per board: the colours of the row being entered ("b", "y", "g")
  shown: { count: false, answers: false, table: false, hints: false },  // spoilers opened
  tree: null,        // the last /api/tree answer
  uploads: [],       // trees uploaded in this page: {id, label, source}
  retry: null,       // the timer that asks again while an exact search runs
};

// the address as a route; `problem` says why a part of it was not taken
export function readUrl() {
  const p = new URLSearchParams(location.search);
  const mode = p.get("mode") || "assist";
  const info = page.info;
  let boards = parseInt(p.get("boards") || "1", 10) || 1, problem = "";
  if (info && !info.boards.includes(boards)) {
    problem = `${boards} boards are not offered: choose ${info.boards.join(", ")}; this is a one-board game`;
    boards = 1;
  }
  return {
    mode, boards, problem,
    hard: p.get("hard") === "1" || (p.get("hard") === null && !!(info && info.hard_default) && mode !== "tree"),
    history: p.get("history") || "",
    seed: p.get("seed") || "",
    tree: p.get("tree") || "",
    path: p.get("path") || "",
    answer: p.get("answer") || "",
  };
}

export function urlOf(s) {
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
  else if (page.info && page.info.hard_default) p.set("hard", "0");
  if (s.seed) p.set("seed", s.seed);
  if (s.history) p.set("history", s.history);
  return "?" + p.toString();
}

// make `route` the page's, and the address's: "push" a new entry or "replace" the current one
export function setRoute(route, push) {
  if (push === "push") history.pushState(null, "", urlOf(route));
  else if (push === "replace") history.replaceState(null, "", urlOf(route));
  page.route = route;
}
