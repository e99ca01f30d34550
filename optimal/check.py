"""`python -m optimal.check CERT [TREE]`: check a proof certificate of lower bounds, on its own.

A certificate (written by `python -m optimal.search --certificate FILE`) is a list of claims "with
these candidates, d guesses left (and, in hard mode, this state), every allowed guess costs at
least L" -- cost meaning the least total number of guesses to find every candidate, L = 2**28 meaning
"cannot be done at all". This program checks every claim from the rules below, recomputing every
reply and every split itself; with a TREE (replayed here too) it also says whether the tree's total
equals the certified lower bound, i.e. is optimal. Exit 0: every claim holds (and the tree's total
is certified); 1: a claim fails, or the file is truncated or altered (it says which and why);
2: unreadable input.

What a reader must trust: Python and numpy, gzip, the two word lists (named by sha256 in the header)
and this file, which imports nothing of the search: its statement of the Wordle rule (`replies`), of
hard mode (`after`, `legal`), the bounds and the rules below. Why each rule holds (n candidates):
  * a set costs at least 2n - 1 (every answer costs a guess; all but the one guessed first cost two);
    at least 2n when no candidate splits it into single answers (only such a guess reaches 2n - 1);
    a single answer costs 1; more than one answer with at most one guess left, or more answers than
    there are replies with two left, cannot be done;
  * a guess costs n + the costs of its parts (one more guess for each candidate, none more for the
    one it finds); a guess making k classes therefore costs at least 3n - k - [it is a candidate]
    (with two guesses left: 2n - [candidate] if k = n, else impossible);
  * a claim about every guess may ignore guesses that split nothing and are not candidates: after
    one, the same set is left with one guess fewer and a stricter hard-mode state, so it costs n more
    than the best at this node and is never best;
  * in normal mode two guesses that split the set into the same parts (neither a candidate) cost
    the same (SAME); a claim may cite an earlier claim about the same node (CITE);
  * with two guesses left, a set that no allowed guess splits into single answers cannot be done.
A claim may only refer to earlier claims (by number); a reference is accepted only if the earlier
claim is about exactly that part, guesses left and hard-mode state.

Format: gzip of a JSON header line, then little-endian int32 words, records of which are
  SECTION s                 following records belong to section s (claims numbered per section)
  OPEN d n a1..an [g1..gL m1..m26]   push a node: sorted answer indices, hard-mode greens/minimums
  GUESS g m (code ref)*m    guess g costs n + its parts' values; parts named take claim `ref` (or a
                            rule: -1 closed form, -2 the 2n rule, -3 no guess separates it)
  GUESS_X g m (code section ref)*m   the same, citing claims of any section
  SAME g h                  g splits like h          CITE_X section ref   an earlier claim here
  CLOSE L | CLOSE_ONLY L m g*m | CLOSE_EXCEPT L m g*m  pop the node; claim: every (listed / not
                            listed) allowed guess costs at least L       DROP   pop, no claim
  END m (section ref)*m     the claims the search concludes with (about the first guess)
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import sys
import zlib
from pathlib import Path

import numpy as np

INF = 1 << 28
SECTION, OPEN, GUESS, SAME, CLOSE, CLOSE_ONLY, CLOSE_EXCEPT, DROP, GUESS_X, CITE_X, END = range(1, 12)
FORMAT = "optimal-certificate/1"


class Rejected(Exception):
    """A claim fails or the file is not a complete certificate: exit 1."""


class Unreadable(Exception):
    """The input cannot be read: exit 2."""


# ---------------------------------------------------------------- the game, stated here


def read_words(path: Path) -> list[str]:
    """A word list: one word a line, blank lines and '#' comments skipped, case folded, repeats dropped."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise Unreadable(f"cannot read word list {path}: {error}") from None
    return list(dict.fromkeys(w for w in (x.strip().lower() for x in lines) if w and w[0] != "#"))


def letters(words: list[str]) -> np.ndarray:
    return np.array([[ord(c) - 97 for c in w] for w in words], dtype=np.int8)


def replies(guesses: np.ndarray, answers: np.ndarray) -> np.ndarray:
    """Wordle's reply to each (guess, answer), as sum(digit_i * 3**i), 0 miss, 1 yellow, 2 green:
    greens first; then, left to right, a letter is yellow while the answer has an unmatched copy.
    Vectorized: guess letter i is yellow when not green and `free` > 0, free = the answer's copies
    of the letter - those matched by greens - the guess's earlier non-green copies of it."""
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
        for i in range(L):  # free = copies - sum_j<i same - sum_j>=i green_j & same (see above)
            free = copies[s:s + 64][:, guesses[:, i]].T - earlier[:, i, None]
            for j in range(i, L):
                free -= green[:, :, j] & same[:, i, j, None]
            code += (2 * green[:, :, i] + (~green[:, :, i] & (free > 0))).astype(dtype) * dtype(3**i)
        out[:, s:s + 64] = code
    return out


def after(state: tuple, word: np.ndarray, code: int) -> tuple:
    """Hard mode: what later guesses must do after `word` scored `code` -- keep its greens in place,
    and contain each letter at least as often as it was scored green or yellow in one guess."""
    greens, minimum = list(state[0]), list(state[1])
    scored = [0] * 26
    for i, letter in enumerate(word):
        digit = (code // 3**i) % 3
        if digit == 2:
            greens[i] = int(letter)
        if digit:
            scored[letter] += 1
    return tuple(greens), tuple(max(m, s) for m, s in zip(minimum, scored))


def set_bound(c: int, d: int, codes: int) -> int:
    """Least cost of c candidates with d guesses left, in closed form."""
    if c == 0:
        return 0
    if c == 1:
        return 1 if d >= 1 else INF
    return INF if d <= 1 or (d == 2 and c > codes) else 2 * c - 1


def repeats_needed(n: int, d: int, value: int, green: np.ndarray) -> np.ndarray:
    """How many of n answers must get a reply an earlier one got (n - k, k classes) for a guess's
    closed form to reach `value`: 3n - k - green (d >= 3); 2n - green if k = n, else impossible
    (d = 2); 1 for the answer itself, else impossible (d = 1). n (unreachable) when it cannot."""
    if d >= 3:
        return np.maximum(0, value - 2 * n + green)
    if d == 2:
        return (value > 2 * n - green).astype(np.int64)
    return np.where((n == 1) & (green == 1) & (value > 1), n, 0) if d == 1 else np.zeros_like(green)


class Frame:
    """An open node: its candidates, guesses left, state, and the evidence given for its guesses."""

    def __init__(self, S: np.ndarray, d: int, state):
        self.S, self.d, self.state = S, d, state
        self.key = (d, state, S.tobytes())
        self.evidence: dict[int, int] = {}
        self.floors: list[tuple[int, str, frozenset]] = []  # cited claims: (L, cover, guesses)


class Checker:
    def __init__(self, header: dict, answers: list[str], guesses: list[str]):
        self.hard, self.d0 = header["mode"] == "hard", int(header["max_guesses"])
        self.G, self.A = letters(guesses), letters(answers)
        self.MT = np.ascontiguousarray(replies(self.G, self.A).T)  # (answers, guesses)
        self.L = self.G.shape[1]
        self.codes, self.won = 3**self.L, 3**self.L - 1
        self.counts = np.stack([(self.G == c).sum(axis=1) for c in range(26)], axis=1)
        index = {w: i for i, w in enumerate(guesses)}
        self.guess_of = np.array([index[w] for w in answers])
        self.initial = ((-1,) * self.L, (0,) * 26) if self.hard else None
        self.claims: dict[int, list] = {}
        self.legal_cache: dict = {}
        self.unsplittable: set = set()  # sets shown to need more than 2n - 1 or 2 guesses
        self.no_splitter: set = set()
        self.pairs: dict = {}
        self.scans = 0

    def allows(self, state, g: int) -> bool:
        """Whether guess g is allowed in `state` (normal mode: always)."""
        if state is None:
            return True
        if (state, "mask") not in self.legal_cache:
            mask = np.zeros(len(self.G), bool)
            mask[self.legal(state)] = True
            self.legal_cache[state, "mask"] = mask
        return bool(self.legal_cache[state, "mask"][g])

    def legal(self, state) -> np.ndarray | None:
        """Indices of the guesses hard mode allows in `state` (None: every guess)."""
        if state is None:
            return None
        if state not in self.legal_cache:
            ok = np.ones(len(self.G), bool)
            for i, g in enumerate(state[0]):
                if g >= 0:
                    ok &= self.G[:, i] == g
            for c, m in enumerate(state[1]):
                if m:
                    ok &= self.counts[:, c] >= m
            self.legal_cache[state] = np.nonzero(ok)[0]
        return self.legal_cache[state]

    def short_of_repeats(self, S: np.ndarray, ids: np.ndarray, need: np.ndarray) -> tuple[int, int]:
        """(j, repeats) for a guess ids[j] whose replies on S repeat fewer than need[j] times, or
        (-1, 0). Answers are taken in turn, each compared with the earlier ones (from the 64th on,
        looked up in a table of the replies seen); guesses that have enough are dropped now and then."""
        self.scans += 1
        R = self.MT[S][:, ids] if len(ids) < len(self.G) else self.MT[S]
        cols, dup, seen = np.arange(len(ids)), np.zeros(len(ids), np.int64), None
        for i in range(1, len(S)):
            if i in (16, 64, 256, 1024):
                keep = np.nonzero(dup < need[cols])[0]
                if not keep.size:
                    return -1, 0
                if keep.size < 0.75 * cols.size:
                    cols, R, dup = cols[keep], R.take(keep, axis=1), dup[keep]
                    seen = None if seen is None else seen.take(keep, axis=1)
            if i < 64:
                dup += (R[:i] == R[i]).any(axis=0)
                continue
            at = np.arange(len(cols))
            if seen is None:
                seen = np.zeros((self.codes, len(cols)), bool)
                for row in R[:i]:
                    seen[row, at] = True
            dup += seen[R[i], at]
            seen[R[i], at] = True
        short = np.nonzero(dup < need[cols])[0]
        return (int(cols[short[0]]), int(dup[short[0]])) if short.size else (-1, 0)

    def two_n_rule(self, S: np.ndarray, d: int) -> bool:
        """No candidate splits S into single answers (so S costs at least 2n, d >= 2)."""
        key = S.tobytes()
        if key not in self.no_splitter:
            R = np.sort(self.MT[np.ix_(S, self.guess_of[S])], axis=0)
            if not (R[1:] == R[:-1]).any(axis=0).all():
                return False
            self.no_splitter.add(key)
        return d >= 2 and len(S) >= 2

    def no_separating_guess(self, S: np.ndarray, state) -> bool:
        """With two guesses left: no allowed guess gives every answer of S its own reply."""
        key = (state, S.tobytes())
        if key in self.unsplittable or len(S) > self.codes:
            return True
        alive = np.ones(len(self.G), bool)
        if state is not None:
            alive[:] = False
            alive[self.legal(state)] = True
        alive = np.packbits(alive)
        for step in range(1, len(S)):  # neighbours first: they are the pairs few guesses separate
            for i in range(step, len(S)):
                pair = (int(S[i - step]), int(S[i]))
                if pair not in self.pairs:  # the guesses telling the two apart, as bits
                    if len(self.pairs) > 50_000:
                        self.pairs.clear()
                    self.pairs[pair] = np.packbits(self.MT[pair[0]] != self.MT[pair[1]])
                alive &= self.pairs[pair]
                if not alive.any():
                    self.unsplittable.add(key)
                    return True
        return False

    def claim(self, section: int, ref: int) -> tuple:
        table = self.claims.get(section, [])
        if not 0 <= ref < len(table):
            raise Rejected(f"refers to claim {ref} of section {section}, which is not (yet) there")
        return table[ref]

    def part_value(self, part: np.ndarray, d: int, state, section: int, ref: int) -> int:
        """The value a reference gives a part (Rejected when it does not hold)."""
        if ref == -1:
            return set_bound(len(part), d, self.codes)
        if ref == -2:
            if not self.two_n_rule(part, d):
                raise Rejected(f"2n rule cited for a part of {len(part)} that a candidate splits")
            return 2 * len(part)
        if ref == -3:
            if d != 2 or not self.no_separating_guess(part, state):
                raise Rejected(f"'no guess separates it' cited for a part of {len(part)} with {d} "
                               "guesses left that one guess separates (or not two left)")
            return INF
        key, value, cover, _ = self.claim(section, ref)
        if key != (d, state, part.tobytes()) or cover != "all":
            raise Rejected(f"claim {ref} of section {section} is not about this part "
                           f"({len(part)} answers, {d} guesses left)")
        return value

    def guess(self, f: Frame, g: int, refs: list[tuple[int, int, int]]) -> None:
        """Evidence: guess g costs n + its parts' values (closed forms unless a reference is given)."""
        if not 0 <= g < len(self.G):
            raise Rejected(f"guess {g} is not in the guess list")
        codes = self.MT[f.S, g]
        sizes = np.bincount(codes, minlength=self.codes)
        sizes[self.won] = 0
        total = len(f.S) + sum(set_bound(c, f.d - 1, self.codes) for c in sizes[sizes > 0].tolist())
        named = set()
        for code, section, ref in refs:
            if not 0 <= code < self.won or not sizes[code] or code in named:
                raise Rejected(f"{self.word(g)}: reply {code} is not one of its parts (or named twice)")
            named.add(code)
            state = after(f.state, self.G[g], code) if self.hard else None
            part = f.S[codes == code]
            closed = set_bound(len(part), f.d - 1, self.codes)
            total += max(0, self.part_value(part, f.d - 1, state, section, ref) - closed)
        f.evidence[g] = max(f.evidence.get(g, 0), min(INF, total))

    def same(self, f: Frame, g: int, h: int) -> None:
        """SAME: g splits S into the parts h does (neither a candidate), so it costs what h costs."""
        cg, ch = self.MT[f.S, g], self.MT[f.S, h]
        if self.hard or h not in f.evidence or (cg == self.won).any() or (ch == self.won).any() or \
                len(set(zip(cg.tolist(), ch.tolist()))) != len(set(cg.tolist())) or \
                len(set(cg.tolist())) != len(set(ch.tolist())):
            raise Rejected(f"{self.word(g)} is said to split like {self.word(h)}, which it does not "
                           "(or that guess has no evidence yet, or this is hard mode)")
        f.evidence[g] = max(f.evidence.get(g, 0), f.evidence[h])

    def close(self, f: Frame, value: int, cover: str, listed: frozenset) -> None:
        """Check the claim: every allowed guess it covers costs at least `value`."""
        n, d, S = len(f.S), f.d, f.S
        what = f"{n} answers, {d} guesses left: claim >= {value}"
        if cover == "all":
            if value <= set_bound(n, d, self.codes) or (value == 2 * n and self.two_n_rule(S, d)):
                return
            if d == 2 and value == INF and self.no_separating_guess(S, f.state):
                return
        allowed = self.legal(f.state)
        ids = np.arange(len(self.G)) if allowed is None else allowed
        if cover == "only":
            ids = np.array(sorted(set(ids.tolist()) & listed), dtype=np.int64)
        elif cover == "except":
            ids = ids[~np.isin(ids, list(listed))]
        bound = np.zeros(len(ids), np.int64)
        if f.evidence:
            g = np.fromiter(f.evidence, np.int64, len(f.evidence))
            at = np.minimum(np.searchsorted(ids, g), len(ids) - 1)
            found = ids[at] == g
            bound[at[found]] = np.fromiter(f.evidence.values(), np.int64, len(f.evidence))[found]
        for floor, floor_cover, guesses in f.floors:
            covered = np.isin(ids, list(guesses)) != (floor_cover != "only")
            bound[covered] = np.maximum(bound[covered], floor)
        ids = ids[bound < value]
        green = np.isin(ids, self.guess_of[S]).astype(np.int64)
        need = repeats_needed(n, d, value, green)
        if cover == "all":  # a guess that splits nothing (n - 1 repeats) and is not a candidate
            need = np.where(green == 0, np.minimum(need, n - 1), need)  # is never best
        j, repeats = self.short_of_repeats(S, ids, need) if ids.size else (-1, 0)
        if j >= 0:
            raise Rejected(f"{what}, but guess {self.word(int(ids[j]))} makes {n - repeats} "
                           "classes, so its closed form is lower, and no evidence is given for it")

    def word(self, g: int) -> str:
        return "".join(chr(97 + c) for c in self.G[g]).upper()


# ---------------------------------------------------------------- reading the stream


class Words:
    """The int32 words after the header, read in blocks."""

    def __init__(self, stream):
        self.stream, self.block, self.at = stream, [], 0

    def take(self, count: int) -> list[int]:
        while len(self.block) - self.at < count:
            try:
                data = self.stream.read(1 << 22)
            except EOFError:
                raise Rejected("the certificate is truncated (the compressed stream ends early)") from None
            if not data:
                raise Rejected("the certificate is truncated (it ends inside a record, or has no END)")
            if len(data) % 4:
                data += self.stream.read(4 - len(data) % 4)
            self.block = self.block[self.at:] + np.frombuffer(data, "<i4").tolist()
            self.at = 0
        out = self.block[self.at:self.at + count]
        self.at += count
        return out

    def one(self) -> int:
        return self.take(1)[0]

    def at_end(self) -> bool:
        return self.at == len(self.block) and not self.stream.read(1)


def check_stream(checker: Checker, words: Words, n_answers: int) -> list[tuple]:
    """Check every record; returns the claims the END record names."""
    stack: list[Frame] = []
    section, L = 0, checker.L
    while True:
        op = words.one()
        f = stack[-1] if stack else None
        if f is None and op not in (SECTION, OPEN, END):
            raise Rejected(f"record {op} outside any node")
        if op == SECTION:
            section = words.one()
        elif op == OPEN:
            d, n = words.take(2)
            S = np.array(words.take(n), dtype=np.int32)
            if n < 1 or S.min() < 0 or S.max() >= n_answers or (np.diff(S) <= 0).any():
                raise Rejected("a node's candidates are not sorted distinct answers")
            state = None
            if checker.hard:
                state = (tuple(words.take(L)), tuple(words.take(26)))
            stack.append(Frame(S, d, state))
        elif op in (GUESS, GUESS_X):
            g, m = words.take(2)
            width = 2 if op == GUESS else 3
            flat = words.take(width * m)
            refs = [(flat[i], section if op == GUESS else flat[i + 1], flat[i + width - 1])
                    for i in range(0, width * m, width)]
            checker.guess(f, g, refs)
        elif op == SAME:
            checker.same(f, *words.take(2))
        elif op == CITE_X:
            key, value, cover, guesses = checker.claim(*words.take(2))
            if key != f.key:
                raise Rejected("a cited claim is about another node")
            f.floors.append((value, cover, guesses))
        elif op in (CLOSE, CLOSE_ONLY, CLOSE_EXCEPT, DROP):
            stack.pop()
            if op != DROP:
                value = words.one()
                listed = frozenset(words.take(words.one())) if op != CLOSE else frozenset()
                cover = {CLOSE: "all", CLOSE_ONLY: "only", CLOSE_EXCEPT: "except"}[op]
                number = len(checker.claims.setdefault(section, []))
                try:
                    checker.close(f, value, cover, listed)
                except Rejected as why:
                    raise Rejected(f"claim {number} of section {section} fails: {why}") from None
                checker.claims[section].append((f.key, value, cover, listed))
        elif op == END:
            flat = words.take(2 * words.one())
            proves = [checker.claim(flat[i], flat[i + 1]) for i in range(0, len(flat), 2)]
            if stack or not words.at_end():
                raise Rejected("records after END, or nodes left open")
            return proves
        else:
            raise Rejected(f"unknown record {op}: the file is damaged or reordered")


# ---------------------------------------------------------------- the command


def replay(tree: dict, checker: Checker, answers: list[str], guesses: list[str]) -> tuple[int, str]:
    """Total guesses of a JSON tree (optimal-tree/1) over every answer, replayed here; Rejected if
    any answer is not found within the limit by allowed (hard mode: legal) guesses."""
    index = {w: i for i, w in enumerate(guesses)}
    total = 0
    for a, answer in enumerate(answers):
        node, state, depth = tree, checker.initial, 0
        while True:
            depth += 1
            g = index.get(str(node.get("guess", "")).lower(), -1)
            if g < 0 or depth > checker.d0 or not checker.allows(state, g):
                raise Rejected(f"the tree fails for {answer.upper()} at guess {depth}")
            code = int(checker.MT[a, g])
            if code == checker.won:
                break
            text = "".join("BYG"[(code // 3**i) % 3] for i in range(checker.L))
            node = (node.get("branches") or {}).get(text)
            if node is None:
                raise Rejected(f"the tree has no branch for {answer.upper()} ({text})")
            state = after(state, checker.G[g], code) if state is not None else None
        total += depth
    return total, tree["guess"].lower()


def covers(claim: tuple, g: int) -> bool:
    """Whether a claim is about guess g."""
    _, _, cover, guesses = claim
    return cover == "all" or (g in guesses) == (cover == "only")


def describe(claim: tuple, checker: Checker) -> str:
    (d, _, _), value, cover, guesses = claim
    what = f"at least {value} guesses in all" if value < INF else f"cannot find every answer within {d}"
    names = ", ".join(sorted(checker.word(g) for g in guesses))
    return {"all": f"every first guess: {what}", "only": f"first guess {names}: {what}",
            "except": f"every first guess except {names}: {what}"}[cover]


def run(args: argparse.Namespace) -> int:
    try:
        stream = gzip.open(args.certificate, "rb")
        header = json.loads(stream.readline())
    except (OSError, EOFError, zlib.error, ValueError, UnicodeDecodeError) as error:
        raise Unreadable(f"cannot read {args.certificate}: {error}") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT or header.get("rule") != "wordle":
        raise Unreadable(f"{args.certificate}: not a Wordle certificate ({FORMAT})")
    bundled = Path(__file__).parent / "data"
    answers = read_words(Path(args.answers or bundled / f"{header['answers']['name']}.txt"))
    guesses = read_words(Path(args.guesses or bundled / f"{header['guesses']['name'].split('+')[0]}.txt"))
    known = set(guesses)
    guesses += [w for w in answers if w not in known]
    for words, block in ((answers, header["answers"]), (guesses, header["guesses"])):
        if hashlib.sha256(("\n".join(words) + "\n").encode()).hexdigest() != block["sha256"]:
            raise Rejected(f"the word list {block['name']} has not the sha256 the certificate names")
    checker = Checker(header, answers, guesses)
    proves = check_stream(checker, Words(stream), len(answers))
    root = (checker.d0, checker.initial, np.arange(len(answers), dtype=np.int32).tobytes())
    print(f"{args.certificate}: every claim holds ({sum(map(len, checker.claims.values())):,} claims, "
          f"{checker.scans:,} full scans); {header['mode']} mode, at most {checker.d0} guesses:")
    for claim in proves:
        print("  " + describe(claim, checker) if claim[0] == root else "  (a claim not about the start)")
    if not args.tree:
        return 0
    try:
        document = json.loads(Path(args.tree).read_text(encoding="utf-8"))
        tree = document["tree"]
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise Unreadable(f"cannot read tree {args.tree}: {error}") from None
    total, first = replay(tree, checker, answers, guesses)
    g = guesses.index(first)
    at_root = [claim for claim in proves if claim[0] == root]
    bound = max([claim[1] for claim in at_root if covers(claim, g)], default=0)
    print(f"tree {args.tree}: first guess {first.upper()}, total {total} (replayed); certified lower "
          f"bound for {first.upper()}: {bound}")
    if bound != total:
        raise Rejected(f"the tree's total {total} is not the certified lower bound {bound}")
    others = [claim[1] for claim in at_root if claim[2] == "except" and claim[3] == {g}]
    print(f"  so {total} is optimal for {first.upper()}"
          + ("; and no other first guess does as well" if others and max(others) > total else "")
          + ("; and optimal over every first guess" if any(c[1] >= total and c[2] == "all" for c in at_root)
             else ""))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m optimal.check", description=__doc__.split("\n")[0],
                                     epilog="example: python -m optimal.check results/answers-2315-guesses-"
                                            "12972-normal-d6/salet.cert.gz results/answers-2315-guesses-"
                                            "12972-normal-d6/salet.json")
    parser.add_argument("certificate", help="the certificate (.cert.gz)")
    parser.add_argument("tree", nargs="?", help="a tree (JSON) whose total the certificate should prove optimal")
    parser.add_argument("--answers", help="answer list file (default: the bundled list the header names)")
    parser.add_argument("--guesses", help="guess list file (default: the bundled list the header names)")
    args = parser.parse_args(argv)
    try:
        return run(args)
    except Rejected as why:
        sys.stderr.write(f"REJECTED: {why}\n")
        return 1
    except (Unreadable, KeyError, TypeError, ValueError) as why:
        sys.stderr.write(f"python -m optimal.check: error: {why}\n")
        return 2


if __name__ == "__main__":
    sys.exit(main())
