"""`python -m optimal.search --from salet.BBYBB[.clint.BYYBB]`: solve a mid-game state.

Answers the question a player or researcher has in the middle of a game: which guess is best now,
and what does it cost compared with the alternatives. The best guess's total is proven by exact
search over every allowed guess (within --beam, when given: then it is an upper bound).
"""

from __future__ import annotations

import time

from lookahead.bounds import INF
from lookahead.firstguess import SearchSetting, ranked_guesses
from lookahead.parallel import solver_for
from optimal.errors import NoTree
from optimal.game import Game, parse_history

ALTERNATIVES = 5


def solve_state(game: Game, args, setting: SearchSetting, argv) -> int:
    start = time.perf_counter()
    history = parse_history(args.history, game)
    candidates = game.check_history(history)
    left = game.max_guesses - len(history)
    played = " ".join(f"{w.upper()} {game.reply_text(c)}" for w, c in history)
    if left < 1:
        raise NoTree(f"after {played} no guesses are left (limit {game.max_guesses})")
    state = game.hard_state(history) if game.hard else None
    solver = solver_for(game, setting.beam, setting.cache_mb)
    value, best = solver.best_guess(candidates, left, state)
    n = len(candidates)
    print(f"After {played}: {n} candidate answer(s), {left} guess(es) left, {game.mode} mode.")
    if value >= INF:
        raise NoTree(f"no tree from here: the {n} candidates cannot all be found within {left} "
                     f"more guesses")
    kind = "proven optimal" if not setting.beam else f"upper bound (beam {setting.beam})"
    print(f"Best next guess: {game.guesses.words[best].upper()}: {value} guesses in all for the {n} "
          f"answer(s) from here (mean {value / n:.4f} more, {len(history) + value / n:.4f} per game), "
          f"{kind}.")
    if n <= 20:
        print("Candidates: " + " ".join(game.answers.words[i].upper() for i in candidates))
    rows = [(best, value, True)]
    for guess, _ in ranked_guesses(game, setting, candidates, left, state, limit=ALTERNATIVES):
        if guess != best:
            total, exact = solver.evaluate(candidates, guess, left, state)
            rows.append((guess, total, exact))
    print()
    print("| next guess | total from here | mean from here | status |")
    print("|---|---:|---:|---|")
    for guess, total, exact in sorted(rows, key=lambda r: r[1]):
        status = ("no tree" if total >= INF else f"best, {kind}" if guess == best
                  else f"upper bound (beam {setting.beam})" if setting.beam
                  else "exact" if exact else "lower bound")
        shown = "-" if total >= INF else str(total)
        mean = "-" if total >= INF else f"{total / n:.4f}"
        print(f"| {game.guesses.words[guess].upper()} | {shown} | {mean} | {status} |")
    how = "each solved exactly" if not setting.beam else f"each with the same beam of {setting.beam}"
    print(f"\n({time.perf_counter() - start:.1f} s; the other rows are the most promising guesses "
          f"by the search's ordering score, {how})")
    return 0
