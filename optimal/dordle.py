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
import os
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from optimal.errors import BadInput, CannotWrite, DefectiveTree
from optimal.files import read_regular
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
        """Whether the replay found no problem."""
        return not self.problems


def verify(tree: DordleNode, game: Game, limit: int | None = None) -> DordleVerification:
    """Replay every ordered pair (a, b), a != b, through `tree`: at each node the guess must be
    allowed, the tree must have a branch for the replies on the open boards, and both answers
    must be found within `limit` guesses (default: the game's guess limit). Replies come from the
    rule's plain `reply` (each guess-answer reply computed once), never from the reply matrix."""
    return verify_branches(tree.guess, iter(tree.branches.items()), game, limit)


def verify_branches(guess: str, branches: Iterator[tuple[Replies, DordleNode]], game: Game,
                    limit: int | None = None,
                    on_branch: Callable[[Replies, DordleNode], None] | None = None
                    ) -> DordleVerification:
    """`verify` for a tree given as its first guess and its branches one at a time, so that a
    tree too big for memory (a node per state: millions for the full lists) can be checked a
    branch at a time: the games are grouped by their replies to the first guess, and each branch
    replays its own games as it arrives. `on_branch` receives each branch whose games all passed
    (e.g. to write it), and may then drop it."""
    if game.hard:
        raise BadInput("Dordle has no hard mode")
    limit = game.max_guesses if limit is None else limit
    words = game.answers.words
    n = len(words)
    allowed = set(game.guesses.words)
    rule, won = game.rule, game.won
    replies: dict[tuple[str, str], int] = {}

    def reply(g: str, answer: str) -> int:
        code = replies.get((g, answer))
        if code is None:
            code = replies[(g, answer)] = rule.reply(g, answer)
        return code

    counts = np.zeros(game_count(n), dtype=np.int64)
    problems: list[str] = []
    if guess not in allowed:
        return DordleVerification(counts, [f"the first guess {guess.upper()} is not in the guess list"])
    first = np.array([reply(guess, w) for w in words], dtype=np.int64)
    board1, board2, groups = _games_by_first_replies(first, game.n_codes)

    def replay(node: DordleNode, a: int, b: int, open_: list[bool]) -> int | str:
        """The guesses the game takes from `node` on (guess 2), or what is wrong."""
        answers, number = (words[a], words[b]), 1
        while True:
            number += 1
            where = f"game {answers[0].upper()}/{answers[1].upper()}: guess {number} {node.guess.upper()}"
            if node.guess not in allowed:
                return f"{where} is not in the guess list"
            codes = tuple(reply(node.guess, answers[k]) if open_[k] else None for k in range(BOARDS))
            for k in range(BOARDS):
                if codes[k] == won:
                    open_[k] = False
            if not any(open_):
                return number
            child = node.branches.get(codes)
            if child is None:
                return f"{where} ({replies_text(codes, game)}): the tree has no next guess"
            if number >= limit:
                return f"game {answers[0].upper()}/{answers[1].upper()}: not found within {limit} guesses"
            node = child

    for codes, node in branches:
        passed = True
        for index in groups.pop(codes, np.zeros(0, np.int64)).tolist():
            result = replay(node, int(board1[index]), int(board2[index]),
                            [codes[0] != won, codes[1] != won])
            if isinstance(result, str):
                passed = False
                if len(problems) < 100:
                    problems.append(result)
            else:
                counts[index] = result
        if passed and on_branch:
            on_branch(codes, node)
    problems += _unbranched(groups, board1, board2, guess, game)
    if limit < 1:
        problems.append(f"a guess limit of {limit} finds nothing")
    return DordleVerification(counts, problems)


def _games_by_first_replies(first: np.ndarray, n_codes: int
                            ) -> tuple[np.ndarray, np.ndarray, dict[Replies, np.ndarray]]:
    """Every game (a, b), a != b, in `ordered_pairs` order, as its two boards' answer indices, and
    the games' indices grouped by their replies to the first guess (`first[answer]`): one group per
    branch of the tree, so each branch replays only its own games."""
    n = first.size
    board1 = np.repeat(np.arange(n), n)
    board2 = np.tile(np.arange(n), n)
    keep = board1 != board2
    board1, board2 = board1[keep], board2[keep]
    keys = first[board1] * n_codes + first[board2]
    order = np.argsort(keys, kind="stable")
    starts = np.flatnonzero(np.r_[True, keys[order][1:] != keys[order][:-1]])
    groups = {(int(keys[order[i]] // n_codes), int(keys[order[i]] % n_codes)):
              order[i:j] for i, j in zip(starts, np.r_[starts[1:], order.size])}
    return board1, board2, groups


def _unbranched(groups: dict[Replies, np.ndarray], board1: np.ndarray, board2: np.ndarray,
                guess: str, game: Game) -> list[str]:
    """One problem per group of games left in `groups`: their replies to the first guess have no
    branch in the tree (the first game named, and how many more)."""
    words = game.answers.words
    problems = []
    for codes, indices in groups.items():
        a, b = board1[indices[0]], board2[indices[0]]
        problems.append(f"game {words[a].upper()}/{words[b].upper()}: guess 1 {guess.upper()} "
                        f"({replies_text(codes, game)}): the tree has no next guess"
                        + (f" (and {len(indices) - 1} more games)" if len(indices) > 1 else ""))
    return problems


@dataclass(frozen=True)
class VerifiedDordleTree:
    """A Dordle tree with the guess counts its replay gave: the only form in which the tool
    writes one (see `verified`, and `verified_branches` for a tree too big for memory, which is
    written as it is verified and kept only as its counts: `tree` None)."""

    tree: DordleNode | None
    game: Game
    counts: np.ndarray  # per ordered pair of different answers, in `ordered_pairs` order

    @property
    def total(self) -> int:
        """Guesses over every game (ordered pair of answers)."""
        return int(self.counts.sum())

    @property
    def games(self) -> int:
        """How many games were replayed (ordered pairs of different answers)."""
        return int(self.counts.size)

    @property
    def mean(self) -> float:
        """Guesses per game on average."""
        return self.total / self.games

    def stats(self) -> dict:
        """Total, mean, worst and histogram over the games (the `stats` block of a tree file)."""
        summary = summarize(self.counts).as_dict()
        summary["games"] = summary.pop("answers")
        return summary


def verified(tree: DordleNode, game: Game) -> VerifiedDordleTree:
    """Replay every game through `tree` (DefectiveTree if any fails) and keep the counts."""
    return VerifiedDordleTree(tree, game, _passed(verify(tree, game)).counts)


def verified_branches(guess: str, branches: Iterator[tuple[Replies, DordleNode]], game: Game,
                      path: str | Path | None = None,
                      document: Callable[[VerifiedDordleTree], tuple[dict, dict]] | None = None
                      ) -> VerifiedDordleTree:
    """Verify a tree given as its first guess and its branches one at a time (`verify_branches`;
    DefectiveTree if any game fails). With `path`, each branch is written as soon as its games
    pass, and the file gets its name only when every game has passed, with the stats and
    provenance `document(result)` gives; nothing is written otherwise."""
    if path is None:
        return VerifiedDordleTree(None, game, _passed(verify_branches(guess, branches, game)).counts)
    with DordleTreeFile(path, game, guess) as out:
        result = VerifiedDordleTree(None, game, _passed(
            verify_branches(guess, branches, game, on_branch=out.add)).counts)
        out.finish(*document(result))
    return result


def _passed(result: DordleVerification) -> DordleVerification:
    if not result.ok:
        more = f" (and {len(result.problems) - 1} more)" if len(result.problems) > 1 else ""
        raise DefectiveTree(f"Dordle tree is defective: {result.problems[0]}{more}")
    return result


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
    """A Dordle tree as JSON: each node's guess and its branches keyed by the reply pair's text,
    sorted so equal trees give equal files."""
    if not node.branches:
        return {"guess": node.guess}
    branches = {replies_text(codes, game): node_to_json(child, game)
                for codes, child in node.branches.items()}
    return {"guess": node.guess, "branches": dict(sorted(branches.items()))}


def node_from_json(data: dict, length: int, rule: Rule) -> DordleNode:
    """A Dordle tree read from JSON (as written by `node_to_json`, in any reply spelling the rule
    accepts); BadInput on a malformed node."""
    if not isinstance(data, dict) or not isinstance(data.get("guess"), str):
        raise BadInput("Dordle tree JSON: every node needs a 'guess' string")
    branches = data.get("branches") or {}
    if not isinstance(branches, dict):
        raise BadInput(f"Dordle tree JSON: branches of {data['guess'].upper()} must be an object")
    node = DordleNode(data["guess"].strip().lower())
    for text, child in branches.items():
        node.branches[parse_replies(text, length, rule)] = node_from_json(child, length, rule)
    return node


class DordleTreeFile:
    """A Dordle tree file written a branch at a time (a tree has a node per state, millions for
    the full lists): the document's game block and first guess, then each branch as it is
    verified, then the stats and provenance, on one line; gzipped when the name ends in .gz,
    reproducibly (no time stamp in the gzip header). It is written to a temporary file that
    takes its name only in `finish`, so an interrupted or failed verification leaves nothing (and
    an earlier file of that name intact)."""

    def __init__(self, path: str | Path, game: Game, guess: str):
        self.path, self.game = Path(path), game
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, self.tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".tmp",
                                            dir=self.path.parent)
            self.raw = os.fdopen(fd, "wb")
        except OSError as error:
            raise CannotWrite(f"cannot write {self.path}: {error.strerror or error}") from None
        self.out = (gzip.GzipFile(fileobj=self.raw, mode="wb", mtime=0)
                    if self.path.name.endswith(".gz") else self.raw)
        block = dict(game.describe(), boards=BOARDS)
        self._write('{"format": "%s", "game": %s, "tree": {"guess": %s, "branches": {'
                    % (DORDLE_FORMAT, json.dumps(block), json.dumps(guess)))
        self.first = True

    def _write(self, text: str) -> None:
        try:
            self.out.write(text.encode("utf-8"))
        except OSError as error:
            self.abort()
            raise CannotWrite(f"cannot write {self.path}: {error.strerror or error}") from None

    def add(self, codes: Replies, node: DordleNode) -> None:
        """One branch of the first guess (call it once its games are verified)."""
        self._write(("" if self.first else ", ") + json.dumps(replies_text(codes, self.game))
                    + ": " + json.dumps(node_to_json(node, self.game)))
        self.first = False

    def finish(self, stats: dict, provenance: dict) -> Path:
        """Close the document and give the file its name."""
        self._write('}}, "stats": %s, "provenance": %s}\n' % (json.dumps(stats), json.dumps(provenance)))
        try:
            if self.out is not self.raw:
                self.out.close()
            self.raw.flush()
            os.fsync(self.raw.fileno())
            self.raw.close()
            os.chmod(self.tmp, 0o644)
            os.replace(self.tmp, self.path)
        except OSError as error:
            self.abort()
            raise CannotWrite(f"cannot write {self.path}: {error.strerror or error}") from None
        return self.path

    def abort(self) -> None:
        """Drop the temporary file (the target is left as it was)."""
        for handle in (self.out, self.raw):
            try:
                handle.close()
            except OSError:
                pass
        try:
            os.unlink(self.tmp)
        except OSError:
            pass

    def __enter__(self) -> "DordleTreeFile":
        return self

    def __exit__(self, kind, error, trace) -> bool:
        if kind is not None:
            self.abort()
        return False


def write_json(path: str | Path, tree: VerifiedDordleTree, stats: dict, provenance: dict) -> Path:
    """Write a verified Dordle tree that is in memory (see DordleTreeFile)."""
    with DordleTreeFile(path, tree.game, tree.tree.guess) as out:
        for codes, node in tree.tree.branches.items():
            out.add(codes, node)
        return out.finish(stats, provenance)


def read_json(path: str | Path) -> tuple[DordleNode, dict]:
    """A Dordle tree file (.json or .json.gz): the tree and the rest of the document."""
    path = Path(path)
    try:
        raw = read_regular(path)
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
