"""The review of a played game (optimal.play.review, python -m optimal.review): every figure of the
turn table against an independent brute force on a small list, the bounds when the budget runs
out, the bundled first-word tables against results/, the share grid, and the list hint."""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import threading
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest

from conftest import small_game
from lookahead import INF
from optimal.cli.args import played_words
from optimal.errors import BadInput
from optimal.game import Game, HardState, parse_history
from optimal.play.review import (Bound, ReviewSearch, Turn, checked_steps, first_words,
                                 grid_replies, other_limit_bounds, played_game, review_game,
                                 steps_from)
from optimal.review.command import main
from optimal.review.render import best_cell, figure, review_lines
from optimal.web.service import in_page_words
from optimal.rules.wordle import reply
from optimal.weights import weights_from_frequency, weights_from_values

ROOT = Path(__file__).resolve().parent.parent
NONE = 10**9  # the brute force's "no tree within the guesses left"


def brute_force(game: Game):
    """The least total of a set of answers (words) with `left` guesses, by plain recursion over
    every allowed guess, with the plain reply rule (no reply matrix, no search code); in hard mode
    only the guesses the state allows."""
    won = game.won

    @lru_cache(maxsize=None)
    def total(answers: frozenset, left: int, state: HardState | None) -> int:
        if left == 0:
            return NONE
        if len(answers) == 1:
            return 1
        best = NONE
        for guess in game.guesses.words:
            if state is not None and not state.allows(guess):
                continue
            best = min(best, after(answers, guess, left, state, useful=True))
        return best

    def after(answers: frozenset, guess: str, left: int, state: HardState | None,
              useful: bool = False) -> int:
        """The total with `guess` played first, optimal from then on (`useful`: NONE for a guess
        that learns nothing, which is never best; a player may still play one)."""
        parts: dict[int, set] = {}
        for answer in answers:
            parts.setdefault(int(reply(guess, answer)), set()).add(answer)
        if useful and len(parts) == 1 and won not in parts:
            return NONE
        out = len(answers)
        for code, part in parts.items():
            if code != won:
                nxt = None if state is None else state.after(guess, code)
                out += total(frozenset(part), left - 1, nxt)
        return min(out, NONE)

    return total, after


def expected_turns(game: Game, steps) -> list[dict]:
    """Each turn's totals by brute force: optimum, after the guess played, after the reply."""
    total, after = brute_force(game)
    answers = frozenset(game.answers.words)
    state = HardState.initial(game.length) if game.hard else None
    left, out = game.max_guesses, []
    for guess, code in steps:
        played = after(answers, guess, left, state)
        optimum = total(answers, left, state)
        answers = frozenset(a for a in answers if int(reply(guess, a)) == code)
        state = None if state is None else state.after(guess, code)
        left -= 1
        then = 0 if code == game.won else total(answers, left, state)
        out.append({"optimum": optimum, "played": played, "after": then, "n": len(answers)})
    return out


GAMES = [("normal", "model", "salet,crane,model"), ("normal", "karma", "waltz,slate,karma"),
         ("hard", "fresh", "trace,grade,fresh")]


@pytest.mark.parametrize("mode,answer,words", GAMES)
def test_every_figure_of_the_turn_table_is_the_brute_force_optimum(mode, answer, words):
    game = small_game(24, mode=mode)
    words = words.split(",")
    steps = checked_steps(game, steps_from(game, words, None, answer), answer)
    review = review_game(game, steps, answer, ReviewSearch(), budget=120)
    expected = expected_turns(game, steps)
    assert review.status == "won" and review.proven and len(review.turns) == len(steps)
    for turn, want in zip(review.turns, expected):
        assert turn.optimum == Bound.exact(want["optimum"]), turn.number
        assert turn.played == Bound.exact(want["played"]), turn.number
        assert turn.after == Bound.exact(want["after"]), turn.number
        assert turn.after_candidates == want["n"]
        assert turn.cost[0] == pytest.approx((want["played"] - want["optimum"]) / turn.candidates)
        luck = (want["played"] - turn.candidates) / turn.candidates - (
            want["after"] / want["n"] if want["after"] else 0)
        assert turn.luck[0] == pytest.approx(luck)
        if turn.cost[0] == 0:
            assert turn.guess in turn.best
    # guesses played = optimal expectation from the start + guesses lost - luck
    played = review.expected_from_start[0] + review.lost[0] - review.luck[0]
    assert played == pytest.approx(len(steps))


def reply_text(game: Game, guess: str, answer: str) -> str:
    return game.reply_text(int(reply(guess, answer)))


def test_an_unknown_answer_and_an_unfinished_game():
    game = small_game(24)
    steps = checked_steps(game, parse_history(f"salet={reply_text(game, 'salet', 'model')}", game),
                          None)
    review = review_game(game, steps, None, ReviewSearch(), budget=120)
    (want,) = expected_turns(game, steps)
    (turn,) = review.turns
    assert review.status == "playing" and not turn.won
    assert turn.after == Bound.exact(want["after"]) and turn.after_candidates == want["n"]


def test_past_the_budget_the_figures_are_bounds_around_the_optimum():
    """With no search finished, each figure is a proven lower bound and a real tree's total, and
    the exact figures (checked against brute force above) lie between them."""
    game = small_game(60)
    steps = checked_steps(game, steps_from(game, ["fjord", "nymph", "model"], None, "model"),
                          "model")
    stalled = ReviewSearch(slots=0)  # no search thread: no exact search ever finishes
    bounded = review_game(game, steps, "model", stalled, budget=0.0)
    search = ReviewSearch()
    exact = review_game(game, steps, "model", search, budget=120)
    assert exact.proven and not bounded.proven
    for turn, want in zip(bounded.turns, exact.turns):
        for bound, value in ((turn.optimum, want.optimum.lower), (turn.played, want.played.lower),
                             (turn.after, want.after.lower)):
            assert bound.lower <= value and (bound.upper is None or value <= bound.upper)
        if not turn.proven:
            assert "bounds" in turn.sources
    low, high = bounded.lost
    assert not bounded.no_sum
    text = "\n".join(review_lines(bounded, "normal", False))
    assert "this game lost" in text and "'>= x' where no tree was found to bound it above" in text
    assert low <= exact.lost[0] <= high and low < high
    # the same review asked again is the kept proof, whatever the budget
    assert review_game(game, steps, "model", search, budget=0.0).proven


def test_the_review_queue_runs_the_smallest_job_first_and_refuses_the_largest():
    """One server review queued the optimum of 1,352 answers, and every later player's review,
    even of a small state, waited behind it: the smallest job now runs first, and a server
    (`largest`) queues none above its size limit."""
    search = ReviewSearch(slots=1, largest=100)
    gate, ran = threading.Event(), []
    first = search.submit(("gate",), gate.wait, 1)  # holds the one slot
    big = search.submit(("big",), lambda: ran.append("big"), 90)
    small = search.submit(("small",), lambda: ran.append("small"), 5)
    assert search.submit(("huge",), lambda: ran.append("huge"), 101) is None  # bounds stand
    gate.set()
    for job in (first, big, small):
        assert job.done.wait(10)
    assert ran == ["small", "big"] and search.busy() == 0


def test_a_server_review_queues_no_search_above_its_size_limit(original):
    """FUZZY CRANE CIGAR: no search of the state after FUZZY (1,352 answers) is queued on a server
    that searches states of up to 300; the small searches are."""
    steps = checked_steps(original, steps_from(original, ["fuzzy", "crane", "cigar"], None,
                                               "cigar"), "cigar")
    after_fuzzy = original.candidates(steps[:1])
    after_crane = original.candidates(steps[:2])
    search = ReviewSearch(slots=0, largest=300)  # nothing runs: what is queued stays queued
    review = review_game(original, steps, "cigar", search, budget=0.0)
    assert not review.turns[1].optimum.proven and not review.turns[1].played.proven
    # after FUZZY: neither the optimum nor CRANE's total (a guess's search is the state's size:
    # a first guess not in a table would be a whole first-word search); after CRANE both
    assert len(after_fuzzy) > 300 >= len(after_crane) and search.busy() == 2


def test_the_bundled_first_word_tables_are_the_committed_results(original):
    table = first_words(original)
    assert table.optimum == 7920 and table.words == ("salet",)
    summary = ROOT / "results/exact/answers-2315-guesses-12972-normal-d6-exact/summary.json"
    for row in json.loads(summary.read_text())["results"][:30]:
        assert table.values[row["word"]] == row["lower"] == row["upper"]
    assert first_words(original.with_limits("hard", 6)).optimum == 8122
    # no run over every first word within 7 guesses in normal mode on these lists: no table
    assert first_words(original.with_limits("normal", 7)) is None
    assert first_words(small_game(24)) is None


@pytest.mark.parametrize("mode", ["hard", "ultra"])
def test_within_5_the_bundled_table_is_the_every_first_word_run(original, mode):
    """The --max-depth 5 tables are read here from the committed runs over every first word
    within 5 (their summaries, not the bundle's script): the proven optimum, and the words proven
    to have no tree within 5 (SALET among them) as None. The review's first row then needs no
    search: exact for PALET, "none" for SALET."""
    summary = json.loads((ROOT / f"results/all-first-words/answers-2315-guesses-12972-{mode}-d5/"
                                 "summary.json").read_text())
    assert summary["best"]["proven"] and summary["search"]["words"].startswith("all ")
    least = summary["best"]["total"]
    none = {r["word"] for r in summary["results"] if r["status"] == "no tree within 5 guesses"}
    game = original.with_limits(mode, 5)
    table = first_words(game)
    assert table.optimum == least and table.words == ("palet",) and "salet" in none
    assert {w for w, v in table.values.items() if v is None} == none and len(none) > 100
    for word, total in (("palet", least), ("salet", INF)):
        first = review_game(game, [(word, game.reply(word, "bluff"))], "bluff", ReviewSearch(),
                            budget=0.0).turns[0]
        assert first.optimum == Bound(least, least) and first.played == Bound.exact(total)


def test_the_weighted_table_is_the_weighted_run_and_only_for_its_weights(original):
    """`--weights freq` over every first word (results/all-first-words/...-d6-wfreq): its proven
    optimum is bundled with the weights' sha256; other weights get no table, even named freq
    (their totals would be of other weights), and so does freq from another wordfreq release."""
    summary = json.loads((ROOT / "results/all-first-words/answers-2315-guesses-12972-normal-d6-wfreq/"
                                 "summary.json").read_text())
    assert summary["best"]["proven"] and summary["search"]["words"].startswith("all ")
    flat = weights_from_values("freq", "test", np.ones(len(original.answers)))
    assert first_words(original.with_weights(flat)) is None
    long_name = weights_from_values("w" * 300, "test", np.ones(len(original.answers)))
    assert first_words(original.with_weights(long_name)) is None  # no OSError: a name too long
    try:
        freq = weights_from_frequency(original.answers)
    except BadInput:
        pytest.skip("wordfreq is not installed")
    if freq.sha256 != summary["game"]["weights"]["sha256"]:
        pytest.skip("another wordfreq release: other freq weights, so no table (as asserted above)")
    game = original.with_weights(freq)
    table = first_words(game)
    assert table.optimum == summary["best"]["total"] and table.words == ("trace",)
    first = review_game(game, [("trace", game.reply("trace", "could"))], "could", ReviewSearch(),
                        budget=0.0).turns[0]
    assert first.optimum == Bound(table.optimum, table.optimum) == first.played


@pytest.mark.parametrize("mode", ["normal", "hard", "ultra"])
def test_every_bundled_first_word_value_is_a_committed_exact_result(original, mode):
    """The bundle (scripts/build_exact_tables.py) only copies: each of its words is an exact entry
    of the whole-table checkpoint or of the top-200 run, with the same value (None: no tree within
    6), so a rebuilt bundle cannot hold a figure the search did not prove; and it holds every one
    of those entries, so a table run's new words reach the review once it is rebuilt."""
    table = first_words(original.with_limits(mode, 6))
    proven: dict[str, int | None] = {}
    for folder in ("exact", "exact-all"):
        path = ROOT / f"results/{folder}/answers-2315-guesses-12972-{mode}-d6-exact/checkpoint-exact.json"
        if path.exists():
            for word, r in json.loads(path.read_text())["results"].items():
                if r["exact"]:
                    proven[word] = r["upper"]
    assert len(table.values) >= 2
    for word, value in table.values.items():
        if word in proven:
            assert value == proven[word], word
    assert sum(word in proven for word in table.values) >= 0.9 * len(table.values)
    assert min(v for v in table.values.values() if v is not None) == table.optimum
    # and it is not stale: every committed exact entry is in it (the hard table had missed two)
    missing = sorted(word for word in proven if word not in table.values)
    assert not missing, f"rebuild the bundle (scripts/build_exact_tables.py): {missing[:5]}"


def test_the_table_within_5_rests_on_the_front_and_the_optimum_within_6(original):
    """Within 5 (normal mode) the bundle's optimum is derived, not searched: the front's exact
    SALET tree within 5 has 7,920, the proven optimum within 6, and fewer guesses never lower a
    total. Both facts are read here from their committed summaries; with the table the review of
    a SALET game within 5 is exact from the start without a search (it searched 60 s before)."""
    front = json.loads((ROOT / "results/front/answers-2315-guesses-12972-normal-front/"
                        "summary.json").read_text())
    cell = next(c for c in front["front"] if c["limit"] == 5)
    six = json.loads((ROOT / "results/all-first-words/answers-2315-guesses-12972-normal-d6/"
                      "summary.json").read_text())
    assert six["best"]["proven"] and "all" in six["search"]["words"]
    assert cell["exact"] and cell["beam"] == 0 and cell["total"] == six["best"]["total"]
    table = first_words(original.with_limits("normal", 5))
    assert (table.optimum, table.words, table.values) == (cell["total"], (cell["word"],),
                                                          {cell["word"]: cell["total"]})
    game = original.with_limits("normal", 5)
    steps = checked_steps(game, steps_from(game, ["salet", "courd", "cubic", "cumin"], None,
                                           "cumin"), "cumin")
    first = review_game(game, steps, "cumin", ReviewSearch(), budget=0.0).turns[0]  # no search
    assert first.optimum == Bound.exact(7920) == first.played


def test_the_issue_example_prints_proven_figures(capsys):
    code = main(["--answer", "cigar", "--history", "soare=BBYYB,radar=BBBGG,cigar=GGGGG"])
    out = capsys.readouterr().out
    assert code == 0
    rows = {line.split()[1]: line.split() for line in out.splitlines()
            if line[:1].isdigit()}
    # SOARE: 7997 / 2315 after it against SALET's proven 7920 / 2315 from the table
    assert rows["SOARE"][4:7] == ["3.4212", "3.4544", "0.0333"] and rows["SOARE"][7] == "SALET"
    assert "every figure is proven" in out and "3.0000, the 3 guesses played" in out


def test_the_share_grid_gives_the_replies():
    game = small_game(24)
    grid = "Wordle 1,234 3/6\n\n⬛🟨⬛⬛⬛\n🟩🟩⬛⬛🟨\n🟩🟩🟩🟩🟩\n"
    assert [game.reply_text(c) for c in grid_replies(grid, game)] == ["BYBBB", "GGBBY", "GGGGG"]
    # pasted with the statistics beside it: 'Played 22222' was read as a row of greens
    stats = "Played 22222 Win % 97 Current Streak 12\n" + grid
    assert [game.reply_text(c) for c in grid_replies(stats, game)] == ["BYBBB", "GGBBY", "GGGGG"]
    assert [game.reply_text(c) for c in grid_replies("01000 22001 22222", game)] == [
        "BYBBB", "GGBBY", "GGGGG"]  # rows typed as 2/1/0 still read
    with pytest.raises(BadInput, match="4 squares"):
        grid_replies("⬛🟨⬛⬛", game)
    with pytest.raises(BadInput, match="no row"):
        grid_replies("Wordle 1,234 3/6", game)
    with pytest.raises(BadInput, match="2 guesses but 3 rows"):
        steps_from(game, ["salet", "model"], grid_replies(grid, game), None)


def test_a_game_outside_the_answer_list_names_the_list_it_fits(original):
    extended = set(Game.from_lists("nyt-extended").answers.words) - set(original.answers.words)
    word = sorted(extended)[0]
    with pytest.raises(BadInput, match=r"not in the answer list answers-2315; it is in "
                                       r"nyt-answers-3158 \(--lists nyt-extended\)"):
        checked_steps(original, [("salet", int(reply("salet", word)))], word)
    # the list it fits first: a newer answer is no mistyped reply (it read 'check the reply' first)
    with pytest.raises(BadInput, match=r"^no answer of answers-2315 fits, but the game fits 1 answer "
                                       r"of nyt-answers-3158 \(--lists nyt-extended\); if that is "
                                       r"not the list played, check the reply GGGGG to "):
        checked_steps(original, [(word, original.won)], None)  # not '--lists big': no one plays it
    # --answer: the answer list is the one to name (its guess list sent a player to --lists nyt,
    # whose answers have no CREMA either)
    with pytest.raises(BadInput, match=r"'CREMA' is not in the answer list answers-2315; it is in "
                                       r"nyt-answers-3158 \(--lists nyt-extended\)$"):
        played_game(original, None, ["salet"], None, "crema")
    # a guess the newspaper allows and the original list does not: no typo, the list is named
    with pytest.raises(BadInput, match=r"'CREMA' is not in the guess list guesses-12972; it is in "
                                       r"nyt-guesses \(--lists nyt or --lists nyt-extended\)"):
        original.guess_id("crema")


def test_a_lost_game_has_no_luck_on_its_last_guess():
    game = small_game(24, max_guesses=3)
    steps = checked_steps(game, steps_from(game, ["fjord", "nymph", "waltz"], None, "model"),
                          "model")
    review = review_game(game, steps, "model", ReviewSearch(), budget=120)
    assert review.status == "lost" and review.turns[-1].after.none
    assert review.as_dict()["turns"][-1]["luck"] == [None, None]
    rows = [line.split() for line in review_lines(review, "normal", False) if line[:1] == "3"]
    assert rows[0][-1] == "-"  # the last turn's luck is not a number


def test_a_guess_bound_is_never_below_the_optimum_of_its_state():
    """With no search finished, a guess's figure is its split bound and a beam's tree; the state's
    optimum (here from the bundled table of the extended list: TARSE 11,219) is a lower bound for
    every guess too, so the guess's range starts there, and luck is computed from that range."""
    game = Game.from_lists("nyt-extended")
    steps = checked_steps(game, steps_from(game, ["salet", "apace"], None, "apace"), "apace")
    review = review_game(game, steps, "apace", ReviewSearch(slots=0), budget=0.0)
    turn = review.turns[0]
    assert turn.optimum.proven and turn.optimum.lower == 11219
    assert turn.played.lower >= turn.optimum.lower
    assert turn.expected_played[0] >= turn.expected_optimal[0]
    assert turn.luck[1] <= turn.expected_played[1] - 1  # luck's range from the guess's, not below it


def test_a_game_lost_to_a_family_says_what_none_means_and_names_no_best_guess():
    """CATCH, BATCH, ... WATCH against HATCH: from turn 5 no strategy is sure to finish, and at
    turn 6 no guess is 'best' (it named WATCH beside an optimum of 'none'); the summary says why
    there is no sum, and a legend says what 'none' and '-' mean."""
    game = Game.from_lists("original")
    words = ["catch", "batch", "latch", "match", "patch", "watch"]
    steps = checked_steps(game, steps_from(game, words, None, "hatch"), "hatch")
    review = review_game(game, steps, "hatch", ReviewSearch(), budget=120)
    assert review.status == "lost" and review.turns[-1].optimum.none and review.no_sum
    assert review.turns[-1].best == ()
    text = "\n".join(review_lines(review, "normal", False))
    assert "lost - to it" not in text and "no sum" in text
    assert "none: no strategy finds every remaining answer within the guesses left" in text


def test_a_won_game_through_a_state_with_no_tree_prints_no_check_sum():
    """Ultra-hard mode within 5: SALET is proven to have no tree (the bundled table says so), so
    the game SALET, COULD has no sum of losses and luck; it was won, and the check line said
    "= nan": now there is no check line, and no "nan" anywhere."""
    game = Game.from_lists("original").with_limits("ultra", 5)
    steps = checked_steps(game, steps_from(game, ["salet", "could"], None, "could"), "could")
    review = review_game(game, steps, "could", ReviewSearch(), budget=60)
    assert review.status == "won" and review.proven and review.turns[0].played.none
    text = "\n".join(review_lines(review, "ultra", False, 5))
    assert "no sum" in text and not re.search(r"\bnan\b", text) and "check:" not in text
    # the 'none' is within 5 guesses: the header says so (it named the mode alone)
    assert text.startswith("Review of COULD (answers-2315 / guesses-12972, ultra mode, within 5 "
                           "guesses): won in 2")
    # a Jotto game's header said 'normal mode': it names the game instead (Jotto has no modes)
    assert review_lines(review, "normal", False, 6, "jotto")[0].startswith(
        "Review of COULD (answers-2315 / guesses-12972, Jotto): ")


@pytest.mark.parametrize("optimum, shown", [(Bound(30, 40), "none"), (Bound(30, None), "-"),
                                            (Bound.exact(35), "none")])
def test_a_guess_after_which_no_tree_exists_costs_the_sure_win_not_at_least_0(optimum, shown):
    """A played guess marked none below a state whose optimum is a bound: its cost read
    '>= 0.0000' (inf - inf is nan, and max(0, nan) is 0). With a tree known before the guess, the
    guess lost the sure win ('none'); with none known, whether there was one to lose is unknown."""
    turn = Turn(number=1, guess="salet", reply="BBBBB", candidates=10, weight=10, optimum=optimum,
                best=(), played=Bound.exact(INF), after=Bound.exact(INF), after_candidates=3,
                after_weight=3, won=False)
    assert figure(turn.cost) == shown


def test_a_game_with_no_strategy_from_the_start_says_so_not_expected_none(capsys):
    """Within 1 guess no strategy finds every answer: the summary said "optimal play expected
    none guesses"."""
    assert main(["--max-depth", "1", "--words", "cigar", "--answer", "cigar"]) == 0
    out = capsys.readouterr().out
    assert "expected none" not in out and "no strategy was sure to find every answer" in out


def test_a_weighted_review_says_how_exact_its_weights_are(capsys):
    """A weighted review's figures are expectations under the quantized weights: it says by how
    much they can differ from the exact ones, as the search's report does, and its header says
    whose expectations its columns are (TRACE's 3.3440 is the quantized one)."""
    pytest.importorskip("wordfreq")
    assert main(["--weights", "freq", "--words", "trace,cigar", "--answer", "cigar",
                 "--budget", "30"]) == 0
    out = capsys.readouterr().out
    assert "expected 3.3440 guesses" in out
    assert "weighted answers: expectations under the quantized weights" in out.splitlines()[0]
    assert re.search(r"differs from its quantized one by at most 0\.00\d{3}", out)


def test_a_terminal_that_is_not_utf8_gets_output_not_a_traceback():
    """A Windows console (cp1252) has no share-grid squares: `--help` raised UnicodeEncodeError
    (a traceback, exit 1); what cannot be shown is now replaced."""
    env = {**os.environ, "PYTHONIOENCODING": "cp1252"}
    done = subprocess.run([sys.executable, "-m", "optimal.review", "--help"], env=env,
                          capture_output=True, timeout=120)
    assert done.returncode == 0 and b"Traceback" not in done.stderr
    assert b"--grid" in done.stdout


GRID = "\u2b1b\u2b1b\U0001f7e8\U0001f7e8\u2b1b\n\u2b1b\u2b1b\u2b1b\U0001f7e9\U0001f7e9\n" + \
    "\U0001f7e9" * 5  # SOARE, RADAR, CIGAR against CIGAR


def test_a_grid_as_letters_and_words_by_spaces_are_the_same_game(original):
    """A grid typed as letters (BBYYB) said "no row of coloured squares", and --words with spaces
    was read as one word."""
    assert played_words("SOARE radar, cigar") == ("soare", "radar", "cigar")
    assert grid_replies("BBYYB BBBGG GGGGG", original) == grid_replies(GRID, original)
    assert grid_replies("bbyyb,bbbgg,ggggg", original) == grid_replies(GRID, original)
    with pytest.raises(BadInput, match="row 1 of the grid has 4 squares"):  # not skipped
        grid_replies("BBYB BBBGG GGGGG", original)
    # a fraction before the Wordle line is no header
    assert len(grid_replies(f"played 2/3: Wordle 1,234 3/6\n{GRID}", original)) == 3
    # rows as 2/1/0 (the replies' digits everywhere else); a header's number is no row, even
    # when its digits read as one ('1,210': '210')
    assert grid_replies("00110 00022 22222", original) == grid_replies(GRID, original)
    assert len(grid_replies(f"Wordle 1,210 3/6\n{GRID}", original)) == 3
    assert len(grid_replies(f"{GRID}\nstreak 120, played 2022", original)) == 3  # no rows
    # every mark a reply takes ('x', 'w', '.', '-' for a miss), in a row of the game's length
    assert grid_replies("xxyyx ...GG GGGGG", original) == grid_replies(GRID, original)
    assert len(grid_replies(f"-----\n{GRID}\n-----", original)) == 3  # a rule, not a row


def test_a_header_must_agree_with_a_game_that_was_not_won_too(original):
    """A '3/6' header over rows whose last is not all green, or 'X/6' over fewer rows than the
    limit, was reviewed as the rows said; both are another game than the header's."""
    lost = "BBYYB BBBGG BBBGG BBBGG BBBGG BBBGG"
    assert len(grid_replies(f"Wordle 1,234 X/6 {lost}", original)) == 6
    with pytest.raises(BadInput, match=r"says 3/6 \(won\) but its last row is not all green"):
        grid_replies("Wordle 1,234 3/6 BBYYB BBBGG BBBGG", original)
    with pytest.raises(BadInput, match=r"says X/6 \(lost\) but it has 3 rows, not 6"):
        grid_replies("Wordle 1,234 X/6 BBYYB BBBGG BBBGG", original)


def test_an_empty_place_between_commas_is_refused():
    """'salet,,bloom' reviewed SALET, BLOOM: a game of two guesses, not the three played."""
    with pytest.raises(argparse.ArgumentTypeError, match="empty place between commas"):
        played_words("salet,,bloom")
    assert played_words("salet, bloom,") == ("salet", "bloom")


@pytest.mark.parametrize("header, message", [
    ("Wordle 1,234 4/6", "the grid's header says 4/6 but it has 3 rows"),
    ("Wordle 1,234 3/6*", r"marks a hard-mode game: review it in hard mode \(--hard\), or drop"),
    ("Wordle 1,234 X/6", r"says X/6 \(lost\) but its last row is all green"),
    ("Wordle 1,234 x/6", r"says X/6 \(lost\) but its last row is all green"),  # was a traceback
    ("Wordle 1,234 3/5", r"says 3/5: a game of 5 guesses; review it with --max-depth 5")])
def test_a_grid_whose_header_is_another_game_is_refused(original, header, message):
    """The header was skipped unread: a 4/6 game over 3 rows, or a hard-mode game ('*') reviewed
    as a normal one, gave a review of another game than the one played."""
    with pytest.raises(BadInput, match=message):
        grid_replies(f"{header}\n{GRID}", original)
    assert len(grid_replies(f"Wordle 1,234 3/6\n{GRID}", original)) == 3
    hard = original.with_limits("hard", 6)
    assert len(grid_replies(f"Wordle 1,234 3/6*\n{GRID}", hard)) == 3
    # and the other way: a header with no '*' is a normal-mode game, not one to review as hard
    with pytest.raises(BadInput, match=r"with no '\*': a normal-mode game; review it without"):
        grid_replies(f"Wordle 1,234 3/6\n{GRID}", hard)
    assert len(grid_replies(GRID, hard)) == 3  # (no header: nothing says which mode)


def test_the_tables_of_other_guess_limits_bound_the_first_guess(original, monkeypatch):
    """Without a table within 5 in normal mode the start was '2.9503..3.4212', though SALET's
    7,920 within 6 is a lower bound within 5 (fewer guesses never help) and a beam finds 7,920
    within 5. Within 7 the table within 6 bounds from above (more guesses never hurt). Each figure
    checked against the tables it comes from; the table within 5 (now bundled, derived from the
    front) is hidden here, so that the bounds and the beam are what is tested."""
    import optimal.play.review as review_module

    bundled = review_module.first_words
    monkeypatch.setattr(review_module, "first_words",
                        lambda game: None if game.max_guesses == 5 and game.mode == "normal"
                        else bundled(game))
    six = first_words(original)
    within5 = original.with_limits("normal", 5)
    optimum, played, words = other_limit_bounds(within5, "crane")
    assert optimum.lower == six.optimum and played.lower == six.values["crane"] and not words
    within7 = original.with_limits("normal", 7)
    optimum, played, words = other_limit_bounds(within7, "crane")
    assert optimum.upper == six.optimum and played.upper == six.values["crane"]
    assert optimum.lower == 0 and played.lower == 0 and words == tuple(six.words)
    hard4 = original.with_limits("hard", 4)  # no tree within 5 (the hard table within 5): none
    none_within_5 = next(w for w, v in first_words(original.with_limits("hard", 5)).values.items()
                         if v is None)
    assert other_limit_bounds(hard4, none_within_5)[1].none
    steps = checked_steps(within5, steps_from(within5, ["salet", "cigar"], None, "cigar"), "cigar")
    first = review_game(within5, steps, "cigar", ReviewSearch(), budget=20).turns[0]
    assert first.optimum.lower == six.optimum and first.optimum.proven  # the beam's 7,920 tree
    # within 7 the best tree known is the table's within 6: its word, not a bare '?' (a review
    # of CRANE, CIGAR showed '?' alone where SALET's tree gave the upper bound)
    steps = checked_steps(within7, steps_from(within7, ["crane", "cigar"], None, "cigar"), "cigar")
    first = review_game(within7, steps, "cigar", ReviewSearch(slots=0), budget=0.0).turns[0]
    assert first.optimum.upper == six.optimum and first.best[:1] == tuple(six.words[:1])
    assert best_cell(first).startswith(six.words[0].upper()) and best_cell(first).endswith("?")


def test_a_guess_that_tells_nothing_is_bounded_a_whole_guess_above_the_optimum(original):
    """FUZZY twice against CIGAR: the repeat splits nothing and cannot win, so it costs a whole
    guess. Past the budget its figure was the state's lower bound alone ('after guess >= 2.8957'
    beside 'optimal >= 2.8957'); now at least one guess per candidate more."""
    steps = checked_steps(original, steps_from(original, ["fuzzy", "fuzzy"], None, "cigar"),
                          "cigar")
    second = review_game(original, steps, "cigar", ReviewSearch(slots=0), budget=0.0).turns[1]
    assert second.candidates == 1352 and not second.optimum.proven
    assert second.played.lower >= second.optimum.lower + second.weight
    assert second.wasted and second.cost[0] >= 1.0  # and its cost is at least that guess


def test_a_repeated_guess_given_by_words_is_reviewed_not_dropped(capsys):
    """--words soare,soare,cigar: the repeat was played and cost a guess (it was dropped as a
    repeat, and the review said "won in 2")."""
    assert main(["--answer", "cigar", "--words", "soare,soare,cigar", "--budget", "30"]) == 0
    out = capsys.readouterr().out
    assert "won in 3" in out
    assert [line.split()[1] for line in out.splitlines() if line[:1].isdigit()] == \
        ["SOARE", "SOARE", "CIGAR"]


def test_a_played_guess_with_a_huge_part_gets_no_beam(original, monkeypatch):
    """played_bounds runs a beam below the guess only when its parts are small (a part of 1,334
    answers kept a review with a 5 s budget busy over 200 s): XYLYL's bound is its split bound
    alone, with no beam started; a guess of small parts still gets its beam's tree."""
    import optimal.play.review as review_module
    everything = original.all_candidates()
    monkeypatch.setattr(review_module, "solve_guess", lambda *a, **k: pytest.fail("beam started"))
    bound = review_module.played_bounds(original, everything, original.guess_id("xylyl"), 6, None)
    assert bound.upper is None and 7000 < bound.lower < INF
    monkeypatch.setattr(review_module, "BEAM_GAME_MAX", 2000)  # SALET's parts are small, the state not
    bound = review_module.played_bounds(original, everything, original.guess_id("salet"), 6, None)
    assert bound.upper is None and 6000 < bound.lower < 7920  # its split bound, below the optimum
    monkeypatch.undo()
    few = everything[:300]
    bound = review_module.played_bounds(original, few, original.guess_id("salet"), 6, None)
    assert bound.upper is not None and bound.lower <= bound.upper


def test_a_long_review_shows_a_sign_of_life():
    """A review of a weak game searched for a minute and printed nothing until the end: a
    player took it for hung. Out of a terminal a line comes every OPTIMAL_PROGRESS_EVERY s."""
    env = {**os.environ, "OPTIMAL_PROGRESS_EVERY": "0.2"}
    done = subprocess.run([sys.executable, "-m", "optimal.review", "--answer", "helix", "--words",
                           "fuzzy,jazzy,mummy,fluff", "--budget", "1"], env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "review: searching (budget 1 s, then bounds); exact searches finished: " in done.stderr
    assert "Traceback" not in done.stderr and "FLUFF" in done.stdout


def test_the_best_cell_marks_a_word_not_proven_best():
    """A turn whose optimum was only bounded showed '-' (the legend's 'no figure'), or the beam's
    word as if it were the proven best."""
    from types import SimpleNamespace
    cell = lambda optimum, best: best_cell(SimpleNamespace(optimum=optimum, best=best))  # noqa: E731
    assert cell(Bound.exact(7920), ("salet",)) == "SALET"
    assert cell(Bound(2000, 2100), ("reist",)) == "REIST?"
    assert cell(Bound(2000, None), ()) == "?"
    assert cell(Bound.exact(INF), ()) == "-"


def test_a_beams_word_beaten_by_the_players_tree_is_not_named_best(monkeypatch):
    """With only bounds, 'best' names the beam's first word, whose tree gives the optimum's upper
    bound; when the player's own tree does better (and so proves the optimum), that word was
    still listed as best without a '?', though its tree is worse."""
    import optimal.play.review as review_module
    game = small_game(24)
    real = review_module.optimum_bounds

    def worse_beam(*args):
        bound, _ = real(*args)
        return Bound(bound.lower, 10**6), "other"  # a beam tree far above the optimum

    monkeypatch.setattr(review_module, "optimum_bounds", worse_beam)
    steps = checked_steps(game, steps_from(game, ["salet", "model"], None, "model"), "model")
    review = review_game(game, steps, "model", ReviewSearch(slots=0), budget=0.0)
    for turn in review.turns:
        assert "other" not in turn.best
        assert turn.optimum.upper is not None and turn.optimum.upper < 10**6
    # the player's word is the best tree's first word: named, with '?' while not proven ('?'
    # alone, as for no tree at all, said nothing of which tree: `--max-depth 5` on SOARE)
    first = review.turns[0]
    assert not first.optimum.proven and first.best == ("salet",)


def test_a_grid_without_its_guesses_says_what_is_missing(capsys):
    """A share grid and the answer but no guesses: the generic 'give the game' line named the
    history first; the grid has the colours, so the guesses are what is missing (the page says
    where they go)."""
    grid = "Wordle 1,234 3/6\n⬛⬛🟨🟨⬛\n⬛⬛⬛🟩🟩\n🟩🟩🟩🟩🟩"
    assert main(["--grid", grid, "--answer", "cigar"]) == 2
    out, err = capsys.readouterr()
    assert not out and "colours only: give the guesses played with it (--words)" in err
    assert in_page_words(err).count("(in the guesses box)") == 1


def test_a_lost_game_names_the_one_word_left(capsys):
    """Lost with one word still fitting: the assistant said the answer, the review did not."""
    grid = "Wordle 1,000 X/6\n" + "🟨⬛🟨⬛⬛\n" + "⬛🟩🟩🟩🟩\n" * 5
    assert main(["--words", "crane,latch,match,patch,watch,batch", "--grid", grid,
                 "--budget", "5"]) == 0
    head = capsys.readouterr().out.splitlines()[0]
    assert head.endswith("lost; the answer was HATCH, the only word that still fitted"), head
