import copy
import json

import pytest

from optimal.errors import BadInput, DefectiveTree
from optimal.rules.wordle import parse_reply
from optimal.tree import (Node, check, node_from_json, node_to_json, parse_selby, parse_tree_text,
                          play, read_tree, selby_lines, verify, write_json, write_selby)
from tests.conftest import small_game
from tests.helpers import naive_tree, plain_transcript


@pytest.fixture
def game():
    return small_game(40)


@pytest.fixture
def tree(game):
    return naive_tree(game)


def test_naive_tree_verifies(game, tree):
    result = verify(tree, game)
    assert result.ok and not result.notes
    assert sorted(result.guesses) == sorted(game.answers.words)
    counts = check(tree, game)
    assert counts.sum() == sum(result.guesses.values()) and counts.min() == 1


def test_json_round_trip(game, tree, tmp_path):
    path = tmp_path / "t.json"
    write_json(path, tree, game, {"total": 1}, {"tool": "test"})
    loaded = read_tree(path)
    assert loaded.kind == "json" and loaded.meta["game"]["answers"]["count"] == 40
    assert node_to_json(loaded.tree, 5) == node_to_json(tree, 5)
    doc = json.loads(path.read_text())
    assert doc["format"] == "optimal-tree/1" and doc["tree"]["guess"] == tree.guess


def test_selby_round_trip_is_exact(game, tree, tmp_path):
    lines = selby_lines(tree, game.answers.words)
    assert len(lines) == 40 and lines[0].split()[0] == tree.guess
    parsed, answers = parse_selby("\n".join(lines) + "\n")
    assert sorted(answers) == sorted(game.answers.words)
    assert selby_lines(parsed, answers) == lines
    path = tmp_path / "t.tree.txt"
    write_selby(path, tree, game.answers.words)
    assert read_tree(path).kind == "selby"
    assert path.read_text() == "\n".join(lines) + "\n"


def test_selby_format_reads_the_published_shape():
    text = ("salet BBBBB1 courd BBBBB2 nymph GGGGG3\n"
            "                   BBBBY2 dingy GGGGG3\n"
            "      BBBBG1 courd GGGGB2 court GGGGG3\n"
            "      YYYYG1 least GGGGG2\n")
    tree, answers = parse_selby(text)
    assert answers == ["nymph", "dingy", "court", "least"]
    assert tree.branches[parse_reply("BBBBB")].guess == "courd"
    assert "\n".join(selby_lines(tree, answers)) + "\n" == text


@pytest.mark.parametrize("text, message", [
    ("salet BBBBB1 courd\n", "pairs"), ("salet BBBBB2 courd GGGGG2\n", "bad token"),
    ("salet BBBBB1 courd BBBBB2\n", "does not end"), ("# comment\n", "bad token"),
    ("salet BBBBB1 courd GGGGG2\n       BBBBB1 x\n", "indentation"),
])
def test_selby_errors(text, message):
    with pytest.raises(BadInput, match=message):
        parse_selby(text)


def test_verify_finds_defects(game, tree):
    broken = copy.deepcopy(tree)
    code = next(iter(broken.branches))
    del broken.branches[code]
    result = verify(broken, game)
    assert not result.ok and "no next guess" in result.problems[0]
    with pytest.raises(DefectiveTree):
        check(broken, game)

    bad_word = copy.deepcopy(tree)
    bad_word.guess = "zzzzz"
    assert any("not in the guess list" in p for p in verify(bad_word, game).problems)

    shallow = game.with_limits(max_guesses=2)
    assert any("more than the limit" in p for p in verify(tree, shallow).problems)


def test_verify_checks_hard_mode(game):
    hard = game.with_limits(mode="hard")
    assert verify(naive_tree(hard), hard).ok  # consistent guesses are always legal
    row = game.matrix[game.guess_id("trace")]
    tree = Node("trace")
    for code in set(int(c) for c in row) - {game.won}:
        tree.branches[code] = naive_tree(game, [j for j in range(len(row)) if row[j] == code])
    assert verify(tree, game).ok
    scored = next(code for code in tree.branches if code != parse_reply("BBBBB"))
    tree.branches[scored].guess = "nymph"  # drops every letter TRACE scored
    problems = verify(tree, hard).problems
    assert any("breaks hard mode" in p for p in problems)


def test_play_transcript(game, tree):
    for answer in game.answers.words:
        lines = play(tree, game, answer.upper())
        assert lines == plain_transcript(tree, game, answer)
        assert len(lines) == verify(tree, game).guesses[answer]
    assert play(tree, game, tree.guess) == [f"Guess 1: {tree.guess.upper()}, Reply: GGGGG; solved"]
    with pytest.raises(BadInput):
        play(tree, game, "zzzzz")


def test_read_tree_errors(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(BadInput, match="not valid JSON"):
        read_tree(bad)
    bad.write_text('{"x": 1}')
    with pytest.raises(BadInput, match="no 'tree'"):
        read_tree(bad)
    with pytest.raises(BadInput, match="cannot read"):
        read_tree(tmp_path / "missing.json")
    with pytest.raises(BadInput):
        node_from_json({"guess": "salet", "branches": {"GGGGY": {"guess": "x"}}})


# ---------------------------------------------------------------- trees from text (the web page)


def test_parse_tree_text_reads_both_formats_like_read_tree(game, tree, tmp_path):
    path = tmp_path / "t.json"
    write_json(path, tree, game, {"total": 1}, {"tool": "test"})
    from_text = parse_tree_text(path.read_text(), "pasted")
    assert from_text.kind == "json" and from_text.meta == read_tree(path).meta
    assert node_to_json(from_text.tree, 5) == node_to_json(tree, 5)
    selby = parse_tree_text("\n".join(selby_lines(tree, game.answers.words)), "pasted")
    assert selby.kind == "selby" and sorted(selby.answers) == sorted(game.answers.words)
    assert node_to_json(selby.tree, 5) == node_to_json(tree, 5)


@pytest.mark.parametrize("text, message", [
    ('{"tree": ', "pasted: not valid JSON"),
    ('{"format": "optimal-tree/1"}', "no 'tree' key"),
    ('{"game": [1], "tree": {"guess": "salet"}}', "'game' block must be an object"),
    ('{"game": {"length": "five"}, "tree": {"guess": "salet"}}', "'length' must be a word length"),
    ('{"game": {"length": true}, "tree": {"guess": "salet"}}', "'length' must be a word length"),
    ('{"game": {"rule": ["wordle"]}, "tree": {"guess": "salet"}}', "unknown game"),
    ('{"tree": {"guess": 5}}', "needs a 'guess' string"),
    ('{"tree": {"guess": "salet", "branches": ["BBBBB"]}}', "must be an object"),
    ('{"tree": {"guess": "salet", "branches": {"QQQQQ": {"guess": "courd"}}}}', "QQQQQ"),
    ('{"tree": ' + '{"guess": "salet", "branches": {"BBBBB": ' * 3000 + "{}" + "}}" * 3000 + "}",
     "nested too deeply"),
    ("salet BBBBB1 courd GGGGG\u00b2", "bad token"),  # a superscript digit is no guess number
    ("salet BBBBB1", "does not end with an all-green reply"),
])
def test_parse_tree_text_rejects_malformed_trees_with_one_clear_line(text, message):
    with pytest.raises(BadInput, match=message.replace("(", r"\(")) as raised:
        parse_tree_text(text, "pasted")
    assert "\n" not in str(raised.value)
