"""Every command on four-, six- and seven-letter Wordle (the bundled len4/len6/len7 lists, cut down
to a few dozen words so each runs in a moment), with the values checked against plain brute force;
and the engine itself on eight letters, the longest words the lists accept.

In-process `main(argv)` calls: one interpreter, the numba kernels compiled once.
"""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

from greedy.__main__ import main as greedy_main
from lookahead import INF
from lookahead.kernels.legality import pack_state
from lookahead.kernels.memo import STATE_WORDS
from lookahead.solvers.single import Solver
from optimal.absurdle import main as absurdle_main
from optimal.antiwordle import main as antiwordle_main
from optimal.assist.command import main as assist_main
from optimal.compare import main as compare_main
from optimal.game import Game, HardState
from optimal.pangrams.command import main as pangrams_main
from optimal.search.command import main as search_main
from optimal.tree import read_tree
from optimal.verify import main as verify_main
from optimal.words import LIST_PAIRS, WordList, load_lists
from tests.test_adversaries import brute_absurdle, brute_antiwordle
from tests.test_search_engine import brute_force
from tests.test_worst_case import brute_can_finish

LENGTHS = (4, 6, 7)


def spread(words: tuple[str, ...], n: int, skip: set[str] = frozenset()) -> list[str]:
    """n words taken evenly through a list (so the subset mixes its letters), leaving out `skip`."""
    pool = [w for w in words if w not in skip]
    return [pool[i * len(pool) // n] for i in range(n)]


@pytest.fixture(scope="module", params=LENGTHS, ids=lambda n: f"len{n}")
def small(request, tmp_path_factory):
    """(argv of the lists, Game) for 18 answers and 48 guesses of one bundled length."""
    length = request.param
    answers, guesses = load_lists(f"len{length}")
    chosen = spread(answers.words, 18)
    allowed = sorted(chosen + spread(guesses.words, 30, set(chosen)))
    folder = tmp_path_factory.mktemp(f"len{length}")
    (folder / "a.txt").write_text("\n".join(chosen) + "\n")
    (folder / "g.txt").write_text("\n".join(allowed) + "\n")
    argv = ["--answers", str(folder / "a.txt"), "--guesses", str(folder / "g.txt")]
    game = Game(WordList("a", tuple(chosen), "test"), WordList("g", tuple(allowed), "test"))
    return argv, game, folder


def engine_value(brute: float) -> int:
    """A brute-force value as the engine states it (INF for "no tree")."""
    return INF if brute == float("inf") else int(brute)


def with_first(game: Game, word: str, hard: bool = False) -> int:
    """Least total when `word` is played first, by brute force on its parts."""
    cands = game.all_candidates()
    total = len(cands)
    state = HardState.initial(game.length) if hard else None
    replies = game.replies_to(word, cands)
    for code in set(int(r) for r in replies):
        if code != game.won:
            part = cands[replies == code]
            total += brute_force(game, part, game.max_guesses - 1,
                                 state.after(word, code) if hard else None)
    return total


def mid_game(game: Game) -> tuple[str, str, np.ndarray]:
    """A guess and an answer after which several candidates are left, and those candidates (the
    first such guess in list order, the answer whose part is largest)."""
    for word in game.guesses.words:
        replies = game.replies_to(word, game.all_candidates())
        codes, sizes = np.unique(replies, return_counts=True)
        if sizes.max() > 2:
            code = int(codes[sizes.argmax()])
            left = game.all_candidates()[replies == code]
            return word, game.answers.words[left[0]], left
    raise AssertionError("every guess splits the answers into pairs")


def verified_total(capsys, tree_path, argv, *extra) -> int:
    """Replay a tree file with python -m optimal.verify (which must accept it); its total."""
    capsys.readouterr()
    assert verify_main([str(tree_path), *argv, *extra]) == 0
    return int(re.search(r"VALID: first guess \w+, total (\d+)", capsys.readouterr().out)[1])


# ---------------------------------------------------------------- the lists and the engine


@pytest.mark.parametrize("length", LENGTHS)
def test_length_lists_are_named_pairs(length):
    answers, guesses = load_lists(f"len{length}")
    assert LIST_PAIRS[f"len{length}"] == (answers.name, guesses.name.removesuffix("+answers"))
    assert answers.length == guesses.length == length


@pytest.mark.parametrize("sizes", [(4, 9), pytest.param((14, 18), marks=pytest.mark.slow)])
def test_engine_matches_brute_force_normal_and_hard(small, sizes):
    _, game, _ = small
    rng = np.random.default_rng(game.length)  # the same four sets whichever are tested
    drawn = {n: np.sort(rng.choice(len(game.answers), n, replace=False)).astype(np.int32)
             for n in (4, 9, 14, 18)}
    hard = Game(game.answers, game.guesses, "hard")
    normal_solver, hard_solver = Solver(game, cache_mb=16), Solver(hard, cache_mb=16)
    for n in sizes:
        S = drawn[n]
        for left in (3, 4, 6):
            assert normal_solver.solve(S, left) == engine_value(brute_force(game, S, left))
            start = HardState.initial(game.length)
            assert hard_solver.solve(S, left, start) == engine_value(brute_force(hard, S, left, start))


EIGHT = """absolute accurate bacteria birthday calendar campaign category champion chemical
children circular climbing clothing complete computer concrete confused creative criminal
daughter darkness decision delivery designer diagnose dinosaur director disaster discover
dominant dramatic duration economic educated election elephant emphasis employee engineer
entrance envelope equation estimate evidence exchange exercise facility familiar favorite
festival fighting football fraction frequent friendly function generous governor graduate
hardware heritage hospital identity incident industry innocent instance interior juvenile
keyboard kindness language learning lifetime magazine marriage material medicine midnight""".split()


def test_engine_on_eight_letters_matches_brute_force():
    answers = tuple(sorted(EIGHT[::4]))
    guesses = tuple(sorted(EIGHT))
    for mode in ("normal", "hard"):
        game = Game(WordList("a8", answers, "test"), WordList("g8", guesses, "test"), mode)
        assert game.n_codes == 3**8 and game.matrix.dtype == np.uint16 and game.won == 3**8 - 1
        solver = Solver(game, cache_mb=16)
        state = HardState.initial(8) if mode == "hard" else None
        for left in (2, 3, 6):
            expected = engine_value(brute_force(game, game.all_candidates(), left, state))
            assert solver.solve(game.all_candidates(), left, state) == expected, (mode, left)


def unpack_state(words: np.ndarray, length: int) -> tuple[list[int], list[int]]:
    """The inverse of lookahead.kernels.legality.pack_state: greens (letter or -1) and minimum counts."""
    greens = [int((words[i // 4] >> (8 * (i % 4))) & 0xFF) - 1 for i in range(length)]
    mins = [int((words[2 + c // 7] >> (4 * (c % 7))) & 0xF) for c in range(26)]
    return greens, mins


@pytest.mark.parametrize("length", [4, 5, 6, 7, 8])
def test_hard_mode_state_packs_without_loss_up_to_eight_letters(length):
    """Greens take 4 places per int32 word (2 words for 8 letters), minimum counts 7 letters per
    word (4 words): STATE_WORDS = 6 holds both, and a count of up to 8 fits its 4 bits."""
    words = WordList("w", tuple(sorted("".join(chr(97 + (i * 7 + k) % 26) for i in range(length))
                                        for k in range(3))), "test")
    solver = Solver(Game(words, words, "hard"), cache_mb=1)
    rng = np.random.default_rng(length)
    for trial in range(200):
        greens = rng.integers(-1, 26, length)
        mins = rng.integers(0, length + 1, 26)
        if trial == 0:
            greens[:], mins[:] = 25, length  # the largest values every field can hold
        solver.ws.greens[1, :] = greens
        solver.ws.mins[1, :] = mins
        pack_state(solver.ws, 1)
        packed = solver.ws.state_words[1].copy()
        assert packed.shape == (STATE_WORDS,) and (packed >= 0).all()
        assert unpack_state(packed, length) == (list(greens), list(mins))  # so no two states collide


# ---------------------------------------------------------------- python -m optimal.search


def test_search_all_first_words_finds_the_brute_force_optimum(small, capsys):
    argv, game, folder = small
    out = folder / "all"
    assert search_main([*argv, "--all", "--jobs", "1", "--quiet", "--out", str(out)]) == 0
    result = out / "a-g-normal-d6"
    summary = json.loads((result / "summary.json").read_text())
    best = summary["best"]
    optimum = min(with_first(game, w) for w in game.guesses.words)
    assert best["proven"] and best["total"] == optimum
    assert f"{best['word'].upper()}: total {optimum} " in capsys.readouterr().out
    assert verified_total(capsys, result / f"{best['word']}.json", argv) == optimum
    assert verified_total(capsys, result / f"{best['word']}.tree.txt", argv) == optimum


def test_search_first_top_hard_and_from(small, capsys):
    argv, game, folder = small
    out, result = folder / "one", folder / "one" / "a-g-normal-d6"
    word = game.answers.words[3]
    assert search_main([*argv, "--first", word, "--jobs", "1", "--quiet", "--out", str(out)]) == 0
    total = with_first(game, word)
    assert json.loads((result / "summary.json").read_text())["best"]["total"] == total
    assert verified_total(capsys, result / f"{word}.json", argv) == total

    assert search_main([*argv, "--top", "3", "--jobs", "1", "--quiet", "--out", str(out)]) == 0
    summary = json.loads((result / "summary.json").read_text())
    assert len(summary["results"]) == 3
    assert summary["best"]["total"] == with_first(game, summary["best"]["word"])
    assert all(r["value"] >= summary["best"]["total"] for r in summary["results"])

    assert search_main([*argv, "--first", word, "--hard", "--jobs", "1", "--quiet",
                        "--out", str(out)]) == 0
    hard = json.loads((out / "a-g-hard-d6" / "summary.json").read_text())["best"]["total"]
    assert hard == with_first(game, word, hard=True) >= total
    assert verified_total(capsys, out / "a-g-hard-d6" / f"{word}.json", argv, "--hard") == hard

    word, answer, left = mid_game(game)
    reply = game.reply_text(game.reply(word, answer))
    capsys.readouterr()
    assert search_main([*argv, "--from", f"{word}.{reply}", "--jobs", "1", "--quiet", "--no-write"]) == 0
    found = re.search(r"(\d+) guesses in all for the (\d+) answer", capsys.readouterr().out)
    assert int(found[2]) == len(left) and int(found[1]) == brute_force(game, left, 5)


def test_search_worst_case_matches_brute_force(small, capsys):
    argv, game, folder = small
    out = folder / "worst"
    words = list(game.guesses.words[:6])
    assert search_main([*argv, "--objective", "worst", "--max-depth", "3", "--first", ",".join(words),
                        "--jobs", "1", "--quiet", "--out", str(out)]) in (0, 1)
    summary = json.loads((out / "a-g-normal-d3-worst" / "summary.json").read_text())
    three = Game(game.answers, game.guesses, "normal", 3)
    for r in summary["results"]:
        cands = three.all_candidates()
        replies = three.replies_to(r["word"], cands)
        can = all(brute_can_finish(three, cands[replies == c], 2)
                  for c in set(int(x) for x in replies) if c != three.won)
        assert r["feasible"] == can, r["word"]


# ---------------------------------------------------------------- the other commands


def test_verify_rejects_a_damaged_tree(small, capsys):
    argv, game, folder = small
    out = folder / "damaged"
    word = game.answers.words[0]
    assert search_main([*argv, "--first", word, "--jobs", "1", "--quiet", "--out", str(out)]) == 0
    path = out / "a-g-normal-d6" / f"{word}.json"
    document = json.loads(path.read_text())
    branch = next(iter(document["tree"]["branches"].values()))
    branch["guess"] = word  # a guess that cannot be right for that branch's answers
    branch.pop("branches", None)
    path.write_text(json.dumps(document))
    assert verify_main([str(path), *argv]) == 1


def test_compare_shows_the_optimal_total(small, capsys):
    argv, game, folder = small
    word = game.answers.words[5]
    assert compare_main([*argv, "--first", word, "--beams", "1,3", "--jobs", "1",
                         "--out", str(folder / "compare")]) == 0
    report = (folder / "compare" / "a-g-normal-d6" / "COMPARE.md").read_text()
    row = next(line for line in report.splitlines() if line.startswith(f"| optimal for {word.upper()}"))
    assert "(proven)" in row and int(row.split("|")[3]) == with_first(game, word)
    beams = [int(line.split("|")[3]) for line in report.splitlines() if line.startswith("| beam ")]
    assert len(beams) == 2 and min(beams) >= with_first(game, word)


def test_absurdle_win_length_matches_brute_force(small, capsys):
    argv, game, _ = small
    capsys.readouterr()
    code = absurdle_main([*argv, "--most", "3"])
    out = capsys.readouterr().out
    two, three = brute_absurdle(game, 2), brute_absurdle(game, 3)
    if two:
        assert code == 0 and "a win in 2 guesses" in out
    else:
        assert "no win within 2 guesses" in out
        assert (code == 0 and "a win in 3 guesses" in out) == three


def test_antiwordle_exact_matches_brute_force(small, capsys):
    _, game, folder = small
    answers = folder / "anti.txt"
    words = game.answers.words[:7]  # the brute force tries every order of guesses: keep it small
    answers.write_text("\n".join(words) + "\n")
    capsys.readouterr()
    assert antiwordle_main(["--answers", str(answers), "--beams", "0"]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines()
               if line.startswith("| engine, most guesses in all, exact"))
    anti = Game(WordList("anti", words, "test"), WordList("anti", words, "test"), max_guesses=64)
    assert int(row.split("|")[5]) == brute_antiwordle(anti, anti.all_candidates())


def test_assist_counts_and_proves_the_rest(small, capsys):
    argv, game, _ = small
    word, answer, left = mid_game(game)
    reply = game.reply_text(game.reply(word, answer))
    capsys.readouterr()
    assert assist_main([*argv, "--history", f"{word}={reply}"]) == 0
    out = capsys.readouterr().out
    assert f"{word.upper()} {reply}: {len(left)} answers left" in out
    found = re.search(r"optimal +\w+ +(\d+) guesses in all for the (\d+) answers.*proven", out)
    assert int(found[2]) == len(left) and int(found[1]) == brute_force(game, left, 5)
    assert assist_main([*argv, "--boards", "2", "--answer", f"{answer},{game.answers.words[-1]}",
                        "--history", game.guesses.words[0]]) == 0
    assert "Dordle" in capsys.readouterr().out


def test_greedy_tree_verifies_with_the_total_it_prints(small, capsys):
    argv, game, folder = small
    tree = folder / "greedy.json"
    capsys.readouterr()
    assert greedy_main([*argv, "--metric", "max", "--out", str(tree)]) == 0
    printed = int(re.search(r"total: (\d+)", capsys.readouterr().out)[1])
    assert verified_total(capsys, tree, argv) == printed
    assert read_tree(tree).tree.guess in game.guesses.words


@pytest.mark.parametrize("name", ["len4-guesses-2108", "len6-guesses-4635", "len7-answers-2577"])
def test_pangrams_refuses_other_lengths_in_one_line(name, capsys):
    assert pangrams_main([name]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "five-letter words" in err
