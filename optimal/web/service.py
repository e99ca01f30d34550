"""What the web API computes, apart from HTTP: a game position from its URL, the assistant's
analysis of it as JSON, and the tree explorer.

The game logic is the terminal assistant's (`optimal.play.Assistant`), driven the same way: start,
play each step of the history, analyse. Nothing is computed here that the assistant computes too;
this module only replays the URL's history and turns the assistant's values into JSON. State lives
in the URL, so the server keeps no session: a request carries its whole game.
"""

from __future__ import annotations

import re
import threading
from dataclasses import replace
from pathlib import Path

from optimal.errors import BadInput
from optimal.game import Game, split_history
from optimal.play.analysis import Analysis, Found
from optimal.play.assistant import OPTIMAL_MAX, Assistant, table_opening
from optimal.play.cache import LruCache
from optimal.play.exact import BUDGET, BudgetedSearch, answer_table
from optimal.play.review import ReviewSearch, played_game, review_game
from optimal.play.text import game_name, header_line
from optimal.web.params import BOARDS, FieldError, GameRequest, ReviewRequest, TreeOptions
from optimal.web.trees import Trees


class _RequestSearch:
    """The server's budgeted search with one request's budget (the assistant does not know
    about budgets; it asks `find` like the terminal's direct search)."""

    def __init__(self, search: BudgetedSearch, budget: float | None):
        self.search, self.budget = search, budget

    def find(self, game, candidates, guesses_left, state, table=False) -> Found:
        return self.search.find(game, candidates, guesses_left, state, table, self.budget)

    def find_dordle(self, game, board1, board2, guesses_left) -> Found | None:
        return self.search.find_dordle(game, board1, board2, guesses_left, self.budget)


def found_json(found: Found | None) -> dict | None:
    """The optimum as the page reads it (None: not searched); `running` tells the page that the
    exact search goes on, so it shows that and asks again."""
    if found is None:
        return None
    table = None if found.table is None else [{"answer": w, "guesses": n} for w, n in found.table]
    return {"word": found.word, "total": found.total, "proven": found.proven, "beam": found.beam,
            "why": found.why, "seconds": round(found.seconds, 4), "table": table,
            "games": found.games, "running": found.running}


def canonical_history(assistant: Assistant, analysis: Analysis) -> str:
    """The player's steps as the URL keeps them: 'salet=BBYBB,clint=BYYBB' ('salet=BBYBB/GYBBB'
    with several boards), guesses only where the page replies; a puzzle's own moves left out."""
    parts = []
    for step in analysis.steps[assistant.opening_steps:]:
        if assistant.replies_itself:
            parts.append(step.guess)
        else:
            parts.append(step.guess + "=" + "/".join(b.reply for b in step.boards if b is not None))
    return ",".join(parts)


# The review's sentences name the terminal's options; the page has a box and a server's lists.
PAGE_WORDS = (
    (re.compile(r"without --(hard|ultra)"), "with the hard mode box unticked"),
    (re.compile(r"\(--hard\)"), "(tick hard mode)"),
    (re.compile(r"review it with --max-depth (\d+) \(this review allows (\d+)\)"),
     r"the page reviews games of \2 guesses (the terminal's python -m optimal.review --max-depth "
     r"\1 reviews it)"),
    (re.compile(r"--lists ([\w-]+(?: or --lists [\w-]+)*)"),  # '(--lists a or --lists b)'
     lambda m: "a server started with --lists " + m.group(1).replace(" or --lists ", " or ")),
    (re.compile(r"with --absurdle"), "in Absurdle"),
    (re.compile(r"\(--words\)"), "(in the guesses box)"),
    (re.compile(r"--words, with --answer or --grid"), "the guesses box, with the answer or the grid"),
)


def in_page_words(message: str) -> str:
    """An error of a review or a game as the page says it: the hard mode box for --hard, the
    server's lists for --lists, the terminal for another guess limit, Absurdle's tab for
    --absurdle."""
    for pattern, words in PAGE_WORDS:
        message = pattern.sub(words, message)
    return message


class Service:
    """The games the server plays (its lists, in both modes and every guess limit asked for), the
    budgeted exact search and greedy scores shared by every request, and the tree explorer."""

    def __init__(self, game: Game, budget: float = BUDGET, workers: int = 1, queue: int = 4,
                 trees: list[Path] | None = None, optimal_max: int = OPTIMAL_MAX,
                 hard_default: bool = False):
        if not game.rule.colour_replies:
            raise BadInput("the web page plays Wordle replies only")
        _ = game.matrix  # loaded once: every mode and guess limit below shares it
        self.base = game.with_limits("normal", 6)
        self.budget, self.optimal_max, self.hard_default = float(budget), optimal_max, hard_default
        self._games: dict[tuple[str, int], Game] = {}
        self._lock = threading.Lock()
        self.search = BudgetedSearch(budget, workers, queue)
        # the page's reviews share the slots: no search above the assistant's size limit (one
        # review of 1,352 answers kept every later player's review waiting, see ReviewSearch)
        self.reviews = ReviewSearch(largest=optimal_max)
        self.scores = LruCache(256)
        self.trees = Trees(self.game_for, trees or [])
        self._warm = threading.Event()
        self.on_ready = None  # called once the warm-up is done (the command says 'ready')
        self._warm.set()  # warm unless a warm-up runs (`warm_in_background`)

    def game_for(self, mode: str, max_guesses: int) -> Game:
        """The server's lists with a mode and guess limit (one Game each, sharing the matrix)."""
        with self._lock:
            key = (mode, max_guesses)
            if key not in self._games:
                self._games[key] = self.base.with_limits(mode, max_guesses)
            return self._games[key]

    def info(self) -> dict:
        """What the page needs before a game: the lists and their sizes, word length, search budget
        and size limit, board counts, the default mode and the tree catalogue."""
        game = self.base
        return {"answers": {"name": game.answers.name, "count": len(game.answers)},
                "guesses": {"name": game.guesses.name, "count": len(game.guesses)},
                "length": game.length, "budget": self.budget, "optimal_max": self.optimal_max,
                "boards": list(BOARDS), "hard_default": self.hard_default,
                "trees": self.trees.listing(), "warming": self.warming}

    def assistant_for(self, request: GameRequest) -> Assistant:
        """The assistant at the position the request describes (BadInput names the step)."""
        game = self.game_for("hard" if request.hard else "normal", request.max_guesses)
        assistant = Assistant(game, request.boards, absurdle=request.mode == "absurdle",
                              puzzle=request.mode == "puzzle", seed=request.seed,
                              optimal_max=self.optimal_max,
                              search=_RequestSearch(self.search, request.budget),
                              scores=self.scores, book=self.opening)
        assistant.start()
        try:
            steps = split_history(request.history, assistant.game)
        except BadInput as error:  # the history as a whole does not read (a reply too long)
            raise FieldError("history", in_page_words(str(error))) from None
        for number, (word, replies) in enumerate(steps, start=1):
            try:
                assistant.play(word, replies)
            except BadInput as error:  # ('no answer of answers-2315 fits, ... (--lists nyt)')
                raise FieldError("history", f"step {number}: {in_page_words(str(error))}",
                                 step=number) from None
        return assistant

    def opening(self, game: Game, table: bool) -> Found | None:
        """The opening of a game the bundled trees are for (the project's own SALET trees, normal
        and hard mode, verified when read): their first guess and total, with the per-answer
        table. Labelled by what the file proves (optimal for SALET as the first guess), so the
        first screen offers a word though 2,315 candidates are too many to search at a prompt."""
        def build() -> Found | None:
            for entry in self.trees.entries.values():
                if not entry.source.startswith("bundled/"):
                    continue
                tree = self.trees.get(entry.id)
                if tree.game.fingerprint != game.fingerprint:
                    continue
                total = sum(tree.counts.values())
                rows = answer_table(tree.tree, game, game.all_candidates(), total)
                claim = tree.claims.get("status", "as built")
                # the bundled exact tables prove it the optimum over every first word: then it
                # is the state's proven optimum, not an upper bound (the page said "upper bound
                # (... proven optimal for this first guess)" of SALET 7,920)
                best = table_opening(game)
                proven = best is not None and (best.word, best.total) == (tree.tree.guess, total)
                return Found(tree.tree.guess, total, proven, 0, rows, 0.0,
                             "" if proven else f"the bundled tree's total, {claim}")
            return None

        found = self.scores.get(("opening", game.fingerprint), build)
        return found if found is None or table else replace(found, table=None)

    def game_state(self, request: GameRequest) -> dict:
        """The position after the request's history, with the assistant's analysis, as JSON."""
        assistant = self.assistant_for(request)
        analysis = assistant.analysis(table=True)
        game = assistant.game
        return {
            "mode": request.mode, "boards": request.boards, "hard": request.hard,
            "seed": request.seed, "name": game_name(request.boards, request.mode == "absurdle"),
            "header": header_line(game, request.boards, request.mode == "absurdle"),
            "history": canonical_history(assistant, analysis),
            "opening": assistant.opening_steps, "replies_itself": assistant.replies_itself,
            "status": analysis.status, "guesses_left": analysis.guesses_left,
            "max_guesses": analysis.max_guesses,
            "steps": [step.as_dict() for step in analysis.steps],
            "boards_state": [board.as_dict() for board in analysis.boards],
            "suggestions": [row.as_dict() for row in analysis.suggestions],
            "verdict": analysis.verdict, "optimal": found_json(analysis.optimal),
            "pick": analysis.pick, "warming": self.warming,
        }

    def review(self, request: ReviewRequest) -> dict:
        """The exact review of a played game (one board, six guesses), as JSON: the same values
        the terminal's `python -m optimal.review` prints, and the game as a canonical history."""
        game = self.game_for("hard" if request.hard else "normal", 6)
        try:
            steps = played_game(game, request.history, request.words, request.grid,
                                request.answer)
        except BadInput as error:
            raise FieldError("review", in_page_words(str(error))) from None
        review = review_game(game, steps, request.answer and request.answer.lower(),
                             self.reviews, request.budget)
        history = ",".join(f"{word}={game.reply_text(code)}" for word, code in steps)
        return {**review.as_dict(), "hard": request.hard, "history": history,
                "searched_up_to": self.reviews.largest}

    def explore(self, tree_id: str, replies: list[str], answer: str | None) -> dict:
        """The explorer's view of tree `tree_id` at the node the `replies` lead to, with the path to
        `answer` when asked."""
        return self.trees.get(tree_id).view(replies, answer)

    def upload(self, text: str, options: TreeOptions) -> dict:
        """Verify and keep an uploaded tree; returns the explorer's view of its root."""
        return self.trees.upload(text, options).view([])

    @property
    def warming(self) -> bool:
        """Whether the kernels are still loading (or compiling): the server is not ready, and the
        page says so, since until then an exact search cannot finish within a request's budget."""
        return not self._warm.is_set()

    def warm_in_background(self) -> threading.Thread:
        """Start `warm_up` in a daemon thread (a server told to stop during a compile ends at
        once); `warming` is true from this call until it is done."""
        self._warm.clear()

        def run() -> None:
            try:
                self.warm_up()
            finally:
                self._warm.set()
            if self.on_ready is not None:
                self.on_ready()

        thread = threading.Thread(target=run, name="optimal-warm-up", daemon=True)
        thread.start()
        return thread

    def warm_up(self) -> None:
        """Load the reply matrix and every compiled kernel a request uses (exact search in both
        modes, beam, Dordle), and score the opening (the same for every new game), so the first
        players do not wait for them: on a fresh cache the kernels compile for minutes."""
        game = self.base
        Assistant(game, search=_RequestSearch(self.search, 0.0), scores=self.scores).analysis()
        self.search.warm_up([game, self.game_for("hard", 6)], self.game_for("normal", 7))

    def close(self) -> None:
        """Stop the searches taking work (see `BudgetedSearch.close`): queued ones are dropped,
        running ones finish."""
        self.search.close()
