"""Small strategies for tests: trees built without the search, so the tree code is tested on its
own; and a way to send a small search's work to the workers."""

from __future__ import annotations

import functools

from lookahead.parallel import schedule

from optimal.game import Game
from optimal.rules.wordle import all_green, reply, reply_to_string
from optimal.tree import Node


def naive_tree(game: Game, candidates=None) -> Node:
    """Always guess the first remaining candidate (valid in normal and hard mode)."""
    candidates = list(game.all_candidates() if candidates is None else candidates)
    guess = game.answers.words[candidates[0]]
    node = Node(guess)
    replies = game.replies_to(guess, candidates)
    for code in sorted(set(int(r) for r in replies)):
        if code != game.won:
            part = [c for c, r in zip(candidates, replies) if r == code]
            node.branches[code] = naive_tree(game, part)
    return node


def plain_parts(game: Game, guess: int, candidates) -> dict[int, list[int]]:
    """The candidates grouped by their reply to one guess, by a plain loop (for brute-force references)."""
    answers = [int(a) for a in candidates]
    return _grouped(answers, game.matrix[guess, answers].tolist())


def _grouped(answers: list[int], codes: list[int]) -> dict[int, list[int]]:
    parts: dict[int, list[int]] = {}
    for a, code in zip(answers, codes):
        parts.setdefault(code, []).append(a)
    return parts


@functools.lru_cache(maxsize=4096)
def _allowed(hard_state, words: tuple[str, ...]) -> frozenset[int]:
    """The guesses a clue state allows (by its plain `allows`), asked once per state and list."""
    return frozenset(g for g, word in enumerate(words) if hard_state.allows(word))


def useful_guesses(game: Game, candidates, hard_state=None):
    """(index, word, parts) of every allowed guess that splits the candidates or may win: what an
    exhaustive reference has to try (the replies read from the matrix once per call)."""
    answers = [int(a) for a in candidates]
    rows = game.matrix[:, answers].tolist()
    allowed = _allowed(hard_state, game.guesses.words) if hard_state is not None else None
    for g, word in enumerate(game.guesses.words):
        if allowed is not None and g not in allowed:
            continue
        parts = _grouped(answers, rows[g])
        if len(parts) == 1 and game.won not in parts:
            continue
        yield g, word, parts


def plain_transcript(tree: Node, game: Game, answer: str) -> list[str]:
    """What `optimal.tree.play` should print for a Wordle tree, restated with the plain reply rule
    (no reply matrix): the tree's guesses against `answer`, the real replies, and how many answers
    fit every reply so far."""
    node, history, lines = tree, [], []
    while True:
        code = reply(node.guess, answer)
        history.append((node.guess, code))
        left = sum(all(reply(g, a) == c for g, c in history) for a in game.answers.words)
        won = code == all_green(len(answer))
        lines.append(f"Guess {len(history)}: {node.guess.upper()}, Reply: "
                     f"{reply_to_string(code, len(answer))}; "
                     + ("solved" if won else f"Remaining: {left}"))
        if won:
            return lines
        node = node.branches[code]


class CouldBeTheAnswer:
    """Ultra-hard legality stated the plain way, for references: a guess is allowed when every
    reply so far is the reply it would get as the answer (the rule's `reply`, nothing shared with
    `optimal.rules.ultra`). Same interface as the modes' states: `after`, `allows`."""

    def __init__(self, history: tuple = ()):
        self.history = history

    def after(self, word: str, code: int) -> "CouldBeTheAnswer":
        return CouldBeTheAnswer(self.history + ((word, code),))

    def allows(self, word: str) -> bool:
        return all(reply(g, word) == c for g, c in self.history)

    def __hash__(self) -> int:
        return hash(self.history)

    def __eq__(self, other) -> bool:
        return isinstance(other, CouldBeTheAnswer) and self.history == other.history


def hand_everything_to_the_workers(monkeypatch, backend: str) -> None:
    """A small game ends within the search's serial phase, where no worker is used
    (lookahead.parallel.schedule): end that phase at once and price the pool at nothing, so every
    word goes to the backend's workers."""
    monkeypatch.setattr(schedule, "SERIAL_SECONDS", 0.0)
    monkeypatch.setitem(schedule.POOL_START, backend, -1.0)


def by_reply(first: str, words) -> dict[int, list[str]]:
    """The words grouped by the reply `first` gets from each as the answer, by the plain rule (no
    reply matrix): the branches of a tree whose first guess is `first`."""
    groups: dict[int, list[str]] = {}
    for word in words:
        groups.setdefault(reply(first, word), []).append(word)
    return groups
