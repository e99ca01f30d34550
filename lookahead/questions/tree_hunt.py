"""Looking for a tree within the guess limit, where proving the question either way is out of reach.

Why: the exact worst-case search (`check_first_guesses`) proves a first word's verdict, but for a
word that does have a tree it must settle every branch completely, and in hard mode on the
12,972-answer game one large branch ran for hours (THUMB, BOART, QAJAQ) without a verdict. A tree
needs far less: at each large node one guess whose parts can all be finished. This search goes
depth first for such a guess (order: `TreeHunt._order`), and checks a guess's parts smallest first,
since what defeats a guess in hard mode is a small family of answers (?ARTS after TARES: every
later guess must be one of them), found in seconds. Parts of at most `exact_size` answers are
settled by the exact kernel, each call given at most `call_seconds` of CPU time (CPU, not wall
time, so that which calls are given up, and so the tree found, depends far less on what else the
machine is running and on the hunt's niceness beside it): a call that runs longer is
given up and its guess passed over, not declared impossible (near the root, where there is no
other guess to pass on to, the part is searched like a large one instead). When no guess of a
large node works, those passed over are tried again with `patience` times the time for every
call beneath (once: a node inside such a second pass does not raise it further). A large node
inside a branch (not a branch of the first word itself) tries at most `breadth` guesses: the
right one is usually among the first few of the order, and without the cap one such node whose
guesses all fail, each after minutes, held a run for hours (TULSI's 522 answers after THUMP).
A node cut short, like a call given up, is not proven impossible: its parent passes on.

A part proven impossible is remembered as a nogood: any later part that holds all its answers, with
no more guesses left and a hard-mode state at least as strict (every green of it, every letter
count of it), is impossible too (a tree for the larger part, cut down to the smaller one, would be
a tree for it, each of its guesses legal under the weaker state). A large node whose every guess
failed is a nogood only when no call under it was given up. Before a guess's parts are
searched they are all checked against the nogoods, so a guess that walks into a known family is
dropped without a kernel call.

So the search is incomplete by design: a tree it returns is real (the caller verifies it on every
answer before writing it), but returning None proves nothing. Proven failures (the kernel's "no")
are remembered as nogoods (below) so no part is decided twice.

A node of the hunt is named by its path, the (guess, reply) pairs from the start (`NodePath`),
which fixes its answers, guesses left and clue state. Each node settled either way is told to
`on_settled`, and `remember` takes such results back, so a hunt stopped inside a branch of hours
goes on from the nodes it had settled there instead of from the branch's start.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from lookahead.solvers.single import Solver
from lookahead.spaces.stop import Stopped, clear_stop, request_stop, stop_requested
from optimal.game import ClueState, Game
from optimal.rules.hard import HardState
from optimal.rules.ultra import UltraState
from optimal.tree import Node

NodePath = tuple[tuple[int, int], ...]  # (guess, reply) pairs from the start: one node of a hunt


@dataclass
class HuntCounters:
    """What a hunt did, for its report: exact calls (and how many were given up), large nodes
    opened, guesses tried at them, and guesses dropped by a nogood."""

    exact_calls: int = 0
    given_up: int = 0
    large_nodes: int = 0
    cut_short: int = 0  # large nodes left after `breadth` guesses
    unproven: int = 0  # failures that prove nothing: calls given up and nodes cut short
    guesses_tried: int = 0
    nogood_drops: int = 0


class TreeHunt:
    """A depth-first hunt for a tree finding every answer within the game's guess limit.

    `on_event(depth, text)` hears what happens at the large nodes near the root (a guess that
    works, one that fails and at which part), which is the only sign of life in a run of hours."""

    def __init__(self, game: Game, memo_mb: float, exact_size: int = 300,
                 call_seconds: float = 20.0, on_event: Callable[[int, str], None] | None = None,
                 exact_left: int = 3, patience: float = 8.0, breadth: int | None = None,
                 on_settled: Callable[[NodePath, Node | None, float], None] | None = None):
        self.game = game.with_weights(None)
        self.solver = Solver(self.game, beam=0, cache_mb=memo_mb, pair_mb=512)
        self.exact_size = exact_size
        self.exact_left = exact_left  # with 3 guesses left the kernel's pair bitsets are fast
        self.call_seconds = call_seconds
        self.patience = patience  # a second pass over guesses given up allows this many times more
        self.breadth = breadth  # guesses tried at a large node inside a branch (None: all)
        self.limit = call_seconds  # the CPU seconds a kernel call gets now
        self.on_event = on_event or (lambda depth, text: None)
        self.nogoods = Nogoods(len(self.game.answers.words))
        self.counters = HuntCounters()
        self.worked: list[int] = []  # guesses that worked at large nodes, latest first
        self.solved: dict[NodePath, Node] = {}  # trees of nodes found before (`remember`)
        self.on_settled = on_settled  # hears (path, tree or None, seconds) per node settled
        self.start = time.perf_counter()

    def find(self, first: int, done: dict[int, Node] | None = None,
             on_branch: Callable[[int, Node], None] | None = None) -> Node | None:
        """A tree starting with guess `first`, or None (none found: nothing proven). `done`: the
        subtrees of branches (by reply) found before, taken as they are (a resumed hunt; the
        caller verifies the whole tree before it writes it); `on_branch(reply, subtree)` hears
        each branch found now, so the caller can keep it."""
        candidates = self.game.all_candidates()
        return self._try_guess(candidates, self.game.max_guesses, None, first, 0, (),
                               done or {}, on_branch)

    def walk(self, path: NodePath) -> tuple[np.ndarray, int, ClueState | None]:
        """The answers, guesses left and clue state at the node `path` names."""
        state = None
        for guess, code in path:
            state = self.solver.child_state(state, guess, code)
        candidates = self.game.candidates([(self.game.guesses.words[g], c) for g, c in path])
        return candidates, self.game.max_guesses - len(path), state

    def remember(self, path: NodePath, tree: Node | None) -> None:
        """A node settled before (by an earlier run): its tree, taken as it is when the node is
        reached again (the caller checks it first), or None: proven impossible, a nogood."""
        if tree is None:
            self.nogoods.add(*self.walk(path))
        else:
            self.solved[path] = tree

    # ------------------------------------------------------------------ the search

    def _attempt(self, candidates: np.ndarray, left: int, state: ClueState | None,
                 depth: int, path: NodePath) -> Node | None:
        """A tree for `candidates` (the node `path`) within `left` guesses from `state`, or None
        (not found)."""
        if candidates.size == 1:
            return Node(self.game.answers.words[candidates[0]]) if left >= 1 else None
        if left <= 1:
            return None
        if path in self.solved:
            return self.solved[path]
        if self.nogoods.covers(candidates, left, state):
            return None
        began = time.perf_counter()
        if candidates.size <= self.exact_size or left <= self.exact_left:
            tree, given_up = self._settle(candidates, left, state)
            if not given_up:
                self._settled(path, tree, began)
            if not given_up or depth > 1 or left <= self.exact_left:
                return tree
            # near the root there is no other guess to fall back on: search this part's guesses
        self.counters.large_nodes += 1
        order = self._order(candidates, left, state)
        tree, retry, cut = self._first_that_works(candidates, left, state, order, depth, path)
        patient = self.call_seconds * self.patience
        if tree is None and retry and self.limit < patient:
            # the guesses passed over for want of time, again with more time for every call
            self._say(depth, f"{len(retry):,} guesses at {candidates.size:,} answers, {left} left,"
                             f" again with {patient:g} CPU s a call")
            self.limit = patient
            try:
                tree, retry, cut_again = self._first_that_works(candidates, left, state, retry,
                                                                depth, path)
                cut = cut or cut_again
            finally:
                self.limit = self.call_seconds
        proven = not retry and not cut  # every guess failed, and each failure is proven
        if tree is None and proven:
            self.nogoods.add(candidates, left, state)
        if tree is not None or proven:
            self._settled(path, tree, began)
        return tree

    def _settled(self, path: NodePath, tree: Node | None, began: float) -> None:
        if self.on_settled is not None:
            self.on_settled(path, tree, time.perf_counter() - began)

    def _first_that_works(self, candidates: np.ndarray, left: int, state: ClueState | None,
                          order: list[int], depth: int,
                          path: NodePath) -> tuple[Node | None, list[int], bool]:
        """The tree of the first guess of `order` that works (None if none does), the guesses
        that failed without proof (a call given up, a node cut short), and whether the node was
        cut short here (more than `breadth` guesses inside a branch)."""
        retry = []
        for rank, guess in enumerate(order):
            if depth >= 2 and self.breadth is not None and rank >= self.breadth:
                self.counters.cut_short += 1
                self.counters.unproven += 1
                return None, retry, True
            self.counters.guesses_tried += 1
            unproven_before = self.counters.unproven
            tree = self._try_guess(candidates, left, state, guess, depth, path)
            if tree is not None:
                self._say(depth, f"{self._word(guess)} works at {candidates.size:,} answers, "
                                 f"{left} left (guess {rank + 1} of {len(order):,})")
                if guess in self.worked:
                    self.worked.remove(guess)
                self.worked.insert(0, guess)
                return tree, retry, False
            if self.counters.unproven > unproven_before:
                retry.append(guess)
        return None, retry, False

    def _order(self, candidates: np.ndarray, left: int, state: ClueState | None) -> list[int]:
        """The guesses to try at a large node: first those that worked at other large nodes
        (latest first) and are legal here, since sibling branches share their families and a
        guess that splits them there often does here; then the rest, in a strict mode least
        binding first (`least_binding_first`), else in the search's order."""
        ranked = [guess for guess, _ in self.solver.ranked_guesses(candidates, left, state)]
        if state is not None:
            ranked = least_binding_first(self.game, candidates, state, ranked)
        useful = set(ranked)
        first = [guess for guess in self.worked if guess in useful]
        tried_first = set(first)
        return first + [guess for guess in ranked if guess not in tried_first]

    def _try_guess(self, candidates: np.ndarray, left: int, state: ClueState | None, guess: int,
                   depth: int, path: NodePath, done: dict[int, Node] | None = None,
                   on_branch: Callable[[int, Node], None] | None = None) -> Node | None:
        """The tree playing `guess` first, each part's subtree found smallest part first (at the
        root, the parts in `done` taken as found, and each one found now told to `on_branch`)."""
        parts = self.solver.parts(candidates, guess)
        if len(parts) == 1 and parts[0][1].size == candidates.size:
            return None  # the guess tells nothing here
        done = done or {}
        children = [(part, self.solver.child_state(state, guess, code), code)
                    for code, part in sorted(parts, key=lambda item: item[1].size)]
        if any(self.nogoods.covers(part, left - 1, child) for part, child, code in children
               if code not in done):
            self.counters.nogood_drops += 1
            return None
        node = Node(self.game.guesses.words[guess])
        for part, child_state, code in children:
            if code in done:
                node.branches[code] = done[code]
                continue
            unproven_before = self.counters.unproven
            child = self._attempt(part, left - 1, child_state, depth + 1,
                                  path + ((guess, code),))
            if child is None:
                if depth <= 1 or part.size > self.exact_size:
                    why = ("no tree found in it (calls given up or nodes cut short)"
                           if self.counters.unproven > unproven_before else
                           "it cannot be finished")
                    self._say(depth, f"{self._word(guess)} at {candidates.size:,} answers, {left} "
                                     f"left: a part of {part.size:,}, {why}")
                return None
            node.branches[code] = child
            if on_branch is not None:
                on_branch(code, child)
        return node

    def _settle(self, candidates: np.ndarray, left: int,
                state: ClueState | None) -> tuple[Node | None, bool]:
        """A small part, by the exact kernel within the time allowed: its finishing tree, or None
        (proven impossible, and remembered; or given up, and not remembered); and whether the
        call was given up."""
        self.counters.exact_calls += 1
        try:
            tree = self._timed(lambda: self.solver.finishing_tree(candidates, left, state))
        except _GivenUp:
            self.counters.given_up += 1
            self.counters.unproven += 1
            return None, True
        if tree is None:
            self.nogoods.add(candidates, left, state)
        return tree, False

    def _timed(self, call: Callable[[], Node | None]) -> Node | None:
        """`call()`, stopped after `self.limit` seconds of this process's CPU time through the
        kernels' stop flag (which also forgets the memo the stopped call may have left
        unproven). A stop asked for by the user (Ctrl-C, SIGTERM) is not swallowed: only the
        watcher's own stop becomes `_GivenUp`."""
        fired, finished = threading.Event(), threading.Event()
        began = time.process_time()  # the watcher sleeps: the CPU counted is the call's

        def watch() -> None:
            while True:
                if time.process_time() - began >= self.limit:
                    fired.set()
                    request_stop(time_limit=True)
                    return
                if finished.wait(WATCH_SECONDS):
                    return

        watcher = threading.Thread(target=watch, name="hunt-call-watch", daemon=True)
        watcher.start()
        try:
            return call()
        except Stopped:
            if not fired.is_set():
                raise
            clear_stop()
            raise _GivenUp from None
        finally:
            finished.set()
            watcher.join()
            if fired.is_set() and stop_requested():
                clear_stop()

    def _word(self, guess: int) -> str:
        return self.game.guesses.words[guess].upper()

    def _say(self, depth: int, text: str) -> None:
        if depth <= 2:
            self.on_event(depth, f"{text} [{time.perf_counter() - self.start:,.0f} s]")


WATCH_SECONDS = 0.25  # how often the watcher of a kernel call looks at the CPU time it has used


class _GivenUp(Exception):
    """An exact call ran past its time and was stopped (no verdict)."""


class Nogoods:
    """Parts proven impossible, found again inside larger parts (see the module's docstring).

    Indexed by each part's first answer, so a part is checked only against the nogoods whose first
    answer it holds."""

    def __init__(self, n_answers: int):
        self.by_first: dict[int, list[tuple[np.ndarray, int, ClueState | None]]] = {}
        self.mask = np.zeros(n_answers, dtype=bool)
        self.count = 0

    def add(self, part: np.ndarray, left: int, state: ClueState | None) -> None:
        """Record that `part` cannot be finished within `left` guesses from `state`."""
        self.by_first.setdefault(int(part[0]), []).append((part.copy(), left, state))
        self.count += 1

    def covers(self, part: np.ndarray, left: int, state: ClueState | None) -> bool:
        """Whether `part` holds a nogood's answers, with no more guesses and a state as strict."""
        if not self.count:
            return False
        self.mask[part] = True
        try:
            for answer in part.tolist():
                for known, known_left, known_state in self.by_first.get(answer, ()):
                    if left <= known_left and known.size <= part.size \
                            and at_least_as_strict(state, known_state) and self.mask[known].all():
                        return True
            return False
        finally:
            self.mask[part] = False


def at_least_as_strict(state: ClueState | None, other: ClueState | None) -> bool:
    """Whether every guess `state` allows is allowed by `other`: the same state, or (hard mode)
    every green of `other` and at least its count of every letter; in ultra-hard mode also every
    letter `other` bars from a place, and at most its cap on each letter's count."""
    if state == other or other is None:
        return True
    if type(state) is not type(other) or not isinstance(state, (HardState, UltraState)):
        return False
    hard = all(g == h or h < 0 for g, h in zip(state.greens, other.greens)) \
        and all(m >= n for m, n in zip(state.minimum, other.minimum))
    if isinstance(state, HardState):
        return hard
    return hard and all(b & c == c for b, c in zip(state.barred, other.barred)) \
        and all(m <= n for m, n in zip(state.maximum, other.maximum))


BINDING_SPLIT_WEIGHT = 0.5  # how much a guess's split counts against the greens it pins


def least_binding_first(game: Game, candidates: np.ndarray, state: ClueState,
                        guesses: list[int]) -> list[int]:
    """`guesses` reordered for a hunt in a strict mode: by the greens each leaves pinned, summed
    over the answers (0 for the one it finds), plus half the mean part size (the sum of squared
    part sizes over the answers). Why: what defeats a guess there is a family whose shared
    letters are all green, after which every guess must keep them; the guess that works is
    often one that splits while pinning little. Measured on CHOMP's 184-answer branch (C green,
    O yellow): the guess of a published tree (CLONK) comes 8th of 358 this way, 309th in the
    search's order, which ranks splits alone."""
    length = len(game.guesses.words[0])
    known = np.array([green >= 0 for green in state.greens])
    scores = np.empty(len(guesses))
    for start in range(0, len(guesses), 512):
        chunk = np.asarray(guesses[start:start + 512])
        codes = game.matrix[chunk][:, candidates].astype(np.int64)
        pinned = np.zeros(codes.shape, dtype=np.int64)
        for place in range(length):
            pinned += known[place] | ((codes // 3 ** place) % 3 == 2)
        pinned[codes == game.won] = 0
        for row, guess_codes in enumerate(codes):
            sizes = np.bincount(guess_codes, minlength=game.won + 1)
            sizes[game.won] = 0  # the answer the guess finds is no part
            scores[start + row] = pinned[row].sum() + BINDING_SPLIT_WEIGHT * (
                sizes.astype(np.float64) ** 2).sum() / candidates.size
    return [guesses[i] for i in np.argsort(scores, kind="stable")]
