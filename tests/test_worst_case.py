"""The worst-case objective (can every answer be found within d guesses?) and its shortfall,
against brute force on small games; the Evil Wordle walk against Norvig's published game."""

from __future__ import annotations

import json
from functools import lru_cache

import numpy as np
import pytest

from greedy import greedy_tree
from lookahead.questions.worst_case import check_first_guesses
from lookahead.solvers.setting import SearchSetting
from lookahead.solvers.single import Solver
from lookahead.kernels.finish import fewest_failures
from optimal.adversaries import evil_game, evil_text
from optimal.game import Game, HardState
from optimal.search.command import main as search
from optimal.tree import check, read_tree
from optimal.words import WordList, load_words
from tests.conftest import small_game
from tests.helpers import plain_parts, useful_guesses


def brute_can_finish(game, candidates, d, hard=False, state=None):
    """Whether every candidate can be found within d guesses, by trying every guess sequence; in
    hard mode (`hard`, or a clue `state` to start from) only the guesses the clues allow."""
    won = game.won
    if state is None and hard:
        state = HardState.initial(game.length)

    @lru_cache(maxsize=None)
    def can(cands: frozenset, left: int, state) -> bool:
        if len(cands) <= 1:
            return left >= 1
        if left <= 1:
            return False
        for _, word, parts in useful_guesses(game, cands, state):
            if all(can(frozenset(p), left - 1, state.after(word, c) if state else None)
                   for c, p in parts.items() if c != won):
                return True
        return False

    return can(frozenset(int(c) for c in candidates), d, state)


def brute_fewest_failures(game, candidates, guesses_left=3):
    """The fewest answers not found within `guesses_left` guesses, by trying every guess sequence:
    every next guess and, for each of its parts, every guess after it, down to the last guess
    (where only the answer guessed is found). Memoized on the candidate set; no formula."""
    matrix, won = game.matrix, game.won

    @lru_cache(maxsize=None)
    def lost(cands: frozenset, left: int) -> int:
        if len(cands) <= 1:
            return 0  # guess it
        if left == 1:  # the last guess: every guess tried at once, the best finds the most
            return len(cands) - int((matrix[:, sorted(cands)] == won).sum(axis=1).max())
        best = len(cands)
        for g in range(len(game.guesses)):
            total = 0
            for code, part in plain_parts(game, g, sorted(cands)).items():
                if code != won:
                    total += lost(frozenset(part), left - 1)
                    if total >= best:
                        break
            best = min(best, total)
        return best

    return lost(frozenset(int(c) for c in candidates), guesses_left)


#: Families of answers that rhyme (many share four letters), so that three guesses cannot always
#: find them all: the fewest failures is often above zero.
RHYMES = [("ight", "ound", "atch", "aste"), ("ill", "ack", "ake", "ave", "ash"),
          ("ore", "ine", "ast", "ower", "ing")]


def rhyming_game(endings: tuple[str, ...], extra: bool) -> Game:
    """The original answers with these endings; as guesses, themselves (and a few other words)."""
    answers = tuple(w for w in load_words("answers-2315").words if w.endswith(endings))
    extra_words = ("salet", "crane", "fjord", "nymph", "gucks", "vibex", "waltz", "chomp")
    return Game(WordList("rhymes", answers, "test"),
                WordList("rhymes+", answers + (extra_words if extra else ()), "test"))


@pytest.mark.parametrize("seed", range(4))
def test_can_finish_matches_brute_force(seed):
    game = small_game(70, offset=12 * seed)
    solver = Solver(game, cache_mb=16, pair_mb=8)
    rng = np.random.default_rng(seed)
    for n in (5, 10, 20, 40, 70):
        S = np.sort(rng.choice(len(game.answers), n, replace=False))
        for d in (2, 3, 4):
            assert solver.can_finish(S, d) == brute_can_finish(game, S, d), (n, d)


def test_can_finish_hard_mode_matches_brute_force():
    game = small_game(50, mode="hard")
    solver = Solver(game, cache_mb=16, pair_mb=8)
    rng = np.random.default_rng(9)
    for n in (6, 12, 25, 50):
        S = np.sort(rng.choice(len(game.answers), n, replace=False))
        for d in (2, 3, 4):
            assert solver.can_finish(S, d, HardState.initial(5)) == brute_can_finish(game, S, d, True)


def test_finishing_tree_verifies_within_the_limit():
    game = small_game(90, max_guesses=4)
    solver = Solver(game, cache_mb=16, pair_mb=8)
    tree = solver.finishing_tree(game.all_candidates(), 4)
    if tree is not None:
        assert check(tree, game).max() <= 4
    assert (tree is not None) == brute_can_finish(game, game.all_candidates(), 4)


def test_tiny_pair_pool_gives_the_same_answers():
    game = small_game(90)
    big, tiny = Solver(game, cache_mb=16, pair_mb=8), Solver(game, cache_mb=16, pair_mb=0.001)
    rng = np.random.default_rng(4)
    for n in (20, 45, 90):
        S = np.sort(rng.choice(90, n, replace=False))
        assert big.can_finish(S, 3) == tiny.can_finish(S, 3)


@pytest.mark.parametrize("endings", RHYMES)
@pytest.mark.parametrize("extra", [False, True])
def test_fewest_failures_matches_brute_force(endings, extra):
    game = rhyming_game(endings, extra)
    solver = Solver(game, cache_mb=16, pair_mb=8)
    rng = np.random.default_rng(len(game.answers))
    found = []
    for n in (10, 20, len(game.answers)):
        S = np.sort(rng.choice(len(game.answers), n, replace=False)).astype(np.int32)
        solver.load_state(None)
        expected = brute_fewest_failures(game, S)
        assert fewest_failures(solver.ws, S, 0, 1 << 28) == expected, n
        if expected > 0:  # below the cutoff exact, at it a bound no lower than the cutoff
            assert fewest_failures(solver.ws, S, 0, expected + 1) == expected
            assert fewest_failures(solver.ws, S, 0, expected) >= expected
        found.append(expected)
    assert found[-1] > 0  # the whole family cannot be found within three guesses


def test_evil_walk_reproduces_norvig():
    game = Game.from_lists("norvig", max_guesses=64)
    tree = greedy_tree(game, "max", "targets+inconsistent")
    steps = evil_game(tree, game)
    assert evil_text(steps, game) == ("ARISE BBBBB -> BLOND BBBBB -> DUMPY BYYYB -> CHUMP BGGGG -> "
                                      "THUMP GGGGG (5 guesses)")


def test_evil_walk_takes_the_largest_branch_every_time():
    game = small_game(80)
    tree = greedy_tree(game, "neg_entropy", "all")
    steps = evil_game(tree, game)
    assert steps[-1][1] == game.won
    history = []
    for guess, code in steps[:-1]:
        remaining = game.candidates(history)
        sizes = np.bincount(game.replies_to(guess, remaining), minlength=243)
        sizes[game.won] = 0
        assert sizes[code] == sizes.max()
        history.append((guess, code))


def brute_feasible_first_words(game: Game) -> set[str]:
    """The first guesses after which every part can be finished within the guesses left, by
    brute force (brute_can_finish on each part, from its clue state in hard mode)."""
    start = HardState.initial(game.length) if game.hard else None
    out = set()
    for g, word in enumerate(game.guesses.words):
        parts = plain_parts(game, g, game.all_candidates())
        if all(brute_can_finish(game, p, game.max_guesses - 1,
                                state=None if start is None else start.after(word, c))
               for c, p in parts.items() if c != game.won):
            out.add(word)
    return out


@pytest.mark.parametrize("rhymes, code", [(False, 0), (True, 1)])
def test_worst_objective_cli_all_words_resumes(tmp_path, capsys, rhymes, code):
    """Within 3 guesses: 60 varied answers (some first words do it) and 30 rhyming ones (none
    does): the feasible words and the exit code are those of brute force, also on resuming."""
    game = rhyming_game(RHYMES[0], extra=False) if rhymes else small_game(60)
    depth = 3
    answers, guesses = tmp_path / "answers.txt", tmp_path / "guesses.txt"
    answers.write_text("\n".join(game.answers.words) + "\n")
    guesses.write_text("\n".join(game.guesses.words) + "\n")
    args = ["--objective", "worst", "--max-depth", str(depth), "--answers", str(answers),
            "--guesses", str(guesses), "--out", str(tmp_path / "res"), "--quiet", "--jobs", "1",
            "--all"]
    limited = game.with_limits(max_guesses=depth)
    feasible = brute_feasible_first_words(limited)
    assert bool(feasible) == (code == 0)
    assert search(args) == code
    out_dir = tmp_path / "res" / f"answers-guesses-normal-d{depth}-worst"
    checkpoint = json.loads((out_dir / "checkpoint-worst-all.json").read_text())
    summary = json.loads((out_dir / "summary.json").read_text())
    assert len(checkpoint["results"]) == len(summary["results"]) == len(game.guesses)
    assert set(summary["feasible"]) == feasible
    assert {r["word"] for r in summary["results"] if r["feasible"]} == feasible
    if code:
        assert capsys.readouterr().err.strip().startswith("python -m optimal.search: error: no tree exists")
    else:  # the tree written for the first feasible word finds every answer in time
        tree = read_tree(out_dir / f"{summary['feasible'][0]}.json").tree
        assert check(tree, limited).max() <= depth
    for result in summary["results"][:12]:  # the failing branch named cannot be finished
        if not result["feasible"]:
            branch = result["failing"][0]
            parts = plain_parts(limited, limited.guess_id(result["word"]), game.all_candidates())
            part = parts[limited.parse_reply(branch["reply"])]
            assert len(part) == branch["answers"] and not brute_can_finish(limited, part, depth - 1)
    again = search(args)  # resumes from the checkpoint: the same answer
    assert again == code
    assert json.loads((out_dir / "summary.json").read_text())["feasible"] == summary["feasible"]


def test_shortfall_cli_matches_brute_force(tmp_path, capsys):
    """--shortfall: with 4 guesses, every branch of each first word that cannot be finished is
    listed with the fewest answers it must lose (three guesses left there), as brute force finds."""
    game = rhyming_game(RHYMES[0], extra=False).with_limits(max_guesses=4)
    answers = tmp_path / "rhymes.txt"
    answers.write_text("\n".join(game.answers.words) + "\n")
    assert search(["--objective", "worst", "--max-depth", "4", "--answers", str(answers), "--out",
                   str(tmp_path), "--quiet", "--jobs", "1", "--first", "waste,night",
                   "--shortfall", "2"]) == 1
    summary = json.loads((tmp_path / "rhymes-rhymes-normal-d4-worst" / "summary.json").read_text())
    assert [r["word"] for r in summary["results"]] == ["waste", "night"]
    rows = {cells[1]: cells for cells in ([c.strip() for c in line.strip("|").split("|")]
                                          for line in capsys.readouterr().out.splitlines()
                                          if line.startswith("| ") and " | no | " in line)}
    for result in summary["results"]:
        parts = plain_parts(game, game.guess_id(result["word"]), game.all_candidates())
        failing = {game.reply_text(c): p for c, p in parts.items()
                   if c != game.won and not brute_can_finish(game, p, 3)}
        assert {b["reply"] for b in result["failing"]} == set(failing) and result["complete"]
        for branch in result["failing"]:
            part = failing[branch["reply"]]
            assert branch["answers"] == len(part)
            assert branch["lost"] == brute_fewest_failures(game, part) > 0
        row = rows[result["word"].upper()]
        assert row[3].startswith(f"{len(failing)}: ")
        assert row[4] == str(sum(brute_fewest_failures(game, p) for p in failing.values()))


def test_one_word_shows_its_branches(tmp_path, capsys, monkeypatch):
    """One first word is checked in this process with a bar over its branches (out of a terminal,
    plain lines): a single word of a large game can take an hour, and once printed nothing until
    it was done. The verdict is brute force's, with or without the bar."""
    monkeypatch.setenv("OPTIMAL_PROGRESS_EVERY", "0")
    game = small_game(60).with_limits(max_guesses=3)
    answers, guesses = tmp_path / "answers.txt", tmp_path / "guesses.txt"
    answers.write_text("\n".join(game.answers.words) + "\n")
    guesses.write_text("\n".join(game.guesses.words) + "\n")
    feasible = brute_feasible_first_words(game)
    word = sorted(feasible)[0] if feasible else game.guesses.words[0]
    code = search(["--objective", "worst", "--max-depth", "3", "--answers", str(answers),
                   "--guesses", str(guesses), "--first", word, "--jobs", "1", "--no-write"])
    assert code == (0 if word in feasible else 1)
    parts = [c for c in plain_parts(game, game.guess_id(word), game.all_candidates())
             if c != game.won]
    lines = [line for line in capsys.readouterr().err.splitlines()
             if line.startswith(f"{word.upper()} branches")]
    assert lines and f"/{len(parts)}" in lines[-1]


@pytest.mark.parametrize("endings", [RHYMES[1], RHYMES[2]])
def test_hard_mode_first_words_stop_at_their_smallest_failing_branch(endings):
    """In hard mode a first guess's branches are checked smallest first (the small families whose
    greens bind every later guess decide it fast): every verdict is brute force's, the branch
    named is the smallest that cannot be finished, and listing every branch gives the same
    verdicts. Within 5 these games have first words of both kinds."""
    game = rhyming_game(endings, extra=True).with_limits("hard", 5)
    every = list(range(len(game.guesses)))
    first = check_first_guesses(game, every, SearchSetting(cache_mb=64), every_branch=False)
    listed = {r.word: r.feasible for r in
              check_first_guesses(game, every, SearchSetting(cache_mb=64), every_branch=True)}
    start = HardState.initial(game.length)
    kinds = set()
    for result in first:
        g = game.guess_id(result.word)
        parts = plain_parts(game, g, game.all_candidates())
        failing = sorted(len(p) for c, p in parts.items() if c != game.won and not
                         brute_can_finish(game, p, 4, state=start.after(result.word, c)))
        assert result.feasible == (not failing) == listed[result.word], result.word
        if failing:
            assert [b.answers for b in result.failing] == failing[:1], result.word
        kinds.add(result.feasible)
    assert kinds == {True, False}
