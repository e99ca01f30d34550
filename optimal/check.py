"""`python -m optimal.check CERT [TREE]`: check a proof certificate of lower bounds, on its own.

A certificate (`python -m optimal.search ... --certificate CERT`) is a list of claims "with these
candidates, d guesses left (in hard mode: this state), every allowed guess costs at least L"; cost
is the least total number of guesses that finds every candidate, L = 2**28 means "cannot be done".
This checks every claim by the rules below, computing every reply and split itself; given a TREE
(JSON), replayed here too, it says whether the tree's total equals the certified lower bound, i.e.
is optimal. Exit 0: every claim holds (and the tree's total is certified); 1: a claim fails or the
file is truncated, reordered or altered (it says which and why); 2: unreadable input, a header
this checker does not understand exactly, a tree of another game (or a process of --jobs
stopped without a verdict).

A reader must trust Python, numpy, gzip, the word lists (named by sha256 in the header) and this
file, which imports nothing of the search: its Wordle rule (`replies`), hard and ultra-hard mode
(`after`, `after_ultra`, `Checker.legal`), and these rules, for n candidates:
  * a set costs at least 2n - 1 (each answer costs a guess, all but the first guessed two); 2n if
    no candidate splits it into single answers (only such a guess gets 2n - 1); one answer costs 1;
    several cannot be done with one guess left, nor more than there are replies with two left;
  * a guess costs n + its parts' costs (its own part, if a candidate, nothing); so making k classes
    it costs at least 3n - k - [candidate]; with two left 2n - [candidate] if k = n, else no tree;
  * a claim about every guess may skip those that split nothing and are no candidate: the same set
    is left with a guess fewer and a state no weaker, so it is never cheaper;
  * in normal mode, guesses splitting the set into the same parts (no candidates) cost the same;
  * with two guesses left, a set that no allowed guess splits into single answers has no tree;
  * counting: no guess splits a set into more classes than it splits a superset into, and in hard
    and ultra-hard mode a part allows no guess its node does not. So if no guess allowed at a node
    gives more than K replies other than the win on its answers, a tree for a part of c > K + 1 of
    them finds 1 answer at its first guess, at most K at its second and every other later: it
    costs at least 1 + 2K + 3(c - 1 - K) = 3c - K - 2, and cannot finish with two guesses left, nor
    with three past 1 + K + K^2 answers. This checker counts K itself, per node.
A claim cites earlier claims only, each about exactly that part, guesses left and state, and about
every guess there; a node may also cite an earlier claim about itself.
With --jobs N, N processes read the whole file and each checks the evidence of every N-th node;
the verdict is "every claim holds" only when all N pass.

It prints the game checked (both lists: name, count, sha256, where read from; mode, limit,
objective) and the claims the certificate concludes with, as they are. Given a tree, every
sentence after its total is derived from those claims: "optimal for W" when the claims covering W
prove exactly its total; "optimal over every first guess" when every other guess is covered by a
claim of at least that; "every other first guess needs more" only when each is covered by a
claim above it. A tree must declare the certificate's game (lists by sha256 and count, rule,
mode, limit, length) and is refused otherwise; a worst-case certificate certifies no tree.

Format: gzip of a JSON header line, then little-endian int32 words, in records. The header has
exactly the fields format ("optimal-certificate/1"), rule ("wordle"), answers and guesses (each
exactly name, count, sha256), mode ("normal", "hard" or "ultra"), max_guesses (a whole number, 1 to 64),
length (2 to 8, the lists' word length), objective ("total" or "worst") and provenance (plain
values, not read); anything else, a value of another type or out of range, JSON nested deeper
than 200 levels or a key given twice is refused (exit 2). A list name is a bare file name
(guesses may end in "+answers": the answers they lack appended): the bundled list of that name
(optimal/data/NAME.txt), else NAME.txt in the certificate's folder, unless --answers/--guesses
names the file.
  SECTION s            what follows belongs to section s (claims are numbered per section)
  OPEN d n a1..an [g1..gL m1..m26 [b1..bL x1..x26]]  a node: sorted answer indices, d guesses left;
                       in hard mode the green letter of each place (-1: none) and the least count
                       of each letter; in ultra-hard mode also the letters barred from each place
                       (bit c: letter c) and the most count of each letter (15: no most)
  GUESS g m (code ref)*m   guess g costs n + its parts' values: named parts that of claim `ref` or
                       of a rule (-1 closed form, -2 the 2n rule, -3 no guess separates it,
                       -4 counting, with the K of the node it is named in)
  GUESS_X g m (code section ref)*m   the same, citing claims of any section
  SAME g h             g splits like h              CITE_X section ref   an earlier claim here
  CLOSE L | CLOSE_ONLY L m g*m | CLOSE_EXCEPT L m g*m   end the node, claiming every allowed guess
                       (listed / not listed) costs at least L      DROP   end it, no claim
  END m (section ref)*m  the claims the search concludes with; nothing may follow
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import re
import stat
import sys
import time
import zlib
from itertools import islice
from multiprocessing import get_context
from pathlib import Path

import numpy as np

INF = 1 << 28
SECTION, OPEN, GUESS, SAME, CLOSE, CLOSE_ONLY, CLOSE_EXCEPT, DROP, GUESS_X, CITE_X, END = range(1, 12)
COVER = {CLOSE: "all", CLOSE_ONLY: "only", CLOSE_EXCEPT: "except"}
FORMAT = "optimal-certificate/1"
HEADER = ("format", "rule", "answers", "guesses", "mode", "max_guesses", "length", "objective",
          "provenance")  # every field of the header, each required; no other is accepted
MODES, OBJECTIVES, LIST_FIELDS = ("normal", "hard", "ultra"), ("total", "worst"), ("name", "count", "sha256")
NO_MOST = 15  # ultra-hard mode's most count of a letter no clue has capped
MAX_GUESSES, LENGTHS, MAX_WORDS, MAX_JOBS = 64, (2, 8), 10**7, 64
MAX_NESTING, MAX_HEADER = 200, 1 << 20  # JSON levels (a tree within 64 guesses needs 130); bytes
DATA = Path(__file__).parent / "data"  # the bundled lists, NAME.txt


class Rejected(Exception):
    """A claim fails, or the file is not a whole certificate: exit 1."""


class Unreadable(Exception):
    """The input cannot be read: exit 2."""


#: The most entries each cache of a Checker holds before it is cleared. Why: a hard or ultra-hard
#: certificate has a state of its own at nearly every node, and a legal-guess mask (one byte a
#: guess) kept for each grew past 2 GB within 3% of a 266 MB certificate (projected 70 GB); what
#: the caches hold is recomputed when needed, so clearing them changes no verdict.
MAX_CACHED = {"legal": 4096, "proven": 1_000_000}

MAX_FILE = 256 * 1024 * 1024  # the most this checker reads of a word list or a tree file


def read_regular(path: str | Path, what: str) -> bytes:
    """The bytes of a regular file (at most MAX_FILE), opened without blocking and checked after
    opening: a FIFO would hang the checker forever and a device (/dev/zero) would be read until
    memory runs out, so anything but a regular file is refused with one line."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise Unreadable(f"cannot read {what} {path}: {error.strerror or error}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise Unreadable(f"{what} {path} is not a regular file")
        if info.st_size > MAX_FILE:
            raise Unreadable(f"{what} {path} is larger than {MAX_FILE:,} bytes")
        os.set_blocking(fd, True)
        with os.fdopen(fd, "rb", closefd=False) as stream:
            return stream.read(MAX_FILE + 1)
    finally:
        os.close(fd)


def read_regular_kind(path: str | Path, what: str) -> None:
    """Refuse anything but a regular file before it is opened for streaming (a certificate is read
    as it is checked, so its size is not capped, but a FIFO or a device never is a certificate)."""
    try:
        info = os.stat(path)
    except OSError as error:
        raise Unreadable(f"cannot read {what} {path}: {error.strerror or error}") from None
    if not stat.S_ISREG(info.st_mode):
        raise Unreadable(f"{what} {path} is not a regular file")


def read_words(path: Path) -> list[str]:
    """A word list: a word a line; blank lines and '#' comments skipped, case folded, repeats dropped."""
    try:
        lines = read_regular(path, "word list").decode("utf-8-sig").splitlines()  # BOM: no letter
    except (OSError, UnicodeDecodeError) as error:
        raise Unreadable(f"cannot read word list {path}: {error}") from None
    return list(dict.fromkeys(w for w in (x.strip().lower() for x in lines) if w and w[0] != "#"))


def replies(guesses: np.ndarray, answers: np.ndarray) -> np.ndarray:
    """Wordle's reply to each (guess, answer), as sum(digit_i * 3**i), 0 miss, 1 yellow, 2 green:
    greens first; then, left to right, a letter is yellow while the answer has an unmatched copy.
    Vectorized: guess letter i is yellow when not green and `free` > 0, free = the answer's copies of
    the letter - those matched by greens - the guess's non-green copies of it before place i."""
    L = guesses.shape[1]
    dtype = np.uint8 if 3**L <= 256 else np.uint16
    out = np.empty((guesses.shape[0], answers.shape[0]), dtype)
    copies = np.stack([(answers == c).sum(axis=1) for c in range(26)], axis=1).astype(np.int8)
    same = guesses[:, :, None] == guesses[:, None, :]  # same[g, i, j]: letters i and j of g agree
    earlier = np.stack([same[:, i, :i].sum(axis=1) for i in range(L)], axis=1).astype(np.int8)
    for s in range(0, answers.shape[0], 64):
        a = answers[s:s + 64]
        green = guesses[:, None, :] == a[None, :, :]  # (guesses, answers, L)
        code = np.zeros(green.shape[:2], dtype)
        for i in range(L):  # free = copies - sum_j<i same - sum_j>=i green_j & same, as above
            free = copies[s:s + 64][:, guesses[:, i]].T - earlier[:, i, None]
            for j in range(i, L):
                free -= green[:, :, j] & same[:, i, j, None]
            code += (2 * green[:, :, i] + (~green[:, :, i] & (free > 0))).astype(dtype) * dtype(3**i)
        out[:, s:s + 64] = code
    return out


def after(state: tuple, word: tuple, code: int) -> tuple:
    """Hard mode: what later guesses must do after `word` (its letter numbers) scored `code`: keep
    its greens in place, and contain each letter at least as often as one guess had it green or
    yellow. (Only the word's own letters can change: a quarter of an ultra-hard check's time went
    here when all 26 counts were recomputed.)"""
    greens, minimum, scored = list(state[0]), list(state[1]), {}
    for i, letter in enumerate(word):
        code, digit = divmod(code, 3)
        if digit == 2:  # (a clash with an earlier green: no guess is allowed, 26 matches none)
            greens[i] = letter if greens[i] in (-1, letter) else 26
        if digit > 0:
            scored[letter] = scored.get(letter, 0) + 1
    for letter, count in scored.items():
        minimum[letter] = max(minimum[letter], count)
    return tuple(greens), tuple(minimum)


def after_ultra(state: tuple, word: tuple, code: int) -> tuple:
    """Ultra-hard mode (every guess could be the answer): hard mode's state, and also each letter
    not green is barred from its place, and a letter that drew a grey may appear no more often
    than this guess had it green or yellow."""
    greens, minimum = after(state[:2], word, code)
    barred, most, scored, grey = list(state[2]), list(state[3]), {}, set()
    for i, letter in enumerate(word):
        code, digit = divmod(code, 3)
        if digit != 2:
            barred[i] |= 1 << letter
        if digit > 0:
            scored[letter] = scored.get(letter, 0) + 1
        else:
            grey.add(letter)
    for letter in grey:
        most[letter] = min(most[letter], scored.get(letter, 0))
    return greens, minimum, tuple(barred), tuple(most)


def set_bound(c: int, d: int, codes: int) -> int:
    """Least cost of c candidates with d guesses left, in closed form (first rule above)."""
    if c <= 1:
        return c if d >= 1 else INF
    return INF if d <= 1 or (d == 2 and c > codes) else 2 * c - 1


def counted_bound(c: int, most: int, d: int, codes: int) -> int:
    """Least cost of c candidates with d guesses left when no guess gives more than `most`
    replies other than the win on a superset of them (the counting rule above)."""
    if c <= most + 1:
        return set_bound(c, d, codes)
    if d <= 2 or (d == 3 and c - 1 - most > most * most):
        return INF
    return 3 * c - most - 2


def repeats_needed(n: int, d: int, value: int, green: np.ndarray) -> np.ndarray:
    """How many answers must get a reply an earlier one got (n - k) for a guess's closed form to
    reach `value` (second rule above); n, unreachable, when none can."""
    if d >= 3:
        return np.maximum(0, value - 2 * n + green)
    if d == 2:
        return (value > 2 * n - green).astype(np.int64)
    return np.where((d == 1) & (n == 1) & (green == 1) & (value > 1), n, 0)


class Frame:
    """An open node: its candidates, guesses left, state, and the evidence given for its guesses."""

    def __init__(self, S: np.ndarray, d: int, state, mine: bool = True):
        self.S, self.d, self.state, self.mine = S, d, state, mine  # mine: this process checks it
        self.key = (d, state, S.tobytes())
        self.evidence: dict[int, int] = {}
        self.most_parts = -1  # K of the counting rule, counted when a part first cites it
        self.floors: list[tuple[int, str, frozenset]] = []  # cited claims


class Checker:
    """The game (replies computed here) and the claims checked so far, per section."""

    def __init__(self, mode: str, limit: int, answers: list[str], guesses: list[str],
                 part: tuple[int, int] = (0, 1)):
        self.hard, self.ultra, self.d0, self.part = mode != "normal", mode == "ultra", limit, part
        self.G = np.array([[ord(c) - 97 for c in w] for w in guesses], dtype=np.int8)
        index = {w: i for i, w in enumerate(guesses)}
        self.guess_of = np.array([index[w] for w in answers])
        self.MT = np.ascontiguousarray(replies(self.G, self.G[self.guess_of]).T)  # answer x guess
        self.L = self.G.shape[1]
        self.spelled = [tuple(word) for word in self.G.tolist()]  # each guess's letter numbers
        self.codes, self.won = 3**self.L, 3**self.L - 1
        self.counts = np.stack([(self.G == c).sum(axis=1) for c in range(26)], axis=1)
        self.places = np.ascontiguousarray(self.G.T, dtype=np.int64)  # place x guess: its letter
        self.letter_counts = np.ascontiguousarray(self.counts.T)  # letter x guess: how many
        # at_place[i, c]: guesses with letter c at place i (row 26: none); at_least[c, m]: those
        # with at least m copies of letter c (m = 0 to L + 1); fewer_than[c, m]: fewer than m. The
        # masks legal() combines, made once
        self.at_place = np.stack([self.places == c for c in range(27)], axis=1)
        self.not_at_place = ~self.at_place
        self.at_least = np.stack([self.letter_counts >= m for m in range(self.L + 2)], axis=1)
        self.fewer_than = ~self.at_least
        self.initial = ((-1,) * self.L, (0,) * 26) if self.hard else None
        if self.ultra:
            self.initial += ((0,) * self.L, (NO_MOST,) * 26)
        self.claims: dict[int, list] = {}
        self.legal_masks: dict = {}  # caches, each cleared when full (see MAX_CACHED)
        self.proven: set = set()  # (rule, set, state) already shown
        self.pairs: dict = {}  # (a, b) -> the guesses telling a from b, as bits
        self.scans = 0
        self.other_cpu = 0.0  # CPU seconds of the other --jobs processes (see load_in_parts)

    def legal(self, state) -> np.ndarray:
        """Which guesses the mode allows in `state` (all in normal mode), as a mask."""
        if state not in self.legal_masks:
            if len(self.legal_masks) >= MAX_CACHED["legal"]:
                self.legal_masks.clear()
            # each test skipped where it holds for every guess (no green, no least count, no
            # letter barred, no most count): most of a state's 62 numbers say nothing, and testing
            # them all took half of an ultra-hard check's time; the others AND masks made once
            # (a quarter of it when each was computed here)
            ok = np.ones(len(self.G), bool)
            for i, g in enumerate(state[0] if state else ()):
                if g >= 0:
                    ok &= self.at_place[i, min(g, 26)]
            for c, m in enumerate(state[1] if state else ()):
                if m > 0:
                    ok &= self.at_least[c, min(m, self.L + 1)]
            for i, barred in enumerate(state[2] if self.ultra else ()):
                for c in range(26):
                    if barred >> c & 1:
                        ok &= self.not_at_place[i, c]
            for c, m in enumerate(state[3] if self.ultra else ()):
                if m < NO_MOST:
                    ok &= self.fewer_than[c, max(0, min(m + 1, self.L + 1))]
            self.legal_masks[state] = ok
        return self.legal_masks[state]

    def after(self, state: tuple, g: int, code: int) -> tuple:
        """The state after guess g scored `code`, by this game's mode."""
        return (after_ultra if self.ultra else after)(state, self.spelled[g], code)

    def short_of_repeats(self, S: np.ndarray, ids: np.ndarray, need: np.ndarray) -> tuple[int, int]:
        """(guess, repeats) for a guess ids[j] whose replies on S repeat fewer than need[j] times,
        else (-1, 0). The first 16 answers (64 for over 2,048 guesses) are each compared with the
        earlier ones; then a table marks the replies each guess has given, a block of answers at
        a time (up to the 64th, 256th, 1024th, last), the repeats being the answers so far less
        the replies marked. The guesses with enough repeats are dropped between blocks. (Marking
        answer by answer took 90% of the time on the slow parts of ultra-hard certificates, nodes
        of hundreds of answers; comparing answer by answer, a third of it on parts of 16 to 63.)"""
        self.scans += 1
        if len(ids) > len(self.G) // 2:  # most guesses: whole rows, the others need nothing
            ids, need = np.arange(len(self.G)), np.bincount(ids, need, len(self.G)).astype(np.int64)
            R = self.MT[S]
        else:
            R = self.MT[S][:, ids]
        cols, dup, seen = np.arange(len(ids)), np.zeros(len(ids), np.int64), None
        for i in range(1, min(16, len(S))):
            dup += (R[:i] == R[i]).any(axis=0)
        for done, end in ((16, 64), (64, 256), (256, 1024), (1024, len(S))):
            if done >= len(S):
                break
            keep = np.nonzero(dup < need[cols])[0]
            if keep.size < 0.75 * cols.size:
                cols, R, dup = cols[keep], R.take(keep, axis=1), dup[keep]
                seen = None if seen is None else seen[:, keep]
            if seen is None and end == 64 and len(cols) > 2048:  # a table of that many guesses
                for i in range(16, min(64, len(S))):  # costs more than 48 comparisons
                    dup += (R[:i] == R[i]).any(axis=0)
                continue
            if seen is None:  # the table starts with the earlier answers' replies
                seen, done = np.zeros((self.codes, len(cols)), bool), 0
            end = min(end, len(S))
            seen[R[done:end], np.arange(len(cols))] = True
            dup = end - np.count_nonzero(seen, axis=0)
        short = np.nonzero(dup < need[cols])[0]
        return (int(ids[cols[short[0]]]), int(dup[short[0]])) if short.size else (-1, 0)

    def remember(self, key: tuple) -> None:
        """Note a rule shown to hold for a set (cleared when full: it is only a cache)."""
        if len(self.proven) >= MAX_CACHED["proven"]:
            self.proven.clear()
        self.proven.add(key)

    def two_n_rule(self, S: np.ndarray, d: int) -> bool:
        """No candidate splits S (n >= 2) into single answers, so S costs at least 2n (d >= 2)."""
        if ("2n", S.tobytes()) not in self.proven:
            R = np.sort(self.MT[np.ix_(S, self.guess_of[S])], axis=0)
            if not (R[1:] == R[:-1]).any(axis=0).all():
                return False
            self.remember(("2n", S.tobytes()))
        return d >= 2 and len(S) >= 2

    def no_separating_guess(self, S: np.ndarray, state) -> bool:
        """No allowed guess gives every answer of S its own reply (so, two guesses left: no tree)."""
        key = ("-3", S.tobytes(), state)
        if key in self.proven or len(S) > self.codes:
            return True
        alive = np.packbits(self.legal(state))
        for step in range(1, len(S)):  # neighbours first: they are the pairs fewest guesses separate
            for i in range(step, len(S)):
                pair = (int(S[i - step]), int(S[i]))
                if pair not in self.pairs:
                    if len(self.pairs) > 50_000:
                        self.pairs.clear()
                    self.pairs[pair] = np.packbits(self.MT[pair[0]] != self.MT[pair[1]])
                alive &= self.pairs[pair]
                if not alive.any():
                    self.remember(key)
                    return True
        return False

    def claim(self, section: int, ref: int) -> tuple:
        """A claim proven earlier, by its section and number (a record may only cite a claim that
        is already there, so no proof rests on itself)."""
        table = self.claims.get(section, [])
        if not 0 <= ref < len(table):
            raise Rejected(f"refers to claim {ref} of section {section}, which is not (yet) there")
        return table[ref]

    def most_parts(self, f: Frame) -> int:
        """K of the counting rule at node f: the most replies other than the win that any guess
        allowed there gives its answers (counted over columns in blocks, to bound the memory)."""
        if f.most_parts < 0:
            ids, most = np.nonzero(self.legal(f.state))[0], 0
            for start in range(0, len(ids), 512):
                R = np.sort(self.MT[np.ix_(f.S, ids[start:start + 512])], axis=0)
                classes = 1 + (R[1:] != R[:-1]).sum(axis=0) - (R == self.won).any(axis=0)
                most = max(most, int(classes.max()))
            f.most_parts = most
        return f.most_parts

    def part_value(self, part: np.ndarray, d: int, state, section: int, ref: int,
                   f: Frame | None = None) -> int:
        """The value a reference gives a part of node f (Rejected when it does not hold)."""
        if ref == -1:
            return set_bound(len(part), d, self.codes)
        if ref == -4 and f is not None:
            return counted_bound(len(part), self.most_parts(f), d, self.codes)
        if ref == -2 and self.two_n_rule(part, d):
            return 2 * len(part)
        if ref == -3 and d == 2 and self.no_separating_guess(part, state):
            return INF
        if ref < 0:
            raise Rejected(f"rule {ref} cited for a part of {len(part)} answers, {d} guesses left, "
                           "where it does not hold")
        key, value, cover, _ = self.claim(section, ref)
        if key != (d, state, part.tobytes()) or cover != "all":
            raise Rejected(f"claim {ref} of section {section} is not about this part "
                           f"({len(part)} answers, {d} guesses left) and every guess there")
        return value

    def guess(self, f: Frame, g: int, refs: list[tuple[int, int, int]]) -> None:
        """Evidence: guess g costs n + its parts' values (closed forms unless a reference is given)."""
        codes = self.MT[f.S, g]
        sizes = np.bincount(codes, minlength=self.codes)
        sizes[self.won] = 0
        total = len(f.S) + sum(set_bound(c, f.d - 1, self.codes) for c in sizes[sizes > 0].tolist())
        named = set()
        for code, section, ref in refs:
            if not 0 <= code < self.won or not sizes[code] or code in named:
                raise Rejected(f"{self.word(g)}: reply {code} is not one of its parts (or named twice)")
            named.add(code)
            state = self.after(f.state, g, code) if self.hard else None
            part = f.S[codes == code]
            total += max(0, self.part_value(part, f.d - 1, state, section, ref, f)
                         - set_bound(len(part), f.d - 1, self.codes))
        f.evidence[g] = max(f.evidence.get(g, 0), min(INF, total))

    def same(self, f: Frame, g: int, h: int) -> None:
        """SAME: g splits S into the parts h does (neither a candidate), so it costs what h costs."""
        pairs = set(zip(self.MT[f.S, g].tolist(), self.MT[f.S, h].tolist()))
        if self.hard or h not in f.evidence or any(self.won in p for p in pairs) or \
                not len(pairs) == len({a for a, _ in pairs}) == len({b for _, b in pairs}):
            raise Rejected(f"{self.word(g)} does not split like {self.word(h)} (or that guess has "
                           "no evidence yet, or this is hard mode, or a guess is a candidate)")
        f.evidence[g] = max(f.evidence.get(g, 0), f.evidence[h])

    def close(self, f: Frame, value: int, cover: str, listed: frozenset) -> None:
        """Check the claim: every allowed guess it covers costs at least `value`."""
        n, d, S = len(f.S), f.d, f.S
        if cover == "all" and (value <= set_bound(n, d, self.codes) or (
                value == 2 * n and self.two_n_rule(S, d)) or (
                d == 2 and value == INF and self.no_separating_guess(S, f.state))):
            return
        bound = np.zeros(len(self.G), np.int64)
        bound[list(f.evidence)] = list(f.evidence.values())
        for floor, floor_cover, guesses in f.floors:
            bound = np.maximum(bound, np.where(self.covered(floor_cover, guesses), floor, 0))
        ids = np.nonzero(self.legal(f.state) & self.covered(cover, listed) & (bound < value))[0]
        candidate = np.zeros(len(self.G), bool)  # (np.isin sorted both: 7% of a check's time)
        candidate[self.guess_of[S]] = True
        green = candidate[ids].astype(np.int64)
        need = repeats_needed(n, d, value, green)
        if cover == "all":  # n - 1 repeats: it splits nothing; if no candidate either, never best
            need = np.where(green == 0, np.minimum(need, n - 1), need)
        g, repeats = self.short_of_repeats(S, ids, need) if ids.size else (-1, 0)
        if g >= 0:
            raise Rejected(f"{n} answers, {d} guesses left, claimed >= {value}: guess {self.word(g)} "
                           f"makes {n - repeats} classes, so its closed form is lower, and no "
                           "evidence is given for it")

    def covered(self, cover: str, listed: frozenset) -> np.ndarray:
        """Which guesses a claim is about, as a mask."""
        mask = np.zeros(len(self.G), bool)
        mask[list(listed)] = True
        return mask if cover == "only" else ~mask if cover == "except" else np.ones(len(self.G), bool)

    def word(self, g: int) -> str:
        """The guess with index g, upper case, for messages."""
        return "".join(chr(97 + c) for c in self.G[g]).upper()

    def names(self, guesses) -> str:
        """Guesses in words, sorted, the first 12 of them (a claim may list thousands)."""
        return ", ".join(sorted(self.word(g) for g in guesses)[:12]) + (" ..." if len(guesses) > 12 else "")


def reader(stream):
    """take(count): the next int32 words after the header (Rejected when the file ends early)."""
    def words():
        try:
            while data := stream.read(1 << 22):
                yield from np.frombuffer(data[:len(data) // 4 * 4], "<i4").tolist()
        except (EOFError, OSError, zlib.error) as error:
            raise Rejected(f"the certificate is truncated or damaged ({error})") from None
    it = words()

    def take(count: int) -> list[int]:
        out = list(islice(it, count))
        if len(out) < count:
            raise Rejected("the certificate is truncated (it ends inside a record, or has no END)")
        take.taken += count  # for the progress lines: how far the checking has got
        return out
    take.taken = 0
    return take, it


PROGRESS_EVERY = 10.0  # seconds between the progress lines of a long check
PROGRESS_OPS = 1 << 12  # records between looks at the clock


class Progress:
    """A line on stderr every PROGRESS_EVERY seconds while the records are checked (rewritten in
    place in a terminal): how much of the records is checked (against the uncompressed size the
    gzip trailer records, when it can: it is kept modulo 4 GiB), the claims, the time. Why: a
    75-minute check once printed nothing until its verdict. A check shorter than PROGRESS_EVERY
    prints nothing; only the process checking part 0 reports (the others' shares are alike)."""

    def __init__(self, path: str, take) -> None:
        self.path, self.take = path, take
        with open(path, "rb") as file:
            file.seek(-4, os.SEEK_END)
            self.size = int.from_bytes(file.read(4), "little")  # gzip's ISIZE
        self.start = self.last = time.perf_counter()
        self.terminal = sys.stderr.isatty()
        self.shown = False

    def __call__(self, claims: int) -> None:
        now = time.perf_counter()
        if now - self.last < PROGRESS_EVERY:
            return
        self.last, self.shown = now, True
        done = 4 * self.take.taken
        read = (f"{done / self.size:.0%} of the records" if 0 < done <= self.size
                else f"{done // 4:,} numbers of records")
        line = f"checking {self.path}: {read} read, {claims:,} claims checked, {now - self.start:.0f} s"
        sys.stderr.write(f"\r{line}" if self.terminal else f"{line}\n")
        sys.stderr.flush()

    def close(self) -> None:
        """End the rewritten line, so the verdict starts on a line of its own."""
        if self.shown and self.terminal:
            sys.stderr.write("\n")


def check_stream(checker: Checker, take, rest, n_answers: int, progress=None) -> list[tuple]:
    """Check every record, telling `progress` (if any) the claims checked now and then; returns the
    claims the END record names."""
    stack: list[Frame] = []
    section, opened, ops, closed = 0, 0, 0, 0
    while True:
        op = take(1)[0]
        ops += 1
        if progress is not None and ops % PROGRESS_OPS == 0:
            progress(closed)
        f = stack[-1] if stack else None
        if f is None and op not in (SECTION, OPEN, END):
            raise Rejected(f"record {op} outside any node: the file is damaged or reordered")
        if op == SECTION:
            section = take(1)[0]
        elif op == OPEN:
            d, n = take(2)
            S = np.array(take(n), dtype=np.int32)
            if n < 1 or S.min() < 0 or S.max() >= n_answers or (np.diff(S) <= 0).any():
                raise Rejected("a node's candidates are not sorted distinct answers")
            state = (tuple(take(checker.L)), tuple(take(26))) if checker.hard else None
            if checker.ultra:
                state += (tuple(take(checker.L)), tuple(take(26)))
            stack.append(Frame(S, d, state, opened % checker.part[1] == checker.part[0]))
            opened += 1
        elif op in (GUESS, GUESS_X):
            g, m = take(2)
            flat = take((2 if op == GUESS else 3) * m)
            refs = zip(flat[0::2], [section] * m, flat[1::2]) if op == GUESS else zip(*[iter(flat)] * 3)
            if f.mine:
                checker.guess(f, g, list(refs))
        elif op == SAME:
            g, h = take(2)
            if f.mine:
                checker.same(f, g, h)
        elif op == CITE_X:
            key, value, cover, guesses = checker.claim(*take(2))
            if key != f.key:
                raise Rejected("a cited claim is about another node")
            f.floors.append((value, cover, guesses))
        elif op in COVER or op == DROP:
            stack.pop()
            if op != DROP:
                value = take(1)[0]
                listed = frozenset(take(take(1)[0])) if op != CLOSE else frozenset()
                number = len(checker.claims.setdefault(section, []))
                try:
                    if f.mine:
                        checker.close(f, value, COVER[op], listed)
                except Rejected as why:
                    raise Rejected(f"claim {number} of section {section} fails: {why}") from None
                checker.claims[section].append((f.key, value, COVER[op], listed))
                closed += 1
        elif op == END:
            flat = take(2 * take(1)[0])
            proves = [checker.claim(*flat[i:i + 2]) for i in range(0, len(flat), 2)]
            if stack or next(rest, None) is not None:
                raise Rejected("records after END, or nodes left open")
            return proves
        else:
            raise Rejected(f"unknown record {op}: the file is damaged or reordered")


def shown(value) -> str:
    """A header value as one short line of JSON, so an error can quote any value safely."""
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def parse_json(text: str | bytes, what: str):
    """JSON with its nesting bounded first (no RecursionError, whatever the input) and no key
    given twice (the checker must not pick one of two values silently)."""
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    depth = deepest = 0
    for bracket in re.findall(r"[][{}]", re.sub(r'"(?:[^"\\]|\\.)*"', "", text)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    if deepest > MAX_NESTING:
        raise Unreadable(f"{what}: JSON nested more than {MAX_NESTING} levels deep")

    def no_repeats(pairs: list) -> dict:
        keys = [key for key, _ in pairs]
        if len(set(keys)) < len(keys):
            raise Unreadable(f"{what}: a key appears twice in one object")
        return dict(pairs)
    return json.loads(text, object_pairs_hook=no_repeats)


def whole(value, low: int, high: int) -> bool:
    """A true int (not a bool, not a float such as 6.0 or 6.9) from low to high."""
    return type(value) is int and low <= value <= high


def bare_name(name) -> bool:
    """A list name that can only mean a file NAME.txt in one folder: no path, nothing hidden."""
    return (isinstance(name, str) and 0 < len(name) <= 200 and name.isprintable()
            and "/" not in name and "\\" not in name and not name.startswith("."))


def check_header(header) -> None:
    """The header is a strict schema: every field known and present, each of its type and range;
    the checker reads nothing it does not understand exactly (Unreadable: exit 2)."""
    if not isinstance(header, dict) or set(header) != set(HEADER):
        fields = set(header) if isinstance(header, dict) else set()
        odd = sorted(fields - set(HEADER)) + [f"{f} (missing)" for f in HEADER if f not in fields]
        raise Unreadable(f"the header's fields are not {', '.join(HEADER)}: {shown(odd)}")
    if header["format"] != FORMAT or header["rule"] != "wordle":
        raise Unreadable(f"not a Wordle certificate ({FORMAT}): format {shown(header['format'])}, "
                         f"rule {shown(header['rule'])}")
    for field, known in (("mode", MODES), ("objective", OBJECTIVES)):
        if not isinstance(header[field], str) or header[field] not in known:
            raise Unreadable(f"header field {field} is {shown(header[field])}, not one of "
                             f"{', '.join(known)}")
    for field, (low, high) in (("max_guesses", (1, MAX_GUESSES)), ("length", LENGTHS)):
        if not whole(header[field], low, high):
            raise Unreadable(f"header field {field} must be a whole number from {low} to {high}, "
                             f"not {shown(header[field])}")
    for side in ("answers", "guesses"):
        block = header[side]
        if not isinstance(block, dict) or set(block) != set(LIST_FIELDS):
            raise Unreadable(f"header field {side} must have exactly {', '.join(LIST_FIELDS)}")
        name = block["name"]
        if side == "guesses" and isinstance(name, str) and name.endswith("+answers"):
            name = name[:-len("+answers")]  # the answers missing from the guesses were appended
        if not bare_name(name):
            raise Unreadable(f"{side} list name {shown(block['name'])} is not a bare file name")
        if not whole(block["count"], 1, MAX_WORDS) or not (
                isinstance(block["sha256"], str) and re.fullmatch("[0-9a-f]{64}", block["sha256"])):
            raise Unreadable(f"{side} list: count must be a whole number from 1 to {MAX_WORDS:,} and "
                             "sha256 64 hexadecimal digits")
    provenance = header["provenance"]
    if not isinstance(provenance, dict) or not all(
            value is None or isinstance(value, (str, int, float)) for value in provenance.values()):
        raise Unreadable("header field provenance must be an object of plain values")


def read_header(path: str) -> tuple[dict, gzip.GzipFile]:
    """The checked header of a certificate, and the stream positioned at its first record."""
    try:
        read_regular_kind(path, "certificate")
        stream = gzip.open(path, "rb")
        line = stream.readline(MAX_HEADER)
    except (OSError, EOFError, zlib.error) as error:
        raise Unreadable(f"cannot read {path} as a certificate: {error}") from None
    if not line.endswith(b"\n"):
        stream.close()
        raise Unreadable(f"{path}: no header line (of at most {MAX_HEADER:,} bytes)")
    try:
        header = parse_json(line, "header")
        check_header(header)
    except (ValueError, Unreadable) as error:  # (a UnicodeDecodeError is a ValueError)
        stream.close()
        raise Unreadable(f"{path}: {error}" if isinstance(error, Unreadable)
                         else f"{path}: the header is not JSON ({error})") from None
    return header, stream


def list_file(side: str, name: str, given: str | None, certificate: str) -> tuple[Path, str]:
    """Where a list is read from, and how to say so: the file given, else the bundled list of that
    name, else NAME.txt in the certificate's own folder; a header can point nowhere else."""
    if given:
        return Path(given), f"file {given}"
    beside = Path(certificate).parent / f"{name}.txt"
    for path, origin in ((DATA / f"{name}.txt", "bundled"), (beside, f"file {beside}")):
        if path.is_file():
            return path, origin
    raise Unreadable(f"the {side} list {shown(name)} is not bundled and {beside} does not exist; "
                     f"give --{side} FILE")


def game_lists(header: dict, certificate: str, answers_file: str | None,
               guesses_file: str | None) -> tuple[list[str], list[str], dict[str, str]]:
    """The lists the header names, each checked against it (sha256, count, word length), so the
    claims are checked on exactly the game they were made for: (answers, guesses, where each was
    read from). The answers the guesses lack are appended to them, as the search does."""
    names = header["answers"]["name"], header["guesses"]["name"].removesuffix("+answers")
    (answers_path, from_answers), (guesses_path, from_guesses) = (
        list_file(side, name, given, certificate)
        for side, name, given in zip(("answers", "guesses"), names, (answers_file, guesses_file)))
    answers, guesses = read_words(answers_path), read_words(guesses_path)
    known = set(guesses)
    guesses += [w for w in answers if w not in known]
    origins = {"answers": from_answers, "guesses": from_guesses}
    for side, words in (("answers", answers), ("guesses", guesses)):
        block, length = header[side], header["length"]
        if hashlib.sha256(("\n".join(words) + "\n").encode()).hexdigest() != block["sha256"]:
            # which is wrong, the list or the header, the checker cannot tell: it names both
            raise Rejected(f"the {side} list read ({origins[side]}, {len(words):,} words) is not "
                           f"the list {shown(block['name'])} the certificate names "
                           f"({block['count']:,} words, sha256 {block['sha256'][:16]}...): the "
                           "certificate is for another list, or was altered")
        if len(words) != block["count"]:
            raise Rejected(f"the header gives {shown(block['name'])} {block['count']:,} words; it has "
                           f"{len(words):,}")
        odd = next((w for w in words if len(w) != length or not (w.isascii() and w.isalpha())), None)
        if odd is not None:
            raise Rejected(f"the {side} list has {shown(odd)}, not a word of {length} letters a-z "
                           "as the header's length says")
    return answers, guesses, {"answers": from_answers, "guesses": from_guesses}


def read_tree(path: str, header: dict) -> dict:
    """The tree of a JSON tree file (optimal-tree/1) whose own game block is the certificate's
    game (the lists by sha256 and count; rule, mode, limit and length exactly; nothing else, such
    as weights): a tree of another game is refused, never replayed under this one."""
    try:
        text = read_regular(path, "tree").decode("utf-8")
    except (OSError, ValueError) as error:
        raise Unreadable(f"cannot read tree {path}: {error}") from None
    if not text.lstrip("\ufeff \t\r\n").startswith("{"):  # "Expecting value" said nothing useful
        raise Unreadable(f"tree {path} is not a JSON tree: the checker reads the JSON tree file "
                         "(optimal-tree/1) a search writes beside the text one (NAME.json beside "
                         "NAME.tree.txt)")
    try:
        document = parse_json(text, f"tree {path}")
    except ValueError as error:
        raise Unreadable(f"cannot read tree {path}: {error}") from None
    tree = document.get("tree") if isinstance(document, dict) else None
    if not isinstance(tree, dict) or not isinstance(tree.get("guess"), str):
        raise Unreadable(f"tree {path}: not a tree file (optimal-tree/1) with a first guess")
    game = document.get("game")
    if not isinstance(game, dict):
        raise Unreadable(f"tree {path} does not say which game it is for (it has no game block)")
    wanted = {field: header[field] for field in HEADER[1:7]}
    for field in sorted(set(game) | set(wanted)):
        mine, theirs = wanted.get(field), game.get(field)
        if field in ("answers", "guesses") and isinstance(theirs, dict):
            mine, theirs = ({key: block.get(key) for key in ("count", "sha256")}
                            for block in (mine, theirs))
        if json.dumps(mine, sort_keys=True) != json.dumps(theirs, sort_keys=True):  # 6.0 is not 6
            raise Unreadable(f"tree {path} is for another game: its {field} is {shown(theirs)}, the "
                             f"certificate's {shown(mine)}")
    return tree


def load(path: str, answers_file: str | None = None, guesses_file: str | None = None,
         part: tuple[int, int] = (0, 1)):
    """Read and check a certificate (the nodes of `part`: (k, n) checks every n-th from the k-th):
    (header, checker, the claims it concludes with, answers, guesses). Lists default to those the
    header names (see `list_file`); their sha256 must match."""
    header, stream = read_header(path)
    with stream:
        answers, guesses, _ = game_lists(header, path, answers_file, guesses_file)
        checker = Checker(header["mode"], header["max_guesses"], answers, guesses, part)
        take, rest = reader(stream)
        progress = Progress(path, take) if part[0] == 0 else None
        try:
            proves = check_stream(checker, take, rest, len(answers), progress)
        except (IndexError, ValueError, OverflowError, MemoryError) as error:
            raise Rejected(f"a malformed record: the file is damaged or reordered ({error})") from None
        finally:
            if progress is not None:
                progress.close()
    return header, checker, proves, answers, guesses


def replay(tree: dict, checker: Checker, answers: list[str], guesses: list[str]) -> int:
    """Total guesses of a JSON tree (optimal-tree/1) over every answer, replayed here; Rejected if
    an answer is not found within the limit by allowed (in a strict mode, legal) guesses."""
    index, total = {w: i for i, w in enumerate(guesses)}, 0
    for a, answer in enumerate(answers):
        node, state, depth = tree, checker.initial, 0
        while True:
            depth += 1
            g = index.get(str(node.get("guess", "")).lower(), -1)
            if g < 0 or depth > checker.d0 or not checker.legal(state)[g]:
                raise Rejected(f"the tree fails for {answer.upper()} at guess {depth}")
            code = int(checker.MT[a, g])
            if code == checker.won:
                break
            text = "".join("BYG"[(code // 3**i) % 3] for i in range(checker.L))
            node = (node.get("branches") or {}).get(text)
            if not isinstance(node, dict):
                raise Rejected(f"the tree has no branch for {answer.upper()} after {text}")
            state = checker.after(state, g, code) if state else None
        total += depth
    return total


def describe(claim: tuple, checker: Checker) -> str:
    """A concluding claim in words: exactly what it says, about exactly the guesses it covers."""
    (d, _, _), value, cover, guesses = claim
    what = f"at least {value} guesses in all" if value < INF else f"cannot find every answer within {d}"
    return {"all": "every first guess", "except": f"every first guess but {checker.names(guesses)}",
            "only": f"first guess {checker.names(guesses)}"}[cover] + f": {what}"


def first_guess_bounds(at_root: list[tuple], checker: Checker) -> np.ndarray:
    """For each first guess, the highest value the concluding claims covering it prove (0: none)."""
    bound = np.zeros(len(checker.G), np.int64)
    for _, value, cover, listed in at_root:
        bound = np.maximum(bound, np.where(checker.covered(cover, listed), value, 0))
    return bound


def tree_verdict(total: int, first: int, bound: np.ndarray, checker: Checker) -> str:
    """What the claims say of a tree whose total is its first guess's certified bound, each
    sentence derived from them: optimal over every first guess when every other guess is proven
    to need at least the total; that every other needs more only when each is proven to need more."""
    others = np.delete(bound, first)
    text = f"  so {total} is optimal for {checker.word(first)}"
    if (others > total).all():
        return text + "; every other first guess needs more, so it is optimal over every first guess"
    if (others >= total).all():
        ties = [g for g in np.nonzero(bound == total)[0].tolist() if g != first]
        return text + (f"; optimal over every first guess ({len(ties):,} other(s) not shown to need "
                       f"more: {checker.names(ties)})")
    return text


def game_lines(header: dict, origins: dict[str, str]) -> list[str]:
    """The game the claims were checked on: both lists (name, count, sha256, where read from),
    mode, guess limit and objective, so a verdict can never be read as one about another game."""
    lines = [f"  {side}: {header[side]['name']}, {header[side]['count']:,} words, sha256 "
             f"{header[side]['sha256']} ({origins[side]})" for side in ("answers", "guesses")]
    mode = {"ultra": "ultra-hard"}.get(header["mode"], header["mode"])
    return lines + [f"  {mode} mode, at most {header['max_guesses']} guesses, objective "
                    f"{header['objective']}; the certificate concludes:"]


def load_part(args: argparse.Namespace, part: tuple[int, int]):
    """The checker's inputs for one share of the records (what each worker process loads)."""
    return load(args.certificate, args.answers, args.guesses, part)


def check_part(args: argparse.Namespace, part: tuple[int, int], verdict) -> None:
    """In a process of its own: check `part` and send ("ok", (full scans, CPU seconds)) or the
    rejection. The CPU is sent because it is lost with the process: a caller's `time` counts only
    the processes it waits for, and these are ended, not waited for."""
    try:
        scans = load_part(args, part)[1].scans
        verdict.send(("ok", (scans, time.process_time())))
    except (Rejected, Unreadable) as why:
        verdict.send((type(why).__name__, str(why)))


def load_in_parts(args: argparse.Namespace):
    """`load` with the nodes shared out over --jobs processes (this one checks part 0; the others
    are fresh interpreters, as forking a threaded caller can hang); their full scans are added
    to this checker's count and their CPU seconds to its `other_cpu`. Any part's rejection is the
    verdict."""
    spawn, others = get_context("spawn"), []
    try:
        for k in range(1, args.jobs):
            receive, send = spawn.Pipe(duplex=False)
            process = spawn.Process(target=check_part, args=(args, (k, args.jobs), send), daemon=True)
            process.start()
            send.close()  # the child's end: when it dies, receiving here ends (EOFError)
            others.append((process, receive))
        loaded = load_part(args, (0, args.jobs))
        for process, receive in others:
            try:
                kind, value = receive.recv()
            except EOFError:
                process.join()
                raise Unreadable("a checking process stopped without a verdict (exit code "
                                 f"{process.exitcode})") from None
            if kind != "ok":
                raise {"Rejected": Rejected, "Unreadable": Unreadable}[kind](value)
            loaded[1].scans += value[0]
            loaded[1].other_cpu += value[1]
        return loaded
    finally:
        for process, _ in others:
            process.terminate()


def say(text: str) -> None:
    """Print a line of the report; once the reader has gone (`... | head`), drop the rest and go
    on, so the exit code is still the verdict (a BrokenPipeError here printed a traceback and
    exited 1, which reads as a rejection). The commands' `ClosedPipeTolerant` does this for them;
    the checker keeps its own few lines because it imports nothing of the project."""
    try:
        print(text, flush=True)
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # the interpreter's last flush must not fail either
        os.close(devnull)


def run(args: argparse.Namespace) -> int:
    """Check the header, the lists and the tree's game before any claim (and before any worker
    starts), then every claim; print only what the claims entail."""
    start = time.perf_counter()
    header, stream = read_header(args.certificate)
    stream.close()
    answers, guesses, origins = game_lists(header, args.certificate, args.answers, args.guesses)
    tree = read_tree(args.tree, header) if args.tree else None
    if tree is not None and header["objective"] != "total":
        raise Unreadable(f"{args.certificate} is a worst-case certificate: it proves which first "
                         "guesses cannot find every answer within the limit, and no tree's total")
    try:
        first = guesses.index(tree["guess"].lower()) if tree is not None else -1
    except ValueError:
        raise Unreadable(f"tree {args.tree}: its first guess {shown(tree['guess'])} is not in the "
                         "guess list") from None
    header, checker, proves, answers, guesses = load_in_parts(args)
    root = (checker.d0, checker.initial, np.arange(len(answers), dtype=np.int32).tobytes())
    at_root = [claim for claim in proves if claim[0] == root]
    if header["objective"] == "worst" and any(claim[1] < INF for claim in at_root):
        raise Rejected("a worst-case certificate concludes a total: it proves only that first "
                       "guesses cannot find every answer within the limit")
    cpu = time.process_time() + checker.other_cpu
    say(f"{args.certificate}: every claim holds ({sum(map(len, checker.claims.values())):,} claims, "
        f"{checker.scans:,} full scans, {time.perf_counter() - start:.1f} s wall, {cpu:.1f} s CPU "
        f"in {args.jobs} process{'es' if args.jobs > 1 else ''}), on the game")
    say("\n".join(game_lines(header, origins) + ["    " + describe(c, checker) for c in at_root]))
    if tree is None:
        return 0
    total, bound = replay(tree, checker, answers, guesses), first_guess_bounds(at_root, checker)
    say(f"tree {args.tree}: first guess {checker.word(first)}, total {total} (replayed); certified "
        f"lower bound: {bound[first]}")
    if bound[first] != total:
        raise Rejected(f"the tree's total {total} is not the certified lower bound {bound[first]}")
    say(tree_verdict(total, first, bound, checker))
    return 0


def jobs(text: str) -> int:
    """argparse type for --jobs: a whole number from 1 to MAX_JOBS, checked before anything starts
    (each job is a whole interpreter reading the whole file)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{shown(text[:20])} is not a whole number") from None
    if not 1 <= value <= MAX_JOBS:
        raise argparse.ArgumentTypeError(f"must be from 1 to {MAX_JOBS}, not {shown(text[:24])}")
    return value


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors. The other commands get this from optimal.cli.args; the
    checker keeps its own copy because it imports nothing of the project (see module)."""

    def error(self, message: str):  # one line, exit 2 (argparse would print the usage too)
        """argparse's hook: the message on one line, exit 2."""
        self.exit(2, f"{self.prog}: error: {message}\n")


def main(argv: list[str] | None = None) -> int:
    """`python -m optimal.check CERT [TREE]`: 0 when every record checks (and the tree's total is
    certified), 1 when one is rejected, 2 for input that cannot be read."""
    parser = Parser(prog="python -m optimal.check", description=__doc__.split("\n")[0],
                    epilog="example: python -m optimal.check salet.cert.gz salet.json")
    parser.add_argument("certificate", help="the certificate (.cert.gz)")
    parser.add_argument("tree", nargs="?", help="a tree (JSON) whose total should be certified optimal")
    for name in ("answers", "guesses"):
        parser.add_argument(f"--{name}", help=f"{name} list file (default: the bundled list the header "
                            "names, else NAME.txt in the certificate's folder)")
    parser.add_argument("--jobs", type=jobs, default=1,
                        help=f"processes sharing the checking, 1 to {MAX_JOBS} (default 1)")
    if sys.stderr is None:  # started with stderr closed: its one line has nowhere to go, the code does
        sys.stderr = open(os.devnull, "w")
    # intermixed: `CERT --answers F TREE` took TREE for an unknown argument (argparse fills both
    # positionals at CERT, the optional one empty, when the two are parted by an option)
    args = parser.parse_intermixed_args(argv)
    try:
        return run(args)
    except Rejected as why:
        sys.stderr.write(f"REJECTED: {why}\n")
        return 1
    except Unreadable as why:
        sys.stderr.write(f"python -m optimal.check: error: {why}\n")
        return 2


if __name__ == "__main__":
    sys.exit(main())
