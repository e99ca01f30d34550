"""Dordle: two boards, every guess played on both, the game over when both answers are found.

The strategy is still a decision tree, but a node's branches are keyed by the replies on both
boards: `(reply on board 1, reply on board 2)`, where a board solved by an earlier guess shows
None (in text `-`) and a board solved by this guess shows its all-green reply. A node with no
branches is a guess that finishes every board still open.

The objective. The two answers of a Dordle game are different words (Dordle never puts one word on
both boards), so the games are the ordered pairs (a, b) of different answers: n(n - 1) of them
for n answers (5,356,910 for the 2,315 original answers). A strategy's *total* is the sum over
those games of the guesses it takes to find both words; the mean number of guesses per game is
the total divided by n(n - 1). Ordered, because the boards are told apart (board 1's reply comes
first); the value of (a, b) and (b, a) is the same for any sensible strategy, so the total is
twice the total over unordered pairs.

`verify` replays every ordered pair through a tree with the rule's plain `reply`, not with the
matrix a search used, and checks the guess list and the guess limit (Dordle allows 7 guesses:
`dordle_limit`, the number of boards plus 5).
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from optimal.errors import BadInput, DefectiveTree
from optimal.files import atomic_write_bytes, atomic_write_text
from optimal.game import Game
from optimal.report import summarize
from optimal.rules import Rule, rule_named

BOARDS = 2
DORDLE_FORMAT = "optimal-dordle-tree/1"
SOLVED = "-"  # how a reply key shows a board solved before the node's guess

Replies = tuple[int | None, ...]  # one reply code per board; None: that board was solved earlier


def dordle_limit(boards: int = BOARDS) -> int:
    """The guess limit of the multi-board games: Dordle 7, Quordle 9, Octordle 13 (boards + 5)."""
    return boards + 5


def game_count(n: int) -> int:
    """How many Dordle games (ordered pairs of different answers) n answers make."""
    return n * (n - 1)


def ordered_pairs(n: int) -> Iterator[tuple[int, int]]:
    """Every Dordle game of n answers as (board 1 answer, board 2 answer) indices, a != b, in the
    order the counts of a verification are kept."""
    for a in range(n):
        for b in range(n):
            if a != b:
                yield a, b


@dataclass
class DordleNode:
    """A guess, and the subtree to follow for each pair of replies (see the module)."""

    guess: str
    branches: dict[Replies, "DordleNode"] = field(default_factory=dict)

    def nodes(self) -> Iterator["DordleNode"]:
        """Every node, depth first."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(node.branches.values())


# ---------------------------------------------------------------- verification


@dataclass
class DordleVerification:
    """What replaying every ordered pair of different answers through a tree found."""

    counts: np.ndarray  # guesses used per game, in `ordered_pairs` order (0 for a failed game)
    problems: list[str]  # each one makes the tree invalid for the game

    @property
    def ok(self) -> bool:
        return not self.problems


def verify(tree: DordleNode, game: Game, limit: int | None = None) -> DordleVerification:
    """Replay every ordered pair (a, b), a != b, through `tree`: at each node the guess must be
    allowed, the tree must have a branch for the replies on the open boards, and both answers
    must be found within `limit` guesses (default: the game's guess limit). Replies come from the
    rule's plain `reply` (each guess-answer reply computed once), never from the reply matrix."""
    if game.hard:
        raise BadInput("Dordle has no hard mode")
    limit = game.max_guesses if limit is None else limit
    words = game.answers.words
    allowed = set(game.guesses.words)
    rule, won = game.rule, game.won
    replies: dict[tuple[str, str], int] = {}
    counts = np.zeros(game_count(len(words)), dtype=np.int64)
    problems: list[str] = []

    def reply(guess: str, answer: str) -> int:
        key = (guess, answer)
        code = replies.get(key)
        if code is None:
            code = replies[key] = rule.reply(guess, answer)
        return code

    for index, (a, b) in enumerate(ordered_pairs(len(words))):
        answers = (words[a], words[b])
        open_ = [True, True]
        node, number = tree, 0
        while True:
            number += 1
            where = f"game {answers[0].upper()}/{answers[1].upper()}: guess {number} {node.guess.upper()}"
            if node.guess not in allowed:
                problems.append(f"{where} is not in the guess list")
                break
            codes = tuple(reply(node.guess, answers[k]) if open_[k] else None for k in range(BOARDS))
            for k in range(BOARDS):
                if codes[k] == won:
                    open_[k] = False
            if not any(open_):
                if number > limit:
                    problems.append(f"game {answers[0].upper()}/{answers[1].upper()}: needs "
                                    f"{number} guesses, more than the limit of {limit}")
                else:
                    counts[index] = number
                break
            child = node.branches.get(codes)
            if child is None:
                problems.append(f"{where} ({replies_text(codes, game)}): the tree has no next guess")
                break
            if number >= limit:
                problems.append(f"game {answers[0].upper()}/{answers[1].upper()}: not found within "
                                f"{limit} guesses")
                break
            node = child
        if len(problems) > 100:
            problems.append("... (stopped after 100 problems)")
            break
    return DordleVerification(counts, problems)


@dataclass(frozen=True)
class VerifiedDordleTree:
    """A Dordle tree with the guess counts its replay gave: the only form in which the tool
    writes one (see `verified`)."""

    tree: DordleNode
    game: Game
    counts: np.ndarray  # per ordered pair of different answers, in `ordered_pairs` order

    @property
    def total(self) -> int:
        return int(self.counts.sum())

    @property
    def games(self) -> int:
        return int(self.counts.size)

    @property
    def mean(self) -> float:
        return self.total / self.games

    def stats(self) -> dict:
        """Total, mean, worst and histogram over the games (the `stats` block of a tree file)."""
        summary = summarize(self.counts).as_dict()
        summary["games"] = summary.pop("answers")
        return summary


def verified(tree: DordleNode, game: Game) -> VerifiedDordleTree:
    """Replay every game through `tree` (DefectiveTree if any fails) and keep the counts."""
    result = verify(tree, game)
    if not result.ok:
        more = f" (and {len(result.problems) - 1} more)" if len(result.problems) > 1 else ""
        raise DefectiveTree(f"Dordle tree is defective: {result.problems[0]}{more}")
    return VerifiedDordleTree(tree, game, result.counts)


# ---------------------------------------------------------------- JSON


def replies_text(codes: Replies, game: Game) -> str:
    """A branch key as text: 'BBYBB/GYBBB', '-/BBYBB' (board 1 solved earlier)."""
    return "/".join(SOLVED if code is None else game.rule.to_string(code, game.length)
                    for code in codes)


def parse_replies(text: str, length: int, rule: Rule) -> Replies:
    """A branch key from its text (any reply spelling the rule accepts, '-' for a solved board)."""
    parts = text.split("/")
    if len(parts) != BOARDS:
        raise BadInput(f"Dordle tree JSON: branch {text!r} needs {BOARDS} replies separated by '/'")
    return tuple(None if part.strip() == SOLVED else rule.parse(part, length) for part in parts)


def node_to_json(node: DordleNode, game: Game) -> dict:
    if not node.branches:
        return {"guess": node.guess}
    branches = {replies_text(codes, game): node_to_json(child, game)
                for codes, child in node.branches.items()}
    return {"guess": node.guess, "branches": dict(sorted(branches.items()))}


def node_from_json(data: dict, length: int, rule: Rule) -> DordleNode:
    if not isinstance(data, dict) or not isinstance(data.get("guess"), str):
        raise BadInput("Dordle tree JSON: every node needs a 'guess' string")
    branches = data.get("branches") or {}
    if not isinstance(branches, dict):
        raise BadInput(f"Dordle tree JSON: branches of {data['guess'].upper()} must be an object")
    node = DordleNode(data["guess"].strip().lower())
    for text, child in branches.items():
        node.branches[parse_replies(text, length, rule)] = node_from_json(child, length, rule)
    return node


def tree_document(tree: VerifiedDordleTree, stats: dict, provenance: dict) -> dict:
    """The whole JSON document of a verified Dordle tree."""
    game = tree.game
    described = dict(game.describe(), boards=BOARDS)
    return {"format": DORDLE_FORMAT, "game": described, "stats": stats, "provenance": provenance,
            "tree": node_to_json(tree.tree, game)}


def write_json(path: str | Path, tree: VerifiedDordleTree, stats: dict, provenance: dict) -> None:
    """Write a verified Dordle tree (atomically; on one line, since a tree has a node per state;
    gzipped when the name ends in .gz, reproducibly: no time stamp in the gzip header)."""
    text = json.dumps(tree_document(tree, stats, provenance)) + "\n"
    if str(path).endswith(".gz"):
        atomic_write_bytes(path, gzip.compress(text.encode("utf-8"), mtime=0))
    else:
        atomic_write_text(path, text)


def read_json(path: str | Path) -> tuple[DordleNode, dict]:
    """A Dordle tree file (.json or .json.gz): the tree and the rest of the document."""
    path = Path(path)
    try:
        raw = path.read_bytes()
        if raw[:2] == b"\x1f\x8b":
            raw = gzip.decompress(raw)
        document = json.loads(raw.decode("utf-8"))
    except (OSError, EOFError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise BadInput(f"cannot read Dordle tree {path}: {error}") from None
    if not isinstance(document, dict) or document.get("format") != DORDLE_FORMAT:
        raise BadInput(f"{path}: not a Dordle tree file (format {DORDLE_FORMAT})")
    block = document.get("game") or {}
    tree = node_from_json(document.get("tree"), int(block.get("length", 5)),
                          rule_named(block.get("rule", "wordle")))
    return tree, {key: value for key, value in document.items() if key != "tree"}
