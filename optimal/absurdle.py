"""`python -m optimal.absurdle`: the fewest guesses that force a win against Absurdle.

Absurdle keeps, after each guess, the largest bucket of answers that fit; ties go to the reply with
the fewest greens, then the fewest yellows, then the first by its text (B < Y < G, left to right).
The search proves that no win exists within fewer guesses (every first guess checked) and shows one
that exists; `--target` asks for a win on a given word (Absurdle's challenge mode); `--count` lists
the first guesses from which a win within k guesses exists.
"""

from __future__ import annotations

import sys
import time

import numpy as np

from optimal.cli import Parser, add_game_arguments, game_from_args, positive_int, run_cli
from optimal.errors import BadInput, NoTree
from optimal.game import Game

EXAMPLES = """examples:
  python -m optimal.absurdle                         # proves no 3-guess win, finds a 4-guess win
  python -m optimal.absurdle --target crane          # challenge mode: force CRANE
  python -m optimal.absurdle --pool answers --count 4   # answer-list first guesses with a 4-guess win
  python -m optimal.absurdle --play aesir,yauld,tench,whoop   # what Absurdle replies
"""


def tie_rank(code: int, length: int) -> tuple[int, int, tuple[int, ...]]:
    """The adversary's preference among equally large buckets (smaller is kept first): fewest
    greens, then fewest yellows, then the reply read letter by letter with B < Y < G."""
    from optimal.feedback import reply_digits

    digits = reply_digits(code, length)
    return digits.count(2), digits.count(1), tuple(digits)


def absurdle_reply(game: Game, candidates: np.ndarray, guess: str) -> tuple[int, np.ndarray]:
    """Absurdle's reply to `guess` and the answers it keeps (plain numpy: an independent statement
    of the rule, used to check the search's wins)."""
    replies = game.replies_to(guess, candidates)
    codes, sizes = np.unique(replies, return_counts=True)
    best = min(zip(codes, sizes), key=lambda cs: (-cs[1], tie_rank(int(cs[0]), game.length)))[0]
    return int(best), candidates[replies == best]


def replay(game: Game, guesses: list[str]) -> list[tuple[str, int, int]]:
    """(guess, reply, answers left) for each guess played against Absurdle."""
    candidates, out = game.all_candidates(), []
    for guess in guesses:
        game.guess_id(guess)
        code, candidates = absurdle_reply(game, candidates, guess)
        out.append((guess, code, len(candidates)))
        if code == game.won:
            break
    return out


class AbsurdleSearch:
    """The search kernels with their set-up: pair bitsets for 'one guess splits all', the tie
    order, and the guesses allowed (all, or only answer-list words)."""

    def __init__(self, game: Game, pool: str = "all", pair_mb: float = 512):
        from lookahead import Solver
        from lookahead.absurdle import reply_ranks

        if game.rule.name != "wordle":
            raise BadInput("Absurdle is defined for Wordle replies only")
        self.game = game
        self.solver = Solver(game.with_limits(max_guesses=16), cache_mb=1, pair_mb=pair_mb)
        self.rank = reply_ranks(game.length)
        if pool == "all":
            self.guesses = np.arange(len(game.guesses), dtype=np.int32)
        elif pool == "answers":
            self.guesses = np.sort(game.guess_of_answer).astype(np.int32)
        else:
            raise BadInput(f"unknown pool {pool!r}: all or answers")

    def win(self, k: int, target: str | None = None) -> list[str] | None:
        """A winning sequence of at most k guesses (the last one the answer), or None (proven)."""
        from lookahead.absurdle import force_win

        plan = np.full(k + 2, -1, dtype=np.int64)
        t = -1 if target is None else self.game.answer_index[target]
        if force_win(self.solver.ws, self.game.all_candidates(), k, 0, self.guesses, self.rank, t, plan):
            return [self.game.guesses.words[g] for g in plan if g >= 0]
        return None

    def first_guesses_with_win(self, k: int) -> list[str]:
        """Every first guess of the pool from which a win within k guesses exists."""
        from lookahead.absurdle import count_first_guesses

        wins = np.zeros(len(self.guesses), dtype=np.int64)
        plan = np.full(k + 2, -1, dtype=np.int64)
        count_first_guesses(self.solver.ws, self.game.all_candidates(), k, self.guesses, self.rank,
                            plan, wins)
        return [self.game.guesses.words[g] for g, w in zip(self.guesses, wins) if w]


def show(game: Game, guesses: list[str]) -> str:
    steps = replay(game, guesses)
    return " -> ".join(f"{g.upper()} {game.reply_text(c)} ({n} left)" for g, c, n in steps)


def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog="python -m optimal.absurdle", description=__doc__, epilog=EXAMPLES)
    add_game_arguments(parser, depth_flag="--most", default_depth=6)
    parser.add_argument("--target", metavar="WORD", help="challenge mode: force a win on WORD")
    parser.add_argument("--pool", choices=["all", "answers"], default="all",
                        help="guesses allowed: every allowed guess (default) or answer-list words only")
    parser.add_argument("--count", type=positive_int, metavar="K",
                        help="list the first guesses from which a win within K guesses exists")
    parser.add_argument("--play", metavar="WORD,WORD,...", help="show Absurdle's replies to these guesses")
    args = parser.parse_args(argv)

    def body() -> int:
        if args.hard:
            raise BadInput("Absurdle here is normal mode only")
        game = game_from_args(args, default_lists="original")
        if args.play:
            print(show(game, [w.strip().lower() for w in args.play.split(",") if w.strip()]))
            return 0
        search = AbsurdleSearch(game, args.pool)
        if args.target and args.target.lower() not in game.answer_index:
            raise BadInput(f"{args.target.upper()!r} is not in the answer list {game.answers.name}")
        pool = "every allowed guess" if args.pool == "all" else "answer-list words only"
        if args.count:
            start = time.perf_counter()
            words = search.first_guesses_with_win(args.count)
            print(f"{len(words)} of {len(search.guesses):,} first guesses ({pool}) start a win within "
                  f"{args.count} guesses; {time.perf_counter() - start:.1f} s")
            print(" ".join(w.upper() for w in words))
            return 0
        target = args.target.lower() if args.target else None
        for k in range(2, args.max_depth + 1):
            start = time.perf_counter()
            plan = search.win(k, target)
            seconds = time.perf_counter() - start
            what = f"win on {target.upper()}" if target else "win"
            if plan is None:
                print(f"no {what} within {k} guesses ({pool}): proven, every first guess checked; "
                      f"{seconds:.1f} s")
                continue
            print(f"a {what} in {len(plan)} guesses ({pool}), found in {seconds:.1f} s:")
            print("  " + show(game, plan))
            return 0
        raise NoTree(f"no win within {args.max_depth} guesses (raise --most)")

    return run_cli(body, parser.prog)


if __name__ == "__main__":
    sys.exit(main())
