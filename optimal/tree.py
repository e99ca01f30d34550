"""Decision trees: the one shape every strategy takes.

A node holds a guess and one subtree per reply; the all-green reply is implicit, and a node with no
branches is a final guess of the only remaining answer. Trees are read and written as JSON
(`optimal-tree/1`, see DESIGN.md) and in Selby's line format, and `verify` replays every answer
through a tree with the plain feedback rule, independently of whatever built the tree.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from optimal.errors import BadInput, DefectiveTree, quoted
from optimal.rules import WORDLE, Rule, rule_named
from optimal.rules.wordle import all_green, parse_reply, reply_to_string
from optimal.files import atomic_write_text, read_regular
from optimal.game import Game
from optimal.rules import MODES

TREE_FORMAT = "optimal-tree/1"


@dataclass
class Node:
    """A guess, and the subtree to follow for each reply code other than all-green."""

    guess: str
    branches: dict[int, "Node"] = field(default_factory=dict)

    def nodes(self):
        """Every node of the tree, depth first."""
        yield self
        for child in self.branches.values():
            yield from child.nodes()


# ---------------------------------------------------------------- walking and playing


def path_of(tree: Node, answer: str, limit: int = 64, rule: Rule = WORDLE) -> list[tuple[str, int]]:
    """The (guess, reply) steps the tree plays against `answer`, ending with the winning step.

    Raises DefectiveTree when the tree has no branch for a reply, or ends without finding it.
    """
    won = rule.won(len(answer))
    node, steps = tree, []
    while len(steps) < limit:
        if len(node.guess) != len(answer):
            raise DefectiveTree(f"answer {answer.upper()}: guess {node.guess.upper()} has "
                                f"{len(node.guess)} letters")
        code = rule.reply(node.guess, answer)
        steps.append((node.guess, code))
        if code == won:
            return steps
        if code not in node.branches:
            raise DefectiveTree(f"answer {answer.upper()}: after {node.guess.upper()} "
                                f"({rule.to_string(code, len(answer))}) the tree has no next guess")
        node = node.branches[code]
    raise DefectiveTree(f"answer {answer.upper()}: not found within {limit} guesses")


def play(tree: Node, game: Game, answer: str) -> list[str]:
    """A transcript of the tree playing against `answer`, one line per guess."""
    word = answer.strip().lower()
    game.answer_id(word)  # BadInput naming the lists that have it
    lines, history = [], []
    for number, (guess, code) in enumerate(path_of(tree, word, rule=game.rule), start=1):
        history.append((guess, code))
        # After the winning reply the one answer left is the one just found: "Remaining: 1" read
        # as one still to find, so the last line says it was solved.
        left = ("solved" if code == game.won
                else f"Remaining: {len(game.candidates(history))}")
        lines.append(f"Guess {number}: {guess.upper()}, Reply: {game.reply_text(code)}; {left}")
    return lines


# ---------------------------------------------------------------- verification


@dataclass
class Verification:
    """What replaying every answer through a tree found."""

    guesses: dict[str, int]  # answer -> number of guesses used (only answers that were found)
    problems: list[str]  # defects: each one makes the tree invalid for the game
    notes: list[str]  # harmless oddities, e.g. branches that no answer reaches

    @property
    def ok(self) -> bool:
        """Whether the replay found no problem."""
        return not self.problems

    def counts(self) -> np.ndarray:
        """Guesses used per answer, as an array (for reports)."""
        return np.array(list(self.guesses.values()), dtype=np.int64)


def verify(tree: Node, game: Game) -> Verification:
    """Replay every answer through `tree` and check it against the game's rules.

    Checks, for every answer and at every step: the guess is in the guess list, in hard mode it is
    legal given the replies so far, the tree has a next guess for the true reply, and the answer is
    found within `game.max_guesses`. Replies come from the rule's plain `reply` function, not from
    the matrix the search used, so a bug there cannot hide itself.
    """
    guesses, problems, reached = {}, [], set()
    allowed = set(game.guesses.words)
    rule, won = game.rule, game.won
    # Every answer that reaches a place of the tree (the replies from the root) has the same rule
    # state there and the same verdict on its guess: both are worked out once per place (keyed by
    # the replies, not the node, in case a node object is shared); the replies once per answer.
    states: dict[tuple, object] = {(): game.start_state()}
    violations: dict[tuple, str | None] = {}
    for answer in game.answers.words:
        node, number, place = tree, 0, ()
        while True:
            number += 1
            reached.add(id(node))
            guess = node.guess
            if guess not in allowed:
                problems.append(f"{_step(answer, number, guess)} is not in the guess list")
                break
            if game.hard:
                if place not in violations:
                    violations[place] = states[place].violation(guess)
                why = violations[place]
                if why:
                    problems.append(f"{_step(answer, number, guess)} breaks {game.mode_name} ({why})")
                    break
            code = rule.reply(guess, answer)
            if code == won:
                if number > game.max_guesses:
                    problems.append(f"answer {answer.upper()}: needs {number} guesses, more than "
                                    f"the limit of {game.max_guesses}")
                else:
                    guesses[answer] = number
                break
            if code not in node.branches:
                problems.append(f"{_step(answer, number, guess)} ({rule.to_string(code, game.length)}): "
                                "the tree has no next guess")
                break
            if number >= max(64, game.max_guesses + 1):
                problems.append(f"answer {answer.upper()}: not found within {number} guesses")
                break
            if game.hard:
                below = place + (code,)
                if below not in states:
                    states[below] = states[place].after(guess, code)
                place = below
            node = node.branches[code]
    unreached = 0 if problems else sum(1 for node in tree.nodes() if id(node) not in reached)
    notes = [f"{unreached} node(s) of the tree are reached by no answer"] if unreached else []
    return Verification(guesses, problems, notes)


def _step(answer: str, number: int, guess: str) -> str:
    """Where a replay went wrong: the answer and the guess, for `verify`'s problems."""
    return f"answer {answer.upper()}: guess {number} {guess.upper()}"


def check(tree: Node, game: Game) -> np.ndarray:
    """Guesses per answer (in answer order) of a tree that must be valid; DefectiveTree otherwise."""
    result = verify(tree, game)
    if not result.ok:
        more = f" (and {len(result.problems) - 1} more)" if len(result.problems) > 1 else ""
        raise DefectiveTree(f"tree is defective: {result.problems[0]}{more}")
    return np.array([result.guesses[w] for w in game.answers.words], dtype=np.int64)


@dataclass(frozen=True)
class VerifiedTree:
    """A tree with the guess counts its replay gave: the only form in which the tool writes a
    tree (see `verified`), so nothing unverified reaches a file."""

    tree: Node
    game: Game
    counts: np.ndarray

    @property
    def total(self) -> int:
        """Guesses over every answer."""
        return int(self.counts.sum())

    @property
    def objective(self) -> int:
        """What the search minimises, from the replayed counts: the total, or on a weighted game
        the sum of each answer's integer weight times its guesses."""
        weights = self.game.weights
        return self.total if weights is None else weights.weighted_total(self.counts)


def verified(tree: Node, game: Game) -> VerifiedTree:
    """Replay every answer through `tree` (DefectiveTree if any fails) and keep the counts."""
    return VerifiedTree(tree, game, check(tree, game))


# ---------------------------------------------------------------- JSON


def node_to_json(node: Node, length: int, rule: Rule = WORDLE) -> dict:
    """A node as the JSON format writes it (branches sorted by reply text)."""
    if not node.branches:
        return {"guess": node.guess}
    branches = {rule.to_string(code, length): node_to_json(child, length, rule)
                for code, child in node.branches.items()}
    return {"guess": node.guess, "branches": dict(sorted(branches.items()))}


MAX_TREE_DEPTH = 100  # no tree within the guess limits (at most 64) is deeper


def node_from_json(data: dict, length: int | None = None, rule: Rule = WORDLE,
                   defects: list[str] | None = None, depth: int = 1) -> Node:
    """A node from its JSON form; replies may use any accepted spelling. Two branches naming the
    same reply (`BBBBB` and `00000`, or one key twice) are a defect of the tree: they are listed in
    `defects` when given (and the first one is kept), else raised as DefectiveTree."""
    if depth > MAX_TREE_DEPTH:
        raise BadInput(f"tree JSON: nested more than {MAX_TREE_DEPTH} levels deep")
    if not isinstance(data, dict) or not isinstance(data.get("guess"), str):
        raise BadInput("tree JSON: every node needs a 'guess' string")
    guess = data["guess"].strip().lower()
    if not (guess.isascii() and guess.isalpha() and 2 <= len(guess) <= 8):
        raise BadInput(f"tree JSON: guess {quoted(data['guess'])} is not a word of 2 to 8 letters")
    length = length or len(guess)
    branches = data.get("branches") or {}
    if not isinstance(branches, dict):
        raise BadInput(f"tree JSON: branches of {guess.upper()} must be an object")
    found = defects if defects is not None else []
    node, spelled = Node(guess), {}
    for text in getattr(branches, "duplicates", ()):
        found.append(f"{guess.upper()}: the branch {quoted(text)} appears twice")
    for text, child in branches.items():
        if not isinstance(text, str):
            raise BadInput(f"tree JSON: a reply of {guess.upper()} is not text")
        code = rule.parse(text, length)
        subtree = node_from_json(child, length, rule, found, depth + 1)
        if code in node.branches:
            found.append(f"{guess.upper()}: the branches {quoted(spelled[code])} and {quoted(text)} "
                         f"are the same reply {rule.to_string(code, length)}")
            continue
        node.branches[code], spelled[code] = subtree, text
    if defects is None and found:
        raise DefectiveTree(f"tree is defective: {found[0]}")
    return node


def tree_document(tree: Node, game: Game, stats: dict, provenance: dict) -> dict:
    """The whole JSON document of a tree file."""
    return {"format": TREE_FORMAT, "game": game.describe(), "stats": stats,
            "provenance": provenance, "tree": node_to_json(tree, game.length, game.rule)}


def write_json(path: str | Path, tree: Node, game: Game, stats: dict, provenance: dict) -> None:
    """Write a tree file (atomically). The caller verifies the tree first (see `check`)."""
    atomic_write_text(path, json.dumps(tree_document(tree, game, stats, provenance), indent=1) + "\n")


# ---------------------------------------------------------------- Selby's line format


def selby_lines(tree: Node, answers: list[str] | tuple[str, ...]) -> list[str]:
    """The tree in Selby's line format: one line per answer, sorted by replies, each line indented
    to where it branches off the previous one."""
    paths = []
    for answer in answers:
        steps = path_of(tree, answer)
        paths.append([(guess, reply_to_string(code, len(answer)), k)
                      for k, (guess, code) in enumerate(steps, start=1)])
    paths.sort(key=lambda path: [r for _, r, _ in path])
    lines, previous = [], None
    for path in paths:
        tokens = [f"{guess} {r}{k}" for guess, r, k in path]
        if previous is None:
            lines.append(" ".join(tokens))
        else:
            level = next(i for i, (a, b) in enumerate(zip(path, previous)) if a[1] != b[1])
            indent = len(" ".join(tokens[:level] + [path[level][0]])) + 1
            lines.append(" " * indent + " ".join([f"{path[level][1]}{level + 1}"] + tokens[level + 1:]))
        previous = path
    return lines


def parse_selby(text: str, source: str = "tree") -> tuple[Node, list[str]]:
    """Read Selby's line format: the tree, and the answers (the word each line ends on)."""
    root: Node | None = None
    answers: list[str] = []
    previous = ""
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip(" "))
        if indent and (indent > len(previous) or previous[indent - 1] != " "):
            raise BadInput(f"{source} line {number}: indentation does not match the line above")
        full = previous[:indent] + line[indent:]
        previous = full
        tokens = full.split()
        if len(tokens) < 2 or len(tokens) % 2:
            raise BadInput(f"{source} line {number}: expected 'word REPLYn' pairs")
        length = len(tokens[0])
        node = None
        for level in range(len(tokens) // 2):
            word, mark = tokens[2 * level].lower(), tokens[2 * level + 1]
            if len(word) != length or not mark[length:].isdecimal() or int(mark[length:]) != level + 1:
                raise BadInput(f"{source} line {number}: bad token {quoted(word)} {quoted(mark)} at guess "
                               f"{level + 1}")
            code = parse_reply(mark[:length], length)
            if node is None:
                root = root or Node(word)
                node = root
            if node.guess != word:
                raise BadInput(f"{source} line {number}: guess {level + 1} is {word.upper()} but an "
                               f"earlier line has {node.guess.upper()} there")
            if code == all_green(length):
                if level != len(tokens) // 2 - 1:
                    raise BadInput(f"{source} line {number}: all-green reply before the end of the line")
                answers.append(word)
            elif level == len(tokens) // 2 - 1:
                raise BadInput(f"{source} line {number}: the line does not end with an all-green reply")
            else:
                next_word = tokens[2 * level + 2].lower()
                node = node.branches.setdefault(code, Node(next_word))
    if root is None:
        raise BadInput(f"{source}: no tree in the file")
    return root, answers


def write_selby(path: str | Path, tree: Node, answers: list[str] | tuple[str, ...]) -> None:
    """Write a tree in Selby's line format (atomically)."""
    atomic_write_text(path, "\n".join(selby_lines(tree, answers)) + "\n")


# ---------------------------------------------------------------- reading any tree file


@dataclass
class TreeFile:
    """A tree read from disk, with what the file says about itself."""

    tree: Node
    kind: str  # 'json' or 'selby'
    meta: dict  # the JSON document without its tree ({} for Selby files)
    answers: list[str] | None  # the answers a Selby file lists (None for JSON)
    defects: list[str] = field(default_factory=list)  # found while reading (a reply named twice)


class _Object(dict):
    """A JSON object that remembers the keys it was given more than once (json keeps the last)."""

    duplicates: tuple[str, ...] = ()


def _object(pairs: list[tuple[str, object]]) -> _Object:
    obj = _Object(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        obj.duplicates = tuple(k for k, _ in pairs if k in seen or seen.add(k))
    return obj


def read_tree(path: str | Path, keep_defects: bool = False) -> TreeFile:
    """Read a tree file in either format (JSON is recognised by its first character). A file
    that is malformed (wrong types, a key twice, nested absurdly deep) is BadInput; a tree that
    names one reply twice is DefectiveTree, or, with `keep_defects`, read with the defect listed in
    `defects` (for a verifier that reports every defect)."""
    path = Path(path)
    try:
        text = read_regular(path).decode("utf-8")
    except OSError as error:
        raise BadInput(f"cannot read tree {path}: {error.strerror or error}") from None
    except (UnicodeDecodeError, ValueError) as error:
        raise BadInput(f"cannot read tree {path}: {error}") from None
    return parse_tree_text(text, str(path), keep_defects)


def parse_tree_text(text: str, source: str = "tree", keep_defects: bool = False) -> TreeFile:
    """A tree from its text in either format (JSON is recognised by its first character): what
    `read_tree` does after reading the file, for text that arrives another way (pasted into the web
    page). `source` names it in error messages. Malformed text (wrong types, a key twice, nesting
    absurdly deep) is BadInput; a tree that names one reply twice is DefectiveTree, unless
    `keep_defects` (then its `defects` list them)."""
    if text.lstrip().startswith(("{", "[")):
        tree_file = _tree_from_json_text(text, source)
        if tree_file.defects and not keep_defects:
            raise DefectiveTree(f"{source}: tree is defective: {tree_file.defects[0]}")
        return tree_file
    tree, answers = parse_selby(text, source)
    return TreeFile(tree, "selby", {}, answers)


def _tree_from_json_text(text: str, source: str) -> TreeFile:
    try:
        document = json.loads(text, object_pairs_hook=_object)
    except json.JSONDecodeError as error:
        raise BadInput(f"{source}: not valid JSON ({error.msg}, line {error.lineno})") from None
    except (RecursionError, ValueError):
        raise BadInput(f"{source}: not a tree file (nested too deeply, or a number too long)") from None
    if not isinstance(document, dict) or "tree" not in document:
        raise BadInput(f"{source}: not a tree file (no 'tree' key)")
    try:
        check_document(document)
        game_block = document.get("game") or {}
        rule = rule_named(game_block.get("rule", "wordle"))
        defects: list[str] = []
        tree = node_from_json(document["tree"], game_block.get("length"), rule, defects)
    except BadInput as error:
        raise BadInput(f"{source}: {error}") from None
    meta = {key: value for key, value in document.items() if key != "tree"}
    return TreeFile(tree, "json", meta, None, defects)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_document(document: dict) -> None:
    """The parts of a tree file other than the tree must have the types the format gives them
    (DESIGN.md), so that nothing downstream trips over a list where a name should be."""
    if document.duplicates:
        raise BadInput(f"the key {quoted(document.duplicates[0])} appears twice")
    if "format" in document and document["format"] != TREE_FORMAT:
        raise BadInput(f"format {quoted(str(document['format']))} is not {TREE_FORMAT}")
    game = document.get("game")
    if game is not None:
        if not isinstance(game, dict):
            raise BadInput("the 'game' block must be an object")
        for side in ("answers", "guesses"):
            block = game.get(side)
            if block is None:
                continue
            if not isinstance(block, dict) or not isinstance(block.get("name", ""), str) \
                    or not isinstance(block.get("sha256", ""), str) \
                    or ("count" in block and not _whole(block["count"])):
                raise BadInput(f"game.{side} must be an object with name, count and sha256")
        if "mode" in game and game["mode"] not in MODES:
            raise BadInput(f"game.mode must be {', '.join(MODES[:-1])} or {MODES[-1]}, "
                           f"not {quoted(str(game['mode']))}")
        limit = game.get("max_guesses")
        if limit is not None and (not _whole(limit) or not 1 <= limit <= 64):
            raise BadInput(f"game.max_guesses must be a whole number from 1 to 64, not {quoted(str(limit))}")
        length = game.get("length")
        if length is not None and (not _whole(length) or not 2 <= length <= 8):
            raise BadInput(f"the game's 'length' must be a word length (2 to 8), not {quoted(str(length))}")
    stats = document.get("stats")
    if stats is not None:
        if not isinstance(stats, dict):
            raise BadInput("'stats' must be an object")
        if "total" in stats and not _whole(stats["total"]):
            raise BadInput(f"stats.total must be a whole number, not {quoted(str(stats['total']))}")
