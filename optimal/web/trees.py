"""The tree explorer: which trees the page may show, each verified before it is shown, and views of
one (a node's branches with sizes and totals, the path to an answer, the Evil Wordle line, the
depth histogram).

Where the trees come from:
- bundled: `optimal/data/trees/` holds the proven optimal SALET trees, normal and hard mode, copied
  from `results/` because `results/` is not part of an installed package (pyproject installs the
  packages and their data only), and the page must work from `pip install optimal[web]`;
- a folder of results (`--trees`, by default the checkout's `results/` when the server runs from
  a source tree): every `optimal-tree/1` JSON file in it whose lists are the server's;
- uploaded or pasted text (JSON or Selby's line format), capped in size by the server, kept for the
  last few uploads.
A client names a tree by its catalogue id only: ids are looked up in a dictionary, so no
client-supplied text ever becomes a path that is opened.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from optimal.adversaries import evil_game
from optimal.errors import BadInput, DefectiveTree
from optimal.files import read_regular
from optimal.game import MODES, Game
from optimal.play.cache import LruCache
from optimal.report import summarize
from optimal.tree import TREE_FORMAT, Node, TreeFile, check, parse_tree_text, path_of, verify
from optimal.web.params import FieldError, TreeOptions

BUNDLED = Path(__file__).resolve().parent.parent / "data" / "trees"
LIST_AT_MOST = 500  # a node lists its answers when it has at most this many

GameFor = Callable[[str, int], Game]  # (mode, guess limit) -> the server's game


@dataclass(frozen=True)
class Entry:
    """A tree the catalogue offers: its id, a label, where it came from, and its file (read by
    the server, never named by a client)."""

    id: str
    label: str
    source: str
    path: Path

    def as_dict(self) -> dict:
        """The entry as the catalogue lists it: id, label and source, never its path."""
        return {"id": self.id, "label": self.label, "source": self.source}


def _tree_header(path: Path) -> tuple[dict, str] | None:
    """The JSON document of a tree file and the file's sha256, or None when the file is not one
    (summaries, checkpoints; a FIFO or device, which is never read; a document whose blocks have
    the wrong types, which once crashed the server's start-up): only regular files that start like
    a tree file are parsed."""
    try:
        raw = read_regular(path)
        if TREE_FORMAT.encode() not in raw[:256]:
            return None
        document = json.loads(raw.decode("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return None
    if not isinstance(document, dict):
        return None
    game, stats, tree = (document.get(key, {}) for key in ("game", "stats", "tree"))
    if not (isinstance(game, dict) and isinstance(stats, dict) and isinstance(tree, dict)
            and isinstance(tree.get("guess"), str)
            and all(isinstance(game.get(key, {}), dict) for key in ("answers", "guesses"))):
        return None
    return document, hashlib.sha256(raw).hexdigest()


def _label(document: dict) -> str:
    """The catalogue's line for a tree. A weighted tree's claim is about its expected guesses
    under the weights, not its plain total (TRACE's `freq` tree totals 7980, above the unweighted
    optimum 7926 for TRACE): its label says so, instead of "total 7980 (proven optimal ...)"."""
    game, stats = document.get("game") or {}, document.get("stats") or {}
    first = (document.get("tree") or {}).get("guess", "?").upper()
    mode, limit = game.get("mode", "normal"), game.get("max_guesses", 6)
    claim = stats.get("status") or ("proven optimal" if stats.get("proven_optimal") else "")
    weighted = stats.get("weighted") if isinstance(stats.get("weighted"), dict) else {}
    if weighted or game.get("weights"):
        name = weighted.get("weights") or (game.get("weights") or {}).get("name", "?")
        expected = weighted.get("expected", "?")
        return (f"{first}, {mode} mode, at most {limit} guesses, answers weighted by {name}: "
                f"expected {expected} guesses (plain total {stats.get('total', '?')})"
                + (f" ({claim} under those weights, as the file says)" if claim else ""))
    return (f"{first}, {mode} mode, at most {limit} guesses: total {stats.get('total', '?')}"
            + (f" ({claim}, as the file says)" if claim else ""))


def catalogue(game: Game, folders: list[Path]) -> dict[str, Entry]:
    """The bundled trees and the tree files under `folders` whose lists are the game's (same
    answers and guesses, by sha256), each file once (a results file identical to a bundled one is
    skipped)."""
    entries: dict[str, Entry] = {}
    seen: set[str] = set()
    sources = [(BUNDLED, "bundled", sorted(BUNDLED.glob("*.json")))]
    for folder in folders:
        if folder.is_dir():
            sources.append((folder, folder.name, sorted(folder.rglob("*.json"))))
    for root, prefix, paths in sources:
        for path in paths:
            header = _tree_header(path)
            if header is None or not _same_lists(header[0].get("game") or {}, game):
                continue
            document, digest = header
            if digest in seen:
                continue
            seen.add(digest)
            relative = path.relative_to(root).with_suffix("").as_posix()
            tree_id = relative if prefix == "bundled" else f"{prefix}/{relative}"
            entries[tree_id] = Entry(tree_id, _label(document), f"{prefix}/{path.relative_to(root)}",
                                     path)
    return entries


def _same_lists(block: dict, game: Game) -> bool:
    answers, guesses = block.get("answers") or {}, block.get("guesses") or {}
    return (block.get("rule", "wordle") == "wordle"
            and answers.get("sha256") in (None, game.answers.sha256)
            and guesses.get("sha256") in (None, game.guesses.sha256))


def game_of(tree_file: TreeFile, options: TreeOptions, game_for: GameFor) -> tuple[Game, str]:
    """The server's game with the mode and guess limit the tree is for: a JSON tree's own game
    block, else the options (Selby's format does not say). Also says where they came from."""
    block = tree_file.meta.get("game") or {}
    if block:
        if block.get("rule", "wordle") != "wordle":
            raise FieldError("tree", f"this server plays Wordle; the tree is for {block['rule']!r}")
        base = game_for("normal", 6)
        for key, mine in (("answers", base.answers), ("guesses", base.guesses)):
            theirs = block.get(key) or {}
            if not isinstance(theirs, dict):
                raise FieldError("tree", f"the tree's game block: {key!r} must be an object")
            if theirs.get("sha256") not in (None, mine.sha256):
                raise FieldError("tree", f"the tree is for the {key} list {theirs.get('name')!r} "
                                         f"({theirs.get('count')} words); this server plays "
                                         f"{mine.name} ({len(mine)} words)")
        mode, limit = block.get("mode", "normal"), block.get("max_guesses", 6)
        if mode not in MODES:
            raise FieldError("tree", f"the tree's game block: unknown mode {mode!r}")
        if not isinstance(limit, int) or isinstance(limit, bool) or not 1 <= limit <= 12:
            raise FieldError("tree", f"the tree's game block: max_guesses must be 1 to 12, "
                                     f"not {limit!r}")
        return game_for(mode, limit), "the file's game block"
    mode = "hard" if options.hard else "normal"
    return game_for(mode, options.max_guesses), "the page's options (the file does not say)"


class ExploredTree:
    """A verified tree and what the explorer shows of it, computed once: each answer's path, the
    answers under every node, the statistics of the replay and the Evil Wordle line."""

    def __init__(self, tree_id: str, label: str, source: str, tree_file: TreeFile, game: Game,
                 game_from: str):
        self.id, self.label, self.source, self.game_from = tree_id, label, source, game_from
        self.tree, self.game, self.kind = tree_file.tree, game, tree_file.kind
        self.claims = tree_file.meta.get("stats") or {}
        replay = verify(self.tree, game)
        if not replay.ok:
            check(self.tree, game)  # raises DefectiveTree, worded as everywhere else
        words = game.answers.words
        self.counts = {word: replay.guesses[word] for word in words}
        total = sum(self.counts.values())
        claimed = self.claims.get("total")
        if claimed is not None and claimed != total:
            raise DefectiveTree(f"the file claims total {claimed}, replay gives {total}")
        self.notes = replay.notes
        self.paths = {word: path_of(self.tree, word, rule=game.rule) for word in words}
        self.under: dict[tuple[int, ...], list[str]] = {}
        for word, steps in self.paths.items():
            codes = tuple(code for _, code in steps)
            for depth in range(len(codes)):
                self.under.setdefault(codes[:depth], []).append(word)
        self.stats = summarize([self.counts[word] for word in words])
        self.evil = evil_game(self.tree, game)

    def node_at(self, replies: list[str]) -> tuple[Node, tuple[int, ...], list[dict]]:
        """The node reached by following reply texts from the root, its code path and the steps."""
        node, codes, steps = self.tree, (), []
        for number, text in enumerate(replies, start=1):
            try:
                code = self.game.parse_reply(text)
            except BadInput as error:
                raise FieldError("path", f"step {number} of the path: {error}") from None
            if code == self.game.won and node.guess in self.under.get(codes, ()):
                # the guess is an answer here and wins: no branch, the path ends before it
                raise FieldError("path", f"step {number} of the path, {node.guess.upper()} "
                                         f"{self.game.reply_text(code)}, is the answer found: a "
                                         f"path names the replies before the win")
            if code not in node.branches:
                raise FieldError("path", f"the tree has no branch {self.game.reply_text(code)} "
                                         f"after {node.guess.upper()} (step {number} of the path)")
            steps.append({"guess": node.guess, "reply": self.game.reply_text(code)})
            node, codes = node.branches[code], codes + (code,)
        return node, codes, steps

    def view(self, replies: list[str], answer: str | None = None) -> dict:
        """What the page shows: the tree's facts, the node at `replies` with its branches, and the
        path to `answer` when asked."""
        node, codes, steps = self.node_at(replies)
        depth = len(codes)
        here = self.under.get(codes, [])
        won = self.game.reply_text(self.game.won)
        branches = []
        for code, child in node.branches.items():
            answers = self.under.get(codes + (code,), [])
            branches.append({"reply": self.game.reply_text(code), "answers": len(answers),
                             "guesses": sum(self.counts[w] - depth - 1 for w in answers),
                             "next": child.guess, "leaf": not child.branches})
        branches.sort(key=lambda b: (-b["answers"], b["reply"]))
        if node.guess in here:
            branches.insert(0, {"reply": won, "answers": 1, "guesses": 0, "next": None,
                                "leaf": True, "found": True})
        out = {
            "id": self.id, "label": self.label, "source": self.source, "kind": self.kind,
            "game": {**self.game.describe(), "from": self.game_from},
            "claims": self.claims, "stats": self.stats.as_dict(), "notes": self.notes,
            "evil": [{"guess": g, "reply": self.game.reply_text(c)} for g, c in self.evil],
            "path": steps,
            "node": {"guess": node.guess, "number": depth + 1, "answers": len(here),
                     "guesses": sum(self.counts[w] - depth for w in here),
                     "total": sum(self.counts[w] for w in here),
                     "list": sorted(here) if len(here) <= LIST_AT_MOST else None,
                     "branches": branches},
        }
        if answer:
            out["answer"] = self.answer_path(answer)
        return out

    def answer_path(self, answer: str) -> dict:
        """The guesses and replies the tree plays for `answer`; FieldError when it is not in the
        answer list."""
        word = answer.strip().lower()
        if word not in self.paths:
            raise FieldError("answer", f"{answer.upper()!r} is not in the answer list "
                                       f"{self.game.answers.name}")
        steps = [{"guess": g, "reply": self.game.reply_text(c)} for g, c in self.paths[word]]
        return {"word": word, "steps": steps, "guesses": len(steps),
                "replies": [step["reply"] for step in steps[:-1]]}


class Trees:
    """The catalogue, the explored trees (each built once) and the last few uploads."""

    def __init__(self, game_for: GameFor, folders: list[Path], uploads_kept: int = 16):
        self.game_for = game_for
        self.entries = catalogue(game_for("normal", 6), folders)
        self._explored = LruCache(len(self.entries) + 1)
        self._uploads = LruCache(uploads_kept)

    def listing(self) -> list[dict]:
        """Every catalogue entry as a dict, for the page's list of trees."""
        return [entry.as_dict() for entry in self.entries.values()]

    def get(self, tree_id: str) -> ExploredTree:
        """A catalogue tree or a kept upload, by id (404 for an unknown id)."""
        if tree_id in self.entries:
            entry = self.entries[tree_id]
            return self._explored.get(tree_id, lambda: self._explore_entry(entry))
        if tree_id.startswith("upload-"):
            found = self._uploads.peek(tree_id)
            if found is not None:
                return found
            raise FieldError("tree", f"the uploaded tree {tree_id} is no longer kept by the "
                                     "server; paste or upload it again", status=404)
        raise FieldError("tree", f"no tree {tree_id!r} on this server", status=404)

    def _explore_entry(self, entry: Entry) -> ExploredTree:
        tree_file = parse_tree_text(read_regular(entry.path).decode("utf-8"), entry.source)
        game, game_from = game_of(tree_file, TreeOptions(), self.game_for)
        return ExploredTree(entry.id, entry.label, entry.source, tree_file, game, game_from)

    def upload(self, text: str, options: TreeOptions) -> ExploredTree:
        """Parse and verify a pasted or uploaded tree (JSON or Selby's lines) and keep it; the
        same text with the same options gets the same id."""
        if not text.strip():
            raise FieldError("tree", "paste a tree (JSON or Selby's line format) or choose a file")
        digest = hashlib.sha256(f"{options.hard}|{options.max_guesses}|".encode()
                                + text.encode()).hexdigest()[:16]
        tree_id = f"upload-{digest}"
        return self._uploads.get(tree_id, lambda: self._explore_text(tree_id, text, options))

    def _explore_text(self, tree_id: str, text: str, options: TreeOptions) -> ExploredTree:
        try:
            tree_file = parse_tree_text(text, options.name)
            game, game_from = game_of(tree_file, options, self.game_for)
            if tree_file.answers is not None:
                _check_selby_answers(tree_file.answers, game)
            return ExploredTree(tree_id, f"{tree_file.tree.guess.upper()} ({options.name})",
                                options.name, tree_file, game, game_from)
        except FieldError:
            raise
        except DefectiveTree as error:
            raise FieldError("tree", str(error), status=422) from None
        except BadInput as error:
            raise FieldError("tree", str(error)) from None
        except RecursionError:
            raise FieldError("tree", f"{options.name}: the tree is nested too deeply") from None


def _check_selby_answers(answers: list[str], game: Game) -> None:
    """A Selby file lists the answers it was made for: they must be the server's answers."""
    mine = set(game.answers.words)
    theirs = set(answers)
    if theirs != mine:
        extra, missing = len(theirs - mine), len(mine - theirs)
        raise FieldError("tree", f"the tree's answers are not this server's {game.answers.name}: "
                                 f"{extra} not in it, {missing} of it missing")
