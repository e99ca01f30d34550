"""What a hunt has settled inside the branches it has not finished: `checkpoint-hunt-WORD-inside.json`.

Why: a hunt's checkpoint keeps each branch of the first word once the whole branch is found, but
in hard mode on the 12,972-answer game one branch (4,894 answers after THUMP) is hours of work,
more than a session, and all of it was lost when the run stopped. This file keeps the nodes
settled inside the unfinished branches, each named by its path of guesses and replies from the
first word: a tree found for it (replayed on the node's answers through that path when read back,
so a damaged or edited one is refused) or "impossible" (a nogood: the kernel's proof, which is not
checked again; a forged one could only make the hunt miss a tree, and a hunt that finds none
proves nothing), and the order of the guesses that had worked at large nodes. A resumed hunt
walks the same way, taking each recorded node as settled instead of searching it again.

Only nodes that took at least `KEEP_SECONDS` to settle are kept (the rest are settled again in
less time than reading them back would save), and the nodes under one whose tree is kept are
dropped, as are the nodes of a branch once the branch itself is kept in the hunt's checkpoint.
"""

from __future__ import annotations

import time
from pathlib import Path

from lookahead import NodePath, TreeHunt
from optimal.cli.checkpoint import identity, load_checkpoint, save_checkpoint
from optimal.errors import BadInput
from optimal.game import Game
from optimal.tree import Node, node_from_json, node_to_json, verify
from optimal.words import WordList

KEEP_SECONDS = 2.0  # a node settled faster than this is not written down
SAVE_EVERY = 60.0  # seconds between writes of the file while a hunt runs (and once at its end)
WORKED = "worked"  # the entry holding the guesses that worked at large nodes, latest first


def notes_name(word: str) -> str:
    """The file in the results folder that keeps what a hunt settled inside unfinished branches."""
    return f"checkpoint-hunt-{word}-inside.json"


def checkpoint_identity(game: Game, word: str) -> dict:
    """The question a hunt's checkpoint answers: the game and the first word."""
    return identity(game, "hunt", 0) | {"first": word}


def notes_identity(game: Game, word: str) -> dict:
    """The question the notes answer: the hunt's own, inside its branches."""
    return checkpoint_identity(game, word) | {"inside": True}


def check_subtree(game: Game, path: NodePath, subtree: Node) -> None:
    """Raise ValueError unless `subtree`, played after the guesses and replies of `path`, finds
    every answer that path leaves within the game's limit (in a strict mode, every guess legal)."""
    answers = [game.answers.words[i] for i in _answers_at(game, path)]
    node = subtree
    for guess, code in reversed(path):
        node = Node(game.guesses.words[guess], {code: node})
    part = Game(WordList("node", tuple(answers), "checkpoint"), game.guesses, game.mode,
                game.max_guesses)
    if not verify(node, part).ok:
        raise ValueError("its subtree does not find every answer of the branch in time")


class HuntNotes:
    """The notes of one hunt from one first word: read back into the hunt (`resume`), added to
    as it settles nodes (`heard`), written every `SAVE_EVERY` seconds and at the end (`save`)."""

    def __init__(self, path: Path, game: Game, word: str):
        self.path, self.game, self.word = path, game, word
        self.ident = notes_identity(game, word)
        self.entries: dict[str, dict] = {}
        self.hunt: TreeHunt | None = None
        self.saved_at = time.perf_counter()
        self.changed = False

    def resume(self, hunt: TreeHunt, done: set[int]) -> int:
        """Read the file (every tree replayed) and give its nodes to `hunt`, but those in the
        branches `done` already holds; the number of nodes given."""
        self.hunt = hunt
        nodes: dict[str, tuple[NodePath, Node | None]] = {}
        entries = read_notes(self.path, self.game, self.word, nodes)
        if WORKED in entries:
            hunt.worked = [self.game.guess_id(w) for w in entries[WORKED]["guesses"]]
        for key, (path, tree) in nodes.items():
            if path[0][1] in done:  # kept since in the hunt's checkpoint: no more use
                self.changed = True
            else:
                self.entries[key] = entries[key]
                hunt.remember(path, tree)
        return len(self.entries)

    def heard(self, path: NodePath, tree: Node | None, seconds: float) -> None:
        """A node the hunt has settled: kept if it took long enough; written out now and then."""
        if seconds >= KEEP_SECONDS:
            key = self._key(path)
            if tree is not None:  # the nodes beneath it are in its tree
                for other in [k for k in self.entries if k.startswith(key + "/")]:
                    del self.entries[other]
            self.entries[key] = ({"impossible": True} if tree is None else
                                 {"tree": node_to_json(tree, self.game.length, self.game.rule)})
            self.changed = True
        if self.changed and time.perf_counter() - self.saved_at >= SAVE_EVERY:
            self.save()

    def branch_kept(self, code: int) -> None:
        """A branch of the first word is now in the hunt's checkpoint: its nodes are dropped."""
        prefix = f"{self.word} {self.game.reply_text(code)}"
        for key in [k for k in self.entries if k == prefix or k.startswith(prefix + "/")]:
            del self.entries[key]
            self.changed = True

    def save(self) -> None:
        """Write the file (atomically, with its digest) if anything changed since the last time
        (and there is something to keep, or a file to bring up to date)."""
        if self.changed and (self.entries or self.path.exists()):
            worked = [self.game.guesses.words[g] for g in (self.hunt.worked if self.hunt else [])]
            save_checkpoint(self.path, self.ident, self.entries | {WORKED: {"guesses": worked}})
            self.changed = False
        self.saved_at = time.perf_counter()

    def _key(self, path: NodePath) -> str:
        return "/".join(f"{self.game.guesses.words[g]} {self.game.reply_text(c)}" for g, c in path)


def parse_path(game: Game, key: str) -> NodePath:
    """A node's path from its name ("thump BBBBB/ngoma BYBBB"); ValueError if it is not one."""
    path = []
    for step in key.split("/"):
        word, _, reply = step.partition(" ")
        if word != word.strip().lower():
            raise ValueError(f"{step[:30]!r} is not a guess and a reply")
        try:
            guess, code = game.guess_id(word), game.parse_reply(reply)
        except BadInput:
            raise ValueError(f"{step[:30]!r} is not a guess and a reply") from None
        if code == game.won:
            raise ValueError("a node after the answer was found")
        path.append((guess, code))
    return tuple(path)


def read_notes(path: Path, game: Game, word: str,
               nodes: dict[str, tuple[NodePath, Node | None]] | None = None) -> dict[str, dict]:
    """The notes' entries, each checked (a tree replayed through its path; a node after another
    first word, a guess or reply that is none, refused): one line naming the file if not. Each
    node read, with its path and tree (None: impossible), goes into `nodes` when given."""
    first = game.guess_id(word)
    nodes = {} if nodes is None else nodes

    def check(key: str, entry: object) -> None:
        if key == WORKED:
            if not isinstance(entry, dict) or not isinstance(entry.get("guesses"), list) or \
                    not all(isinstance(w, str) and w in game.guess_index for w in entry["guesses"]):
                raise ValueError("not a list of guesses")
            return
        node_path = parse_path(game, key)
        if node_path[0][0] != first:
            raise ValueError(f"a node after another first word than {word.upper()}")
        if entry == {"impossible": True}:
            _answers_at(game, node_path)
            nodes[key] = (node_path, None)
            return
        if not isinstance(entry, dict) or set(entry) != {"tree"}:
            raise ValueError("neither a tree nor impossible")
        try:
            subtree = node_from_json(entry["tree"], game.length, game.rule)
        except BadInput as error:
            raise ValueError(str(error)) from None
        check_subtree(game, node_path, subtree)
        nodes[key] = (node_path, subtree)

    return load_checkpoint(path, notes_identity(game, word), check)


def _answers_at(game: Game, path: NodePath):
    """The answers at the node `path` names; ValueError when no answer gets those replies."""
    try:
        return game.candidates([(game.guesses.words[g], c) for g, c in path])
    except BadInput as error:
        raise ValueError(str(error)) from None
