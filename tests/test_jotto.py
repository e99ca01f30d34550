"""Jotto through the same Game/Rule abstraction: word list, replies, greedy trees (Norvig's
figures), exact search against brute force, Evil walk, tree files."""

import numpy as np
import pytest

from greedy import greedy_tree
from lookahead.solvers.single import Solver
from optimal.adversaries import evil_game
from optimal.game import Game
from optimal.rules.jotto import JOTTO, jotto_words
from optimal.tree import check, read_tree, verify, write_json
from optimal.verify import main as verify_main
from optimal.words import WordList, load_words
from tests.test_search_engine import brute_force


@pytest.fixture(scope="module")
def jotto():
    words = jotto_words(load_words("nyt-answers"))
    return Game(words, words, "normal", 64, JOTTO)


def test_word_list(jotto):
    words = jotto.answers.words
    assert len(words) == 1391
    assert all(len(set(w)) == 5 for w in words)
    assert len({frozenset(w) for w in words}) == 1391
    nyt = load_words("nyt-answers").words
    for w in nyt:  # the kept word of each anagram class is its alphabetically last
        if len(set(w)) == 5:
            kept = next(k for k in words if set(k) == set(w))
            assert kept >= w


def test_replies():
    assert JOTTO.reply("stoma", "wonky") == 1 and JOTTO.reply("rowdy", "wonky") == 3
    assert JOTTO.reply("wonky", "wonky") == JOTTO.won(5) == 6
    assert JOTTO.reply("pares", "spare") == 5  # an anagram is not the answer
    words = ["stoma", "bairn", "swipe", "wonky", "pares", "spare", "aabbc"]
    matrix = JOTTO.matrix(words, words[::-1])
    for i, g in enumerate(words):
        for j, a in enumerate(words[::-1]):
            assert matrix[i, j] == JOTTO.reply(g, a)
    assert JOTTO.parse("3", 5) == 3 and JOTTO.parse("*", 5) == 6
    with pytest.raises(Exception):
        JOTTO.parse("7", 5)


@pytest.mark.parametrize("metric, pool, mean, worst, first", [
    ("max", "targets", 6.31, 16, "drape"), ("expectation", "targets", 6.11, 14, "south"),
    ("neg_entropy", "targets", 6.31, 15, "stare"), ("max", "targets+inconsistent", 6.38, 9, "drape"),
    ("expectation", "targets+inconsistent", 6.13, 9, "south"),
    ("neg_entropy", "targets+inconsistent", 6.18, 9, "stare"),
])
def test_norvig_jotto_table(jotto, metric, pool, mean, worst, first):
    tree = greedy_tree(jotto, metric, pool)
    counts = verify(tree, jotto).counts()
    assert (round(counts.mean(), 2), counts.max(), tree.guess) == (mean, worst, first)


def test_exact_search_on_a_small_jotto_game(jotto):
    rng = np.random.default_rng(3)
    small = tuple(sorted(rng.choice(jotto.answers.words, 40, replace=False)))
    game = Game(WordList("j40", small, "test"), WordList("j40", small, "test"), "normal", 12, JOTTO)
    solver = Solver(game, cache_mb=16)
    for n in (8, 14, 20):
        S = np.sort(rng.choice(40, n, replace=False)).astype(np.int32)
        assert solver.solve(S, 12) == brute_force(game, S, 12)
    tree = solver.tree(game.all_candidates(), 12)
    assert check(tree, game).sum() == solver.solve(game.all_candidates(), 12)
    assert evil_game(tree, game)[-1][1] == game.won


def test_jotto_tree_file_round_trip(jotto, tmp_path, capsys):
    tree = greedy_tree(jotto, "expectation", "targets+inconsistent")
    path = tmp_path / "jotto.json"
    write_json(path, tree, jotto, {}, {})
    assert read_tree(path).meta["game"]["rule"] == "jotto"
    counts = verify(read_tree(path).tree, jotto).counts()
    assert (round(counts.mean(), 2), counts.max()) == (6.13, 9)  # Norvig's figures, as above
    assert verify_main([str(path), "--game", "jotto", "--max-depth", "9"]) == 0
    assert (f"VALID: first guess SOUTH, total {counts.sum()}, mean {counts.mean():.4f}, worst 9"
            in capsys.readouterr().out)
    assert verify_main([str(path), "--game", "jotto", "--max-depth", "8"]) == 1


def test_a_word_outside_the_jotto_list_names_only_jotto_lists(jotto):
    """The hint for an unknown word names the lists where Jotto would play it (another pairing's
    answers, filtered as Jotto filters them), or says what Jotto keeps: LEVEL is in Wordle's
    lists, but no Jotto game plays a word with a repeated letter."""
    from optimal.errors import BadInput
    with pytest.raises(BadInput) as error:
        jotto.guess_id("level")
    assert str(error.value) == ("'LEVEL' is not in the guess list jotto-nyt-answers (Jotto plays "
                                "the words with all letters different, one per anagram class)")
    with pytest.raises(BadInput) as error:
        jotto.answer_id("crema")  # in the extended answers, whose anagram class keeps it
    assert str(error.value).endswith("; it is in jotto-nyt-answers-3158 (--lists nyt-extended)")
    assert "crema" in jotto_words(load_words("nyt-answers-3158")).words
    with pytest.raises(BadInput) as error:  # in no list at all: nothing was filtered out
        jotto.guess_id("qwert")
    assert str(error.value) == "'QWERT' is not in the guess list jotto-nyt-answers"
