"""Dordle trees in the model: the games are the ordered pairs of different answers, a replay with
the plain rule counts the guesses until both words are found, defects are caught, and trees
survive their JSON form. The strategy here is built without the search engine."""

from __future__ import annotations

import numpy as np
import pytest

from optimal.dordle import (DordleNode, dordle_limit, game_count, ordered_pairs, read_json,
                            replies_text, verified, verified_branches, verify, write_json)
from optimal.errors import BadInput, DefectiveTree
from tests.conftest import small_game


def first_candidate_tree(game, board1, board2) -> DordleNode:
    """Always guess the first answer still possible on the first open board."""
    open_board = board1 if board1 else board2
    guess = game.answers.words[open_board[0]]
    node = DordleNode(guess)
    g = game.guess_id(guess)
    sides = []
    for board in (board1, board2):
        if not board:
            sides.append([(None, [])])
            continue
        parts: dict[int, list[int]] = {}
        for a in board:
            parts.setdefault(int(game.matrix[g, a]), []).append(a)
        sides.append([(code, [] if code == game.won else part) for code, part in parts.items()])
    for code1, after1 in sides[0]:
        for code2, after2 in sides[1]:
            if not after1 and not after2:
                continue
            if len(after1) == 1 and after1 == after2:
                continue  # one answer on both boards: not a Dordle game
            node.branches[(code1, code2)] = first_candidate_tree(game, after1, after2)
    return node


def games_by_hand(game, a: int, b: int) -> int:
    """Guesses the first-candidate strategy takes for the game (a, b), simulated directly."""
    words, boards, secrets, number = game.answers.words, [list(range(len(game.answers)))] * 2, (a, b), 0
    solved = [False, False]
    while not all(solved):
        k = 0 if not solved[0] else 1
        guess = words[boards[k][0]]
        number += 1
        for j in (0, 1):
            if solved[j]:
                continue
            code = game.rule.reply(guess, words[secrets[j]])
            boards[j] = [x for x in boards[j] if game.rule.reply(guess, words[x]) == code]
            solved[j] = code == game.won
    return number


@pytest.fixture(scope="module")
def game():
    return small_game(12, max_guesses=12)


@pytest.fixture(scope="module")
def tree(game):
    everything = list(range(len(game.answers)))
    return first_candidate_tree(game, everything, everything)


def test_the_games_are_ordered_pairs_of_different_answers():
    assert game_count(2315) == 5_356_910
    pairs = list(ordered_pairs(4))
    assert len(pairs) == game_count(4) == 12 and all(a != b for a, b in pairs)
    assert len(set(pairs)) == 12 and (0, 1) in pairs and (1, 0) in pairs
    assert dordle_limit() == 7 and dordle_limit(4) == 9


def test_a_replay_counts_the_guesses_until_both_words_are_found(game, tree):
    result = verified(tree, game)
    n = len(game.answers)
    assert result.games == n * (n - 1)
    by_hand = [games_by_hand(game, a, b) for a, b in ordered_pairs(n)]
    assert result.counts.tolist() == by_hand
    assert result.total == sum(by_hand) and result.mean == pytest.approx(sum(by_hand) / (n * (n - 1)))
    stats = result.stats()
    assert stats["games"] == n * (n - 1) and stats["total"] == result.total
    assert stats["worst"] == max(by_hand)


def test_defects_are_found(game, tree):
    worst = int(verified(tree, game).counts.max())
    too_short = verify(tree, game.with_limits(max_guesses=worst - 1))
    assert not too_short.ok and "within" in too_short.problems[0]
    broken = DordleNode(tree.guess, dict(tree.branches))  # the root with one branch missing
    broken.branches.pop(next(iter(broken.branches)))
    result = verify(broken, game)
    assert not result.ok and "no next guess" in result.problems[0]
    bad_word = DordleNode("zzzzz", tree.branches)
    assert "not in the guess list" in verify(bad_word, game).problems[0]
    with pytest.raises(DefectiveTree):
        verified(broken, game)


def test_trees_survive_json(game, tree, tmp_path):
    checked = verified(tree, game)
    path = tmp_path / "tree.json"
    write_json(path, checked, checked.stats(), {"command": "test"})
    again, meta = read_json(path)
    assert meta["format"] == "optimal-dordle-tree/1" and meta["game"]["boards"] == 2
    assert np.array_equal(verified(again, game).counts, checked.counts)
    assert replies_text((None, game.parse_reply("BBYBB")), game) == "-/BBYBB"
    (tmp_path / "bad.json").write_text('{"format": "optimal-tree/1"}')
    with pytest.raises(BadInput):
        read_json(tmp_path / "bad.json")


def test_a_tree_written_branch_by_branch_is_kept_only_when_every_game_passes(game, tree, tmp_path):
    """verified_branches writes each branch once its games pass, and names the file only at the
    end: a defect anywhere leaves no file (and no temporary one); a good tree reads back the same,
    gzipped too."""
    branches = list(tree.branches.items())
    broken = branches[:-1]  # the last reply pair has no branch
    path = tmp_path / "tree.dordle.json.gz"
    with pytest.raises(DefectiveTree):
        verified_branches(tree.guess, iter(broken), game, path, lambda v: (v.stats(), {}))
    assert list(tmp_path.iterdir()) == []
    checked = verified_branches(tree.guess, iter(branches), game, path,
                                lambda v: (v.stats(), {"command": "test"}))
    again, meta = read_json(path)
    assert checked.tree is None and meta["stats"]["total"] == checked.total
    assert np.array_equal(verified(again, game).counts, checked.counts)
