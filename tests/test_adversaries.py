"""Absurdle (fewest guesses to force a win, challenge mode), Antiwordle and the comparison report,
against brute force on small games and against the published figures where there are some."""

from __future__ import annotations

import itertools
import subprocess
import sys
from functools import lru_cache

import numpy as np
import pytest

from greedy import greedy_tree
from greedy.__main__ import main as greedy_main
from lookahead import AbsurdleSearch, AntiSearch
from lookahead.solvers.adversaries import reply_ranks
from optimal.absurdle import main as absurdle_main
from optimal.adversaries import absurdle_reply, absurdle_replay as replay, evil_game
from optimal.adversaries import check_antiwordle as check_consistent
from optimal.antiwordle import main as antiwordle_main, measure
from optimal.compare import main as compare_main
from optimal.game import Game
from optimal.tree import check
from optimal.words import WordList, load_lists
from tests.conftest import small_game
from tests.helpers import plain_parts
from tests.test_search_engine import brute_force


def brute_absurdle(game, k, target=None):
    """Fewest-guesses question by plain enumeration of guess sequences, with the rule stated in
    numpy (absurdle_reply). True when some k-1 guesses leave one answer (the target, if given)."""
    def left_after(seq):
        cands = game.all_candidates()
        for word in seq:
            _, cands = absurdle_reply(game, cands, word)
        return cands

    words = game.guesses.words
    for seq in itertools.product(words, repeat=k - 1):
        cands = left_after(seq)
        if len(cands) == 1 and (target is None or game.answers.words[cands[0]] == target):
            return True
    return False


def test_absurdle_win_lengths_match_brute_force():
    game = small_game(25, offset=5)
    search = AbsurdleSearch(game, pair_mb=4)
    for k in (2, 3):
        plan = search.win(k)
        assert (plan is not None) == brute_absurdle(game, k)
        if plan is not None:
            steps = replay(game, plan)
            assert steps[-1][1] == game.won and steps[-2][2] == 1 and len(plan) <= k


def test_absurdle_challenge_mode_matches_brute_force():
    game = small_game(20, offset=30)
    search = AbsurdleSearch(game, pair_mb=4)
    for target in game.answers.words[:6]:
        for k in (2, 3):
            plan = search.win(k, target)
            assert (plan is not None) == brute_absurdle(game, k, target), (target, k)
            if plan:
                assert plan[-1] == target and replay(game, plan)[-1][1] == game.won


def test_absurdle_on_the_original_lists(original):
    search = AbsurdleSearch(original)
    assert search.win(3) is None  # proven: no first guess leaves a set one guess can split
    plan = search.win(4)
    assert plan is not None and len(plan) == 4
    steps = replay(original, plan)
    assert [n for _, _, n in steps][-2] == 1 and steps[-1][1] == original.won


def tie_game(*answers: str) -> Game:
    """A game on made-up words whose replies to ABCDE are chosen to tie (guesses: ABCDE too)."""
    return Game(WordList("tie", tuple(answers), "test"),
                WordList("tie+abcde", tuple(answers) + ("abcde",), "test"))


# (kept, other): two buckets of one answer each, replies to ABCDE shown; each pair is decided by
# one step of the tie rule, against what the later steps (and the reply code's size) would say
TIE_CASES = [
    # fewer greens first: YBBYY (0 greens, 3 yellows, code 109) beats BGBBB (1 green, code 6)
    (("deafg", "YBBYY"), ("fbghi", "BGBBB")),
    # same greens, fewer yellows: YBBBG (1 yellow, code 163) beats BYYGB (2 yellows, code 66)
    (("fagie", "YBBBG"), ("cfbdg", "BYYGB")),
    # same counts, text order left to right with B < Y: BYBBB (code 3) beats YBBBB (code 1)
    (("bfghi", "BYBBB"), ("fghia", "YBBBB")),
    # same counts, text order with Y < G: YGBBB (code 7) beats GYBBB (code 5)
    (("fbagh", "YGBBB"), ("afbgh", "GYBBB")),
]


@pytest.mark.parametrize("kept, other", TIE_CASES)
def test_absurdle_tie_rule_prefers_fewer_greens_then_fewer_yellows_then_text_order(kept, other):
    (kept_word, kept_text), (other_word, other_text) = kept, other
    game = tie_game(*sorted([kept_word, other_word]))
    assert game.reply_text(game.reply("abcde", kept_word)) == kept_text  # the case is what it says
    assert game.reply_text(game.reply("abcde", other_word)) == other_text
    code, left = absurdle_reply(game, game.all_candidates(), "abcde")
    assert game.reply_text(code) == kept_text
    assert [game.answers.words[i] for i in left] == [kept_word]
    # the kernels' order (lookahead) ranks the two replies alike
    ranks = reply_ranks(5)
    assert ranks[game.parse_reply(kept_text)] < ranks[game.parse_reply(other_text)]


def test_absurdle_keeps_the_larger_bucket_whatever_its_colours():
    """Ties only decide between equally large buckets: two answers replying BGBBB (a green) beat
    one replying BBBBB."""
    game = tie_game("fbghi", "fbxyz", "fghij")
    code, left = absurdle_reply(game, game.all_candidates(), "abcde")
    assert game.reply_text(code) == "BGBBB"
    assert [game.answers.words[i] for i in left] == ["fbghi", "fbxyz"]


def brute_antiwordle(game, cands, longest=False):
    """Most total guesses (or, with `longest`, the longest game) with consistent guesses only, by
    exhaustive recursion over every candidate guess (memoized on the candidate set)."""
    won = game.won

    @lru_cache(maxsize=None)
    def best(cands: tuple[int, ...]) -> int:
        if len(cands) == 1:
            return 1
        result = 0
        for c in cands:
            guess = game.answers.words[c]
            replies = game.replies_to(guess, np.array(cands))
            value = 1 if longest else len(cands)
            for code in set(int(r) for r in replies):
                if code != won:
                    v = best(tuple(x for x, r in zip(cands, replies) if r == code))
                    value = max(value, 1 + v) if longest else value + v
            result = max(result, value)
        return result

    return best(tuple(int(c) for c in cands))


def test_antiwordle_exact_matches_brute_force():
    game = small_game(12, offset=40)
    search = AntiSearch(game, beam=0, objective=0)
    value, _ = search.value(game.all_candidates())
    assert value == brute_antiwordle(game, game.all_candidates())
    tree = search.tree()
    check_consistent(tree, game)
    assert measure(tree, game).sum() == value
    longest = AntiSearch(game, beam=0, objective=1)
    value, _ = longest.value(game.all_candidates())
    assert value == brute_antiwordle(game, game.all_candidates(), longest=True)
    assert measure(longest.tree(), game).max() == value


def test_antiwordle_beams_never_exceed_exact_and_greedy_matches_norvig():
    game = small_game(14, offset=60)
    exact = AntiSearch(game, 0, 0).value(game.all_candidates())[0]
    for beam in (1, 2, 3):
        assert AntiSearch(game, beam, 0).value(game.all_candidates())[0] <= exact
    norvig = Game.from_lists("norvig", max_guesses=64)
    counts = measure(greedy_tree(norvig, "entropy", "targets"), norvig)
    assert (round(counts.mean(), 2), counts.max()) == (5.75, 11)


@pytest.fixture
def answers30(tmp_path):
    """30 answers in a file, and the game the commands make of it (its own words as guesses)."""
    path = tmp_path / "a.txt"
    path.write_text("\n".join(small_game(30).answers.words) + "\n")
    return str(path), Game(*load_lists(answers=str(path)))


def table_rows(text: str) -> dict[str, list[str]]:
    """The cells of a printed markdown table's body rows, by their first cell."""
    rows = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| ") and not set(cells[1]) <= set("-:"):
            rows[cells[0]] = cells[1:]
    return rows


def test_antiwordle_offers_no_guess_limit_and_prints_a_repeated_width_once(answers30, capsys):
    """`--max-depth 1` was accepted and ignored (games of 5 guesses reported: more guesses is
    Antiwordle's aim, it has no limit); `--beams 1,1` printed each beam row twice."""
    path, _ = answers30
    with pytest.raises(SystemExit) as stop:  # argparse's own one-line refusal
        antiwordle_main(["--answers", path, "--max-depth", "1"])
    assert stop.value.code == 2 and "unrecognized arguments: --max-depth 1" in capsys.readouterr().err
    assert antiwordle_main(["--answers", path, "--beams", "1,1"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| engine")]
    assert len(rows) == len(set(rows)) == 2


def test_antiwordle_cli_prints_the_exact_optima(answers30, capsys):
    path, game = answers30
    assert antiwordle_main(["--answers", path, "--beams", "0,1"]) == 0
    rows = table_rows(capsys.readouterr().out)
    n = len(game.answers)
    expected_total = brute_antiwordle(game, game.all_candidates())
    expected_longest = brute_antiwordle(game, game.all_candidates(), longest=True)
    word, mean, longest, total, _ = rows["engine, most guesses in all, exact"]
    assert (int(total), mean) == (expected_total, f"{expected_total / n:.4f}")
    assert int(longest) <= expected_longest
    word, mean, longest, total, _ = rows["engine, longest game, exact"]
    assert int(longest) == expected_longest and int(total) <= expected_total
    for label in ("most guesses in all", "longest game"):  # a beam's tree is a real tree: no better
        _, _, longest, total, _ = rows[f"engine, {label}, beam 1"]
        assert int(total) <= expected_total and int(longest) <= expected_longest
    greedy = greedy_tree(game.with_limits(max_guesses=64), "entropy", "targets")
    counts = measure(greedy, game.with_limits(max_guesses=64))
    assert rows["greedy: least entropy (Norvig)"][:4] == [
        greedy.guess.upper(), f"{counts.mean():.4f}", str(counts.max()), str(counts.sum())]


def absurdle_steps(line: str) -> list[tuple[str, str, int]]:
    """'REACT BBBBB (3 left) -> ...' as (word, reply, left) triples."""
    steps = []
    for step in line.strip().split(" -> "):
        word, reply, left = step.split(" ", 2)
        steps.append((word.lower(), reply, int(left.strip("()").split()[0])))
    return steps


@pytest.mark.slow  # the golden test runs the Absurdle command on a small list
def test_absurdle_cli_finds_the_shortest_win(answers30, capsys):
    path, game = answers30
    shortest = next(k for k in range(2, 5) if brute_absurdle(game, k))
    assert absurdle_main(["--answers", path, "--most", "4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    for k in range(2, shortest):
        assert lines.pop(0).startswith(f"no win within {k} guesses (every allowed guess): proven")
    assert lines[0].startswith(f"a win in {shortest} guesses (every allowed guess)")
    steps = absurdle_steps(lines[1])
    assert len(steps) == shortest
    words = [w for w, _, _ in steps]
    assert [(w, game.reply_text(c), n) for w, c, n in replay(game, words)] == steps
    assert steps[-1][1:] == ("GGGGG", 1) and steps[-2][2] == 1


@pytest.mark.parametrize("flag", ["--most", "--max-depth"])  # the searches' spelling works too
def test_absurdle_cli_with_too_few_guesses_exits_1(answers30, capsys, flag):
    path, game = answers30
    assert not brute_absurdle(game, 2)
    assert absurdle_main(["--answers", path, flag, "2"]) == 1
    captured = capsys.readouterr()
    assert captured.out.startswith("no win within 2 guesses (every allowed guess): proven")
    assert captured.err.strip().splitlines() == [
        "python -m optimal.absurdle: error: no win within 2 guesses (raise --most)"]


def test_absurdle_play_replays_every_guess_as_played(answers30, capsys):
    """`--play aback,aback,anger` showed ABACK once (the list dropped repeats, a different game
    from the one typed), and guesses after a win were dropped without a word."""
    path, game = answers30
    first, second = game.guesses.words[:2]
    assert absurdle_main(["--answers", path, "--play", f"{first},{first},{second}"]) == 0
    shown = capsys.readouterr().out
    assert shown.count(first.upper()) == 2 and absurdle_steps(shown)[2][0] == second
    # the game's own win, then one more guess: refused, nothing printed
    candidates, plan, code = game.all_candidates(), [], -1
    while code != game.won:  # guess an answer still possible until Absurdle must give in
        plan.append(game.answers.words[candidates[0]])
        code, candidates = absurdle_reply(game, candidates, plan[-1])
    assert absurdle_main(["--answers", path, "--play", ",".join(plan)]) == 0
    assert absurdle_steps(capsys.readouterr().out)[-1][1] == "GGGGG"
    assert absurdle_main(["--answers", path, "--play", ",".join(plan + [first])]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "already wins against Absurdle: no guess can follow it" in err


@pytest.mark.parametrize("extra, saying", [
    (["--play", "{w}", "--target", "{w}"], "--play shows Absurdle's replies to the guesses given: "
                                           "leave out --target"),
    (["--play", "{w}", "--count", "2"], "leave out --count"),
    (["--play", "{w}", "--most", "3"], "leave out --most"),
    (["--play", "{w}", "--pool", "answers"], "leave out --pool"),
    (["--count", "2", "--target", "{w}"], "whatever the answer: leave out --target"),
    (["--count", "2", "--most", "2"], "whatever the answer: leave out --most"),
])
def test_absurdle_refuses_options_its_question_ignores(answers30, capsys, extra, saying):
    """`--count 3 --target mercy` listed the untargeted first guesses; `--play` printed only the
    play whatever else was asked."""
    path, game = answers30
    argv = ["--answers", path] + [a.replace("{w}", game.answers.words[0]) for a in extra]
    assert absurdle_main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and saying in err, err


def test_compare_cli_table_values(answers30, tmp_path, capsys):
    path, game = answers30
    first = game.answers.words[0]
    assert compare_main(["--answers", path, "--beams", "1", "--first", first, "--out",
                         str(tmp_path), "--jobs", "1"]) == 0
    printed = capsys.readouterr().out
    rows = table_rows(printed)
    relaxed = game.with_limits(max_guesses=64)

    for metric in ("max", "expectation", "neg_entropy"):
        for pool in ("targets", "targets+inconsistent", "all"):
            tree = greedy_tree(game, metric, pool)
            counts = check(tree, relaxed)
            row = rows[f"greedy {metric}, {pool}"]
            assert row[:4] == [tree.guess.upper(), str(counts.sum()), f"{counts.mean():.4f}",
                               str(counts.max())]
            assert row[6:8] == [str(len(evil_game(tree, game))), f"{int((counts <= 6).sum())}/30"]
    g = game.guess_id(first)
    optimum = len(game.answers) + sum(brute_force(game, part, 5)
                                      for code, part in plain_parts(game, g, game.all_candidates()).items()
                                      if code != game.won)
    optimal_row = rows[f"optimal for {first.upper()} (proven)"]
    assert optimal_row[:2] == [first.upper(), str(optimum)]
    beam_row = rows[f"beam 1, first {first.upper()}"]
    assert beam_row[0] == first.upper() and int(beam_row[1]) >= optimum
    report = (tmp_path / "a-a-normal-d6" / "COMPARE.md").read_text()
    table = [line for line in printed.splitlines() if line.startswith("|")]
    assert len(table) == 2 + 11
    assert "\n".join(table) in report
    # within 1 guess no tree exists (proven): the note says so, not that the beam was too narrow
    assert compare_main(["--answers", path, "--beams", "1", "--first", first, "--out",
                         str(tmp_path), "--jobs", "1", "--max-depth", "1"]) == 0
    note = (tmp_path / "a-a-normal-d1" / "COMPARE.md").read_text()
    assert f"no tree within 1 guess exists for {first.upper()} (proven), so no beam" in note
    assert "too few guesses per node" not in note


MAINS = {"optimal.absurdle": absurdle_main, "optimal.antiwordle": antiwordle_main,
         "optimal.compare": compare_main, "greedy": greedy_main}


@pytest.mark.parametrize("module, args, message, as_script", [
    ("optimal.absurdle", ["--target", "zzzzz"], "'ZZZZZ' is not in the answer list", True),
    pytest.param("optimal.antiwordle", ["--beams", "x"], "--beams", True,
                 marks=pytest.mark.slow),  # the quick suite keeps two of the four scripts
    ("optimal.absurdle", ["--count", "-3"], "must be at least 1", False),
    ("optimal.compare", ["--beams", "0"], "--beams", True),
    pytest.param("greedy", ["--baseline", "random", "--seed", "-1"], "must be at least 0", True,
                 marks=pytest.mark.slow),
    ("greedy", ["--game", "jotto", "--out", "/tmp/jotto.txt"], "jotto", False),
    ("optimal.compare", ["--first", "zzzzz"], "not in the guess list", False),
])
def test_bad_input(capsys, module, args, message, as_script):
    """One line on stderr and exit 2; once per command as a script (python -m), else in-process."""
    if as_script:
        run = subprocess.run([sys.executable, "-m", module, *args], capture_output=True, text=True)
        code, err = run.returncode, run.stderr
    else:
        try:
            code = MAINS[module](args)
        except SystemExit as stop:
            code = stop.code
        err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and message in err, err


def test_absurdle_tie_order_is_the_same_in_replay_and_search():
    """The plain replay's tie order (optimal.absurdle.tie_rank) and the kernels' (reply_ranks)
    rank every reply code alike, so a replayed game is the game the search proved."""
    from lookahead.solvers.adversaries import reply_ranks
    from optimal.adversaries import tie_rank

    for length in (2, 3, 5):
        codes = range(3**length)
        by_replay = sorted(codes, key=lambda c: tie_rank(c, length))
        by_search = sorted(codes, key=lambda c: reply_ranks(length)[c])
        assert by_replay == by_search


def test_absurdle_within_one_guess(tmp_path, capsys):
    """`--most 1` failed with an UnboundLocalError (the loop of limits began at 2, and its message
    named a variable set inside it); a 1-answer list has a win in 1 guess."""
    one = tmp_path / "one.txt"
    one.write_text("cigar\n")
    assert absurdle_main(["--answers", str(one), "--most", "1"]) == 0
    assert "a win in 1 guess (every allowed guess)" in capsys.readouterr().out
    two = tmp_path / "two.txt"
    two.write_text("cigar\nrebut\n")
    assert absurdle_main(["--answers", str(two), "--most", "1", "--target", "rebut"]) == 1
    out, err = capsys.readouterr()
    assert out.startswith("no win on REBUT within 1 guess") and "(raise --most)" in err
