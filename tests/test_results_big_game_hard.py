"""The committed proof that in hard mode, with every allowed word an answer (`--lists big`), no first
word finds every answer within 6 guesses (`results/big-game/guesses-12972-guesses-12972-hard-d6-worst/`).

For each first word the run names one branch (a reply to it) whose answers cannot all be found
within the 5 guesses left, from the clues that reply gives: a tree for the whole game would be one
for that branch (replay it: each answer's path is unchanged), so the word has none. Checked here
against the run's own files, and again for a sample of first words by brute force: the branch is
rebuilt with the plain reply rule (no reply matrix of the engine's), and every hard-mode guess
sequence is tried on it (`brute_can_finish`, which shares no code with the search kernels).
The same checks, with 6 guesses left, cover the first words the within-7 run has refuted so far
(`...-hard-d7-worst/`, a resumable run in progress: only its checkpoint is committed).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from optimal.cli.checkpoint import intact_checkpoint
from optimal.game import Game, HardState
from optimal.rules.wordle import reply
from optimal.tree import Node, node_from_json, verify
from optimal.words import WordList, load_words
from tests.helpers import by_reply
from tests.test_worst_case import brute_can_finish

RUN = (Path(__file__).resolve().parent.parent / "results" / "big-game"
       / "guesses-12972-guesses-12972-hard-d6-worst")
WORDS = load_words("guesses-12972")


@pytest.fixture(scope="module")
def summary() -> dict:
    return json.loads((RUN / "summary.json").read_text())


def test_every_first_word_is_refuted_by_a_named_branch(summary):
    """The run covers all 12,972 first words (every one is an answer, so every one is useful),
    none is feasible, and each names the reply and size of a branch it cannot finish."""
    game = summary["game"]
    assert game["answers"]["sha256"] == game["guesses"]["sha256"] == WORDS.sha256
    assert game["mode"] == "hard" and summary["objective"] == "worst" and summary["max_guesses"] == 6
    assert summary["feasible"] == [] and len(summary["results"]) == len(WORDS.words)
    assert {r["word"] for r in summary["results"]} == set(WORDS.words)
    for result in summary["results"]:
        assert not result["feasible"] and result["failing"], result["word"]
        assert result["failing"][0]["answers"] >= 2 and len(result["failing"][0]["reply"]) == 5


def branch(first: str, reply_text: str) -> tuple[str, ...]:
    """The answers (all allowed words) that give `reply_text` to `first`, by the plain rule."""
    code = Game(WordList("one", (first,), "test"), WordList("one", (first,), "test")).parse_reply(
        reply_text)
    return tuple(w for w in WORDS.words if reply(first, w) == code)


#: Openers of every kind: the normal-mode bests, vowel-heavy, consonant-only (CHYND and NYMPH, which
#: the families -ILLS, -IGHT, ... could not refute), weak ones, the pangram words; each names a
#: branch of at most 40 answers, which the brute force settles in a second or two.
SAMPLE = ("lants", "tares", "salet", "crane", "chynd", "nymph", "crwth", "phpht", "kudzu",
          "vivid", "audio", "adieu", "jumbo", "fjord", "waltz", "gucks", "vibex")


@pytest.mark.parametrize("first", SAMPLE)
def test_the_named_branch_cannot_be_finished_by_brute_force(summary, first):
    result = next(r for r in summary["results"] if r["word"] == first)
    failing = result["failing"][0]
    answers = branch(first, failing["reply"])
    assert len(answers) == failing["answers"] <= 40
    game = Game(WordList("branch", answers, "test"), WORDS, "hard", 6)
    state = HardState.initial(5).after(first, game.parse_reply(failing["reply"]))
    assert not brute_can_finish(game, list(range(len(answers))), 5, state=state)


# ---------------------------------------------------------------- within 7 (a run in progress)

RUN7 = RUN.parent / "guesses-12972-guesses-12972-hard-d7-worst"


@pytest.fixture(scope="module")
def within_7() -> dict[str, dict]:
    """The committed checkpoint of the within-7 run (`--max-depth 7 --all`, resumable): format, tool
    and digest checked as a resuming run checks them."""
    ident, results = intact_checkpoint(RUN7 / "checkpoint-worst-all.json")
    assert ident["answers"]["sha256"] == ident["guesses"]["sha256"] == WORDS.sha256
    assert (ident["mode"], ident["objective"], ident["max_guesses"]) == ("hard", "worst", 7)
    return results


def test_the_within_7_run_names_a_branch_for_each_word_it_refuted(within_7):
    assert len(within_7) >= 900 and set(within_7) <= set(WORDS.words)
    for word, result in within_7.items():
        assert result["feasible"] or result["failing"], word
        if not result["feasible"]:
            failing = result["failing"][0]
            assert failing["answers"] >= 2 and len(failing["reply"]) == 5, word
    for word in sorted(within_7)[::50]:  # the branch's size, rebuilt with the plain rule
        if not within_7[word]["feasible"]:
            failing = within_7[word]["failing"][0]
            assert len(branch(word, failing["reply"])) == failing["answers"], word


#: First words of the within-7 run whose named branch is small enough for the brute force with 6
#: guesses left (1 to 4 s each): openers good in normal mode, and others spread over the run.
SAMPLE7 = ("tares", "salet", "trace", "slate", "prise", "cried", "caret", "coats")


@pytest.mark.parametrize("first", SAMPLE7)
def test_the_within_7_branch_cannot_be_finished_by_brute_force(within_7, first):
    failing = within_7[first]["failing"][0]
    answers = branch(first, failing["reply"])
    assert len(answers) == failing["answers"] <= 16
    game = Game(WordList("branch", answers, "test"), WORDS, "hard", 7)
    state = HardState.initial(5).after(first, game.parse_reply(failing["reply"]))
    assert not brute_can_finish(game, list(range(len(answers))), 6, state=state)


# ---------------------------------------------------------------- the hunt's kept branches

HUNT = RUN.parent / "guesses-12972-guesses-12972-hard-d7-hunt"


@pytest.mark.slow
@pytest.mark.parametrize("first", ["thump", "chomp"])
def test_each_branch_the_hunt_kept_finds_its_answers_within_7(first):
    """The hunt for a hard-mode tree within 7 (a resumable run in progress) keeps each branch of
    its first word it has found. Each one is replayed here on the answers of its branch, those
    answers found with the plain reply rule (no matrix of the engine's), every guess checked for
    hard-mode legality; and the count the README gives is the checkpoint's."""
    ident, kept = intact_checkpoint(HUNT / f"checkpoint-hunt-{first}.json")
    assert ident["answers"]["sha256"] == ident["guesses"]["sha256"] == WORDS.sha256
    assert (ident["mode"], ident["max_guesses"], ident["first"]) == ("hard", 7, first)
    groups = by_reply(first, WORDS.words)
    parse = Game(WordList("one", (first,), "test"), WordList("one", (first,), "test")).parse_reply
    won = parse("GGGGG")
    for text, entry in kept.items():
        code = parse(text)
        assert code != won and code in groups, text
        part = Game(WordList("branch", tuple(groups[code]), "test"), WORDS, "hard", 7)
        tree = Node(first, {code: node_from_json(entry, 5)})
        assert verify(tree, part).ok, text
    claim = f"{len(kept)} of {first.upper()}'s {len(groups) - 1} branches"
    assert claim in (RUN.parent.parent / "README.md").read_text(), claim
