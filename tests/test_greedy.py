"""Greedy trees, tables and baselines against the figures of Norvig's notebooks (exactly)."""

import math

import numpy as np
import pytest

from greedy.__main__ import main as greedy_main
from greedy.baselines import baseline
from greedy.builder import greedy_tree
from greedy.metrics import METRICS, counts_matrix
from greedy.tables import first_guess_table, ranked_by, second_guess_table
from optimal.errors import BadInput
from optimal.game import Game, HardState
from optimal.report import cumulative_line, report_line, summarize
from optimal.rules.wordle import reply
from optimal.tree import node_to_json, read_tree, verify
from optimal.words import WordList, load_words

AILS = ("bails", "fails", "hails", "nails", "pails", "rails", "sails", "tails", "wails")


@pytest.fixture(scope="module")
def norvig():
    return Game.from_lists("norvig", max_guesses=64)


def stats_of(tree, game):
    result = verify(tree, game)
    assert result.ok
    return summarize(result.counts()), result.counts()


@pytest.mark.parametrize("metric, pool, mean, worst, first", [
    ("max", "targets", 3.68, 8, "arise"), ("expectation", "targets", 3.62, 8, "raise"),
    ("neg_entropy", "targets", 3.60, 8, "raise"), ("max", "targets+inconsistent", 3.64, 6, "arise"),
    ("expectation", "targets+inconsistent", 3.55, 6, "raise"),
    ("neg_entropy", "targets+inconsistent", 3.52, 6, "raise"),
])
def test_norvig_six_trees(norvig, metric, pool, mean, worst, first):
    tree = greedy_tree(norvig, metric, pool)
    stats, counts = stats_of(tree, norvig)
    assert (round(stats.mean, 2), stats.worst, tree.guess) == (mean, worst, first)
    if metric == "neg_entropy" and pool != "targets":
        assert cumulative_line(counts) == "<=2:2%, <=3:50%, <=4:95%, <=5:99.6%, <=6:100%"


def test_first_guess_scores_on_the_norvig_list(norvig):
    best = {m: ranked_by(norvig, m)[0] for m in ("max", "expectation", "neg_entropy")}
    worst = {m: ranked_by(norvig, m)[-1] for m in ("max", "expectation", "neg_entropy")}
    assert best["max"] == ("arise", 167)
    assert (best["expectation"][0], round(best["expectation"][1], 2)) == ("raise", 60.74)
    assert (best["neg_entropy"][0], round(best["neg_entropy"][1], 3)) == ("raise", -5.878)
    assert worst["max"] == ("fuzzy", 1349)
    assert round(worst["expectation"][1], 2) == 854.18 and worst["expectation"][0] == "fuzzy"
    assert round(worst["neg_entropy"][1], 3) == -2.304 and worst["neg_entropy"][0] == "fuzzy"
    table = first_guess_table(norvig, top=5, bottom=5)
    assert "| 1 | ARISE | 167 | RAISE | 60.74 | RAISE | -5.878 |" in table
    assert "| 2309 | FUZZY | 1349 | FUZZY | 854.18 | FUZZY | -2.304 |" in table


def test_entropy_of_first_guesses_on_the_original_lists(original):
    ranked = ranked_by(original, "neg_entropy")
    top = [(w, f"{-s:.6f}") for w, s in ranked[:3]]
    assert top == [("soare", "5.885960"), ("roate", "5.882779"), ("raise", "5.877910")]
    assert (ranked[-1][0], f"{-ranked[-1][1]:.6f}") == ("qajaq", "1.891836")


def test_nine_ails_words():
    game = Game(WordList("ails", AILS, "test"),
                WordList("nyt+ails", load_words("nyt-answers").words + AILS, "test"), max_guesses=64)
    prohibited = greedy_tree(game, "max", "targets")
    stats, _ = stats_of(prohibited, game)
    assert (f"{stats.mean:.2f}", stats.worst) == ("5.00", 9)
    allowed = greedy_tree(game, "max", "targets+inconsistent")
    stats, _ = stats_of(allowed, game)
    assert (f"{stats.mean:.2f}", stats.worst) == ("2.56", 3)
    assert allowed.guess == "berth"
    assert allowed.branches[game.parse_reply("BBBBB")].guess == "spawn"


def test_metrics_on_a_small_counts_matrix():
    counts = counts_matrix(np.array([[0, 0, 1, 2], [3, 3, 3, 3]]), 4)
    assert list(counts[0]) == [2, 1, 1, 0]
    assert list(METRICS["max"](counts)) == [2, 4]
    assert list(METRICS["expectation"](counts)) == [1.5, 4.0]
    assert METRICS["neg_entropy"](counts)[0] == pytest.approx(-1.5)
    assert list(METRICS["parts"](counts)) == [-3, -1]
    assert METRICS["entropy"](counts)[1] == 0


def test_equal_splits_tie_exactly():
    a = counts_matrix(np.array([[0, 1, 1, 2, 2, 2], [5, 5, 5, 0, 0, 7]]), 8)
    scores = METRICS["neg_entropy"](a)
    assert scores[0] == scores[1]  # same branch sizes in other columns: bit-for-bit equal


def test_hard_pool_trees_are_hard_mode_legal():
    from tests.conftest import small_game

    game = small_game(80, mode="hard", max_guesses=64)
    tree = greedy_tree(game, "neg_entropy", "hard")
    assert verify(tree, game).ok


def plain_entropy(guess: str, answers: list[str]) -> float:
    """Entropy (bits) of how `guess` splits `answers`, with the plain reply rule."""
    sizes: dict[int, int] = {}
    for answer in answers:
        sizes[reply(guess, answer)] = sizes.get(reply(guess, answer), 0) + 1
    return -sum(n / len(answers) * math.log2(n / len(answers)) for n in sizes.values())


def test_second_guess_table_on_a_small_game():
    """Every reply to SALET, largest first, with its candidates; the best second guess splits them
    with the most entropy of any guess, the hard-mode one with the most of any legal guess."""
    from tests.conftest import small_game

    game = small_game(60)
    groups: dict[int, list[str]] = {}
    for answer in game.answers.words:
        groups.setdefault(reply("salet", answer), []).append(answer)
    rows = [[cell.strip() for cell in line.strip("|").split("|")]
            for line in second_guess_table(game, "salet").splitlines()[4:]]
    assert {row[0]: int(row[1]) for row in rows} == {
        game.reply_text(code): len(group) for code, group in groups.items() if code != game.won}
    assert [int(row[1]) for row in rows] == sorted((int(row[1]) for row in rows), reverse=True)
    for reply_text, n, word, bits, hard_word, hard_bits in rows:
        code = game.parse_reply(reply_text)
        answers = groups[code]
        if n == "1":
            assert word == hard_word == answers[0].upper() and bits == hard_bits == "0"
            continue
        state = HardState.initial(5).after("salet", code)
        legal = [w for w in game.guesses.words if state.allows(w)]
        assert state.allows(hard_word.lower())
        for shown, shown_bits, pool in ((word, bits, game.guesses.words), (hard_word, hard_bits, legal)):
            best = max(plain_entropy(w, answers) for w in pool)
            assert plain_entropy(shown.lower(), answers) == pytest.approx(best)
            assert shown_bits == f"{best:.3f}"


@pytest.mark.slow
def test_second_guess_table(original):
    table = second_guess_table(original, "salet")
    assert "| BBBBB | 221 |" in table and table.count("\n") > 100
    # the hard-mode column keeps to the hard-mode rule after SALET (the game itself is normal mode)
    for line in table.splitlines()[4:]:
        reply, _, _, _, hard_word, _ = [cell.strip() for cell in line.strip("|").split("|")]
        state = HardState.initial(5).after("salet", original.parse_reply(reply))
        assert state.violation(hard_word.lower()) is None, line


def plain_baseline(game, pick, seed: int = 0) -> list[int]:
    """Guesses per answer when `pick(candidates, rng)` chooses among the answers that fit every reply
    so far, restated with the plain reply rule (no matrix): the reference for the baselines."""
    rng = np.random.default_rng(seed)
    counts = []
    for answer in game.answers.words:
        candidates = list(range(len(game.answers)))
        for turn in range(1, 100):
            guess = game.answers.words[pick(candidates, rng)]
            if guess == answer:
                counts.append(turn)
                break
            code = reply(guess, answer)
            candidates = [c for c in candidates if reply(guess, game.answers.words[c]) == code]
    return counts


def test_random_baseline_is_reproducible_and_plays_consistent_guesses():
    from tests.conftest import small_game

    game = small_game(60)
    one, two = baseline(game, "random", [3]), baseline(game, "random", [3])
    assert np.array_equal(one[0], two[0])
    assert list(one[0]) == plain_baseline(game, lambda c, rng: int(rng.choice(c)), 3)
    assert not np.array_equal(baseline(game, "random", [4])[0], one[0])


def test_frequency_baselines_need_wordfreq_or_play_the_most_frequent_words():
    from tests.conftest import small_game

    game = small_game(30)
    try:
        from wordfreq import word_frequency
    except ImportError:
        with pytest.raises(BadInput, match="wordfreq"):
            baseline(game, "frequent", [0])
        return
    frequency = [word_frequency(w, "en") for w in game.answers.words]

    def most_frequent(candidates, rng):  # ties: the first in list order
        return max(candidates, key=lambda i: (frequency[i], -i))

    def among_top_tenth(candidates, rng):
        k = max(1, math.ceil(0.1 * len(candidates)))
        order = sorted(range(len(candidates)), key=lambda j: -frequency[candidates[j]])[:k]
        return candidates[int(rng.choice(order))]

    assert list(baseline(game, "frequent", [0])[0]) == plain_baseline(game, most_frequent)
    top10 = baseline(game, "top10", [0, 1])
    assert [list(c) for c in top10] == [plain_baseline(game, among_top_tenth, s) for s in (0, 1)]


@pytest.mark.slow  # the golden test checks the table's output
def test_cli_table_and_tree(capsys, tmp_path, norvig):
    assert greedy_main(["--table", "norvig"]) == 0
    out = capsys.readouterr().out
    assert "| neg_entropy | 3.60 (8), RAISE | 3.52 (6), RAISE |" in out
    path = tmp_path / "t.json"
    assert greedy_main(["--lists", "norvig", "--metric", "max", "--pool", "targets", "--first",
                        "arise", "--out", str(path)]) == 0
    tree = greedy_tree(norvig, "max", "targets", first="arise")
    counts = verify(tree, norvig).counts()
    assert f"max, pool targets: first guess ARISE; {report_line(counts)}" in capsys.readouterr().out
    assert node_to_json(read_tree(path).tree, 5) == node_to_json(tree, 5)
    from optimal.verify import main as verify_main
    assert verify_main([str(path)]) == 0
    assert f"VALID: first guess ARISE, total {counts.sum()}, mean " in capsys.readouterr().out


def test_cli_bad_input(capsys):
    assert greedy_main(["--first", "zzzzz"]) == 2
    assert greedy_main(["--candidates", "zzzzz"]) == 2
    with pytest.raises(SystemExit) as exit_info:
        greedy_main(["--metric", "nonsense"])
    assert exit_info.value.code == 2


def test_hard_mode_plays_the_modes_legal_guesses_by_default(capsys, tmp_path):
    """`python -m greedy --hard` built a tree from every guess, which broke hard mode and failed
    its own check after the work (exit 1); the pool is now the mode's legal guesses, and a pool
    that ignores the mode is refused before any work."""
    answers = tmp_path / "a.txt"
    answers.write_text("\n".join(load_words("answers-2315").words[::23]) + "\n")
    lists = ["--answers", str(answers), "--guesses", "guesses-12972"]
    for mode in ("--hard", "--ultra"):
        assert greedy_main([*lists, mode, "--metric", "max"]) == 0
        assert "max, pool hard: first guess" in capsys.readouterr().out
    assert greedy_main([*lists, "--hard", "--pool", "all"]) == 2
    assert "--pool all plays guesses hard mode does not allow" in capsys.readouterr().err
    assert greedy_main([*lists, "--hard", "--pool", "targets"]) == 0  # candidates fit every clue
    assert "pool targets: first guess" in capsys.readouterr().out


@pytest.mark.parametrize("flag", ["--max-guesses", "--max-depth"])  # the searches' spelling too
def test_a_tree_longer_than_the_limit_says_it_is_written_with_a_raised_limit(capsys, tmp_path, flag):
    """`greedy --max-guesses 2 --out t.json` wrote a tree within 4 guesses and said only "wrote":
    the file's limit is the tree's longest game, and the line now says so."""
    answers = tmp_path / "a.txt"
    answers.write_text("\n".join(load_words("answers-2315").words[::23]) + "\n")
    path = tmp_path / "t.json"
    assert greedy_main(["--answers", str(answers), "--guesses", "guesses-12972", flag, "2",
                        "--metric", "max", "--out", str(path)]) == 0
    longest = read_tree(path).meta["game"]["max_guesses"]
    assert longest > 2
    assert (f"wrote {path} (a tree within {longest} guesses: its longest game is more than the "
            "game's limit of 2)") in capsys.readouterr().out


@pytest.mark.parametrize("argv, saying", [
    (["--table", "norvig", "--metric", "max"], "--table does not use --metric"),
    (["--table", "norvig", "--hard"], "--table does not use --hard"),
    (["--first-guesses", "2", "--first", "spare", "--pool", "targets"],
     "--first-guesses does not use --first, --pool: leave them out"),
    (["--second-guesses", "spare", "--candidates", "aback"], "--second-guesses does not use --candidates"),
    (["--baseline", "frequent", "--seed", "5"], "--baseline frequent does not use --seed"),
    (["--baseline", "random", "--metric", "max"], "--baseline random does not use --metric"),
    (["--seed", "5"], "a greedy tree does not use --seed"),
    (["--first-guesses", "3", "--max-guesses", "2"], "--first-guesses does not use --max-guesses"),
])
def test_options_a_table_or_baseline_would_ignore_are_refused(capsys, argv, saying):
    """Each was accepted and printed the same table or line as without it; `--table norvig
    --hard` did all the work, then failed (exit 1) on its own tree."""
    assert greedy_main(["--lists", "norvig", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and saying in err, err


def test_a_tree_file_is_json_or_selby_lines(capsys, tmp_path):
    """`--out t.yaml` wrote JSON into a .yaml file without a word."""
    assert greedy_main(["--lists", "norvig", "--out", str(tmp_path / "t.yaml")]) == 2
    assert "name a .json file" in capsys.readouterr().err
    assert not (tmp_path / "t.yaml").exists()


def test_a_candidate_named_twice_counts_once(capsys):
    """`--candidates aback,aback` reported a tree over 2 answers ('wins within 6: 2/2')."""
    assert greedy_main(["--lists", "norvig", "--candidates", "aback,aback"]) == 0
    out = capsys.readouterr().out
    assert "median: 1 guess, " in out and "wins within 6: 1/1" in out
