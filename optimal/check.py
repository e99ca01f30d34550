"""`python -m optimal.check CERT [TREE]`: check a proof certificate of lower bounds, on its own.

A certificate (`python -m optimal.search ... --certificate CERT`) is a list of claims "with these
candidates, d guesses left (in hard mode: this state), every allowed guess costs at least L"; cost
is the least total number of guesses that finds every candidate, L = 2**28 means "cannot be done".
This checks every claim by the rules below, computing every reply and split itself; given a TREE
(JSON), replayed here too, it says whether the tree's total equals the certified lower bound, i.e.
is optimal. Exit 0: every claim holds (and the tree's total is certified); 1: a claim fails or the
file is truncated, reordered or altered (it says which and why); 2: unreadable input (or a
process of --jobs stopped without a verdict).

A reader must trust Python, numpy, gzip, the word lists (named by sha256 in the header) and this
file, which imports nothing of the search: its Wordle rule (`replies`), hard mode (`after`,
`legal`), and these rules, for n candidates:
  * a set costs at least 2n - 1 (each answer costs a guess, all but the first guessed two); 2n if
    no candidate splits it into single answers (only such a guess gets 2n - 1); one answer costs 1;
    several cannot be done with one guess left, nor more than there are replies with two left;
  * a guess costs n + its parts' costs (its own part, if a candidate, nothing); so making k classes
    it costs at least 3n - k - [candidate]; with two left 2n - [candidate] if k = n, else no tree;
  * a claim about every guess may skip those that split nothing and are no candidate: the same set
    is left with a guess fewer and a state no weaker, so it is never cheaper;
  * in normal mode, guesses splitting the set into the same parts (no candidates) cost the same;
  * with two guesses left, a set that no allowed guess splits into single answers has no tree.
A claim cites earlier claims only, each about exactly that part, guesses left and state, and about
every guess there; a node may also cite an earlier claim about itself.
With --jobs N, N processes read the whole file and each checks the evidence of every N-th node;
the verdict is "every claim holds" only when all N pass.

Format: gzip of a JSON header line, then little-endian int32 words, in records:
  SECTION s            what follows belongs to section s (claims are numbered per section)
  OPEN d n a1..an [g1..gL m1..m26]  a node: sorted answer indices, d guesses left; in hard mode the
                       green letter of each place (-1: none) and the least count of each letter
  GUESS g m (code ref)*m   guess g costs n + its parts' values: named parts that of claim `ref` or
                       of a rule (-1 closed form, -2 the 2n rule, -3 no guess separates it)
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


class Rejected(Exception):
    """A claim fails, or the file is not a whole certificate: exit 1."""


class Unreadable(Exception):
    """The input cannot be read: exit 2."""


def read_words(path: Path) -> list[str]:
    """A word list: a word a line; blank lines and '#' comments skipped, case folded, repeats dropped."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
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


def after(state: tuple, word: np.ndarray, code: int) -> tuple:
    """Hard mode: what later guesses must do after `word` scored `code`: keep its greens in place,
    and contain each letter at least as often as one guess had it green or yellow."""
    greens, minimum, scored = list(state[0]), list(state[1]), [0] * 26
    for i, letter in enumerate(word.tolist()):
        digit = (code // 3**i) % 3
        if digit == 2:  # (a clash with an earlier green: no guess is allowed, 26 matches none)
            greens[i] = letter if greens[i] in (-1, letter) else 26
        scored[letter] += digit > 0
    return tuple(greens), tuple(max(m, s) for m, s in zip(minimum, scored))


def set_bound(c: int, d: int, codes: int) -> int:
    """Least cost of c candidates with d guesses left, in closed form (first rule above)."""
    if c <= 1:
        return c if d >= 1 else INF
    return INF if d <= 1 or (d == 2 and c > codes) else 2 * c - 1


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
        self.floors: list[tuple[int, str, frozenset]] = []  # cited claims


class Checker:
    """The game (replies computed here) and the claims checked so far, per section."""

    def __init__(self, hard: bool, limit: int, answers: list[str], guesses: list[str],
                 part: tuple[int, int] = (0, 1)):
        self.hard, self.d0, self.part = hard, limit, part
        self.G = np.array([[ord(c) - 97 for c in w] for w in guesses], dtype=np.int8)
        index = {w: i for i, w in enumerate(guesses)}
        self.guess_of = np.array([index[w] for w in answers])
        self.MT = np.ascontiguousarray(replies(self.G, self.G[self.guess_of]).T)  # answer x guess
        self.L = self.G.shape[1]
        self.codes, self.won = 3**self.L, 3**self.L - 1
        self.counts = np.stack([(self.G == c).sum(axis=1) for c in range(26)], axis=1)
        self.initial = ((-1,) * self.L, (0,) * 26) if hard else None
        self.claims: dict[int, list] = {}
        self.legal_masks: dict = {}
        self.proven: set = set()  # (rule, set, state) already shown
        self.pairs: dict = {}  # (a, b) -> the guesses telling a from b, as bits
        self.scans = 0

    def legal(self, state) -> np.ndarray:
        """Which guesses hard mode allows in `state` (all in normal mode), as a mask."""
        if state not in self.legal_masks:
            ok = np.ones(len(self.G), bool)
            for i, g in enumerate(state[0] if state else ()):
                ok &= (self.G[:, i] == g) | (g < 0)
            for c, m in enumerate(state[1] if state else ()):
                ok &= self.counts[:, c] >= m
            self.legal_masks[state] = ok
        return self.legal_masks[state]

    def short_of_repeats(self, S: np.ndarray, ids: np.ndarray, need: np.ndarray) -> tuple[int, int]:
        """(guess, repeats) for a guess ids[j] whose replies on S repeat fewer than need[j] times,
        else (-1, 0). Answers are taken in turn, each compared with the earlier ones (from the 64th
        on, looked up in a table of replies seen); guesses with enough are dropped now and then."""
        self.scans += 1
        if len(ids) > len(self.G) // 2:  # most guesses: whole rows, the others need nothing
            ids, need = np.arange(len(self.G)), np.bincount(ids, need, len(self.G)).astype(np.int64)
            R = self.MT[S]
        else:
            R = self.MT[S][:, ids]
        cols, dup, seen = np.arange(len(ids)), np.zeros(len(ids), np.int64), None
        for i in range(1, len(S)):
            if i in (16, 64, 256, 1024):
                keep = np.nonzero(dup < need[cols])[0]
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
        return (int(ids[cols[short[0]]]), int(dup[short[0]])) if short.size else (-1, 0)

    def two_n_rule(self, S: np.ndarray, d: int) -> bool:
        """No candidate splits S (n >= 2) into single answers, so S costs at least 2n (d >= 2)."""
        if ("2n", S.tobytes()) not in self.proven:
            R = np.sort(self.MT[np.ix_(S, self.guess_of[S])], axis=0)
            if not (R[1:] == R[:-1]).any(axis=0).all():
                return False
            self.proven.add(("2n", S.tobytes()))
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
                    self.proven.add(key)
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
            state = after(f.state, self.G[g], code) if self.hard else None
            part = f.S[codes == code]
            total += max(0, self.part_value(part, f.d - 1, state, section, ref)
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
        green = np.isin(ids, self.guess_of[S]).astype(np.int64)
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
        return "".join(chr(97 + c) for c in self.G[g]).upper()


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
        return out
    return take, it


def check_stream(checker: Checker, take, rest, n_answers: int) -> list[tuple]:
    """Check every record; returns the claims the END record names."""
    stack: list[Frame] = []
    section, opened = 0, 0
    while True:
        op = take(1)[0]
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
        elif op == END:
            flat = take(2 * take(1)[0])
            proves = [checker.claim(*flat[i:i + 2]) for i in range(0, len(flat), 2)]
            if stack or next(rest, None) is not None:
                raise Rejected("records after END, or nodes left open")
            return proves
        else:
            raise Rejected(f"unknown record {op}: the file is damaged or reordered")


def load(path: str, answers_file: str | None = None, guesses_file: str | None = None,
         part: tuple[int, int] = (0, 1)):
    """Read and check a certificate (the nodes of `part`: (k, n) checks every n-th from the k-th):
    (header, checker, the claims it concludes with, answers, guesses). Lists default to the
    bundled ones the header names; their sha256 must match."""
    try:
        stream = gzip.open(path, "rb")
        header = json.loads(stream.readline())
        mode, limit = header["mode"], int(header["max_guesses"])
        names = header["answers"]["name"], header["guesses"]["name"].split("+")[0]
    except (OSError, EOFError, zlib.error, ValueError, TypeError, KeyError) as error:
        raise Unreadable(f"cannot read {path} as a certificate: {error}") from None
    if header.get("format") != FORMAT or header.get("rule") != "wordle":
        raise Unreadable(f"{path}: not a Wordle certificate ({FORMAT})")
    data = Path(__file__).parent / "data"
    answers = read_words(Path(answers_file or data / f"{names[0]}.txt"))
    guesses = read_words(Path(guesses_file or data / f"{names[1]}.txt"))
    known = set(guesses)
    guesses += [w for w in answers if w not in known]
    for words, block in ((answers, header["answers"]), (guesses, header["guesses"])):
        if hashlib.sha256(("\n".join(words) + "\n").encode()).hexdigest() != block.get("sha256"):
            raise Rejected(f"the word list {block.get('name')} has not the sha256 the certificate names")
    checker = Checker(mode == "hard", limit, answers, guesses, part)
    try:
        proves = check_stream(checker, *reader(stream), len(answers))
    except (IndexError, ValueError, OverflowError, MemoryError) as error:
        raise Rejected(f"a malformed record: the file is damaged or reordered ({error})") from None
    return header, checker, proves, answers, guesses


def replay(tree: dict, checker: Checker, answers: list[str], guesses: list[str]) -> int:
    """Total guesses of a JSON tree (optimal-tree/1) over every answer, replayed here; Rejected if
    an answer is not found within the limit by allowed (in hard mode, legal) guesses."""
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
            state = after(state, checker.G[g], code) if state else None
        total += depth
    return total


def describe(claim: tuple, checker: Checker) -> str:
    (d, _, _), value, cover, guesses = claim
    what = f"at least {value} guesses in all" if value < INF else f"cannot find every answer within {d}"
    names = ", ".join(sorted(checker.word(g) for g in guesses)[:12]) + (" ..." if len(guesses) > 12 else "")
    return {"all": "every first guess", "except": f"every first guess but {names}",
            "only": f"first guess {names}"}[cover] + f": {what}"


def load_part(args: argparse.Namespace, part: tuple[int, int]):
    return load(args.certificate, args.answers, args.guesses, part)


def check_part(args: argparse.Namespace, part: tuple[int, int], verdict) -> None:
    """In a process of its own: check `part` and send ("ok", full scans) or the rejection."""
    try:
        verdict.send(("ok", load_part(args, part)[1].scans))
    except (Rejected, Unreadable) as why:
        verdict.send((type(why).__name__, str(why)))


def load_in_parts(args: argparse.Namespace):
    """`load` with the nodes shared out over --jobs processes (this one checks part 0; the others
    are fresh interpreters, as forking a threaded caller can hang); their full scans are added
    to this checker's count. Any part's rejection is the verdict."""
    if args.jobs < 1:
        raise Unreadable(f"--jobs must be at least 1, not {args.jobs}")
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
            loaded[1].scans += value
        return loaded
    finally:
        for process, _ in others:
            process.terminate()


def run(args: argparse.Namespace) -> int:
    start = time.perf_counter()
    header, checker, proves, answers, guesses = load_in_parts(args)
    root = (checker.d0, checker.initial, np.arange(len(answers), dtype=np.int32).tobytes())
    at_root = [claim for claim in proves if claim[0] == root]
    print(f"{args.certificate}: every claim holds ({sum(map(len, checker.claims.values())):,} claims, "
          f"{checker.scans:,} full scans, {time.perf_counter() - start:.1f} s); {header['mode']} mode, "
          f"at most {checker.d0} guesses:")
    print("\n".join("  " + describe(claim, checker) for claim in at_root))
    if not args.tree:
        return 0
    try:
        tree = json.loads(Path(args.tree).read_text(encoding="utf-8"))["tree"]
        first = guesses.index(tree["guess"].lower())
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
        raise Unreadable(f"cannot read tree {args.tree}: {error}") from None
    total, word = replay(tree, checker, answers, guesses), checker.word(first)
    covers = [checker.covered(c[2], c[3])[first] for c in at_root]
    bound = max([c[1] for c, yes in zip(at_root, covers) if yes], default=0)
    print(f"tree {args.tree}: first guess {word}, total {total} (replayed); certified lower bound: {bound}")
    if bound != total:
        raise Rejected(f"the tree's total {total} is not the certified lower bound {bound}")
    others = max([c[1] for c, yes in zip(at_root, covers) if not yes and c[2] == "except"], default=0)
    every = any(c[2] == "all" and c[1] >= total for c in at_root)
    print(f"  so {total} is optimal for {word}" + ("; every other first guess needs more" if others > total
          else "") + ("; optimal over every first guess" if every else ""))
    return 0


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors. The other commands get this from optimal.cli.args; the
    checker keeps its own copy because it imports nothing of the project (see module)."""

    def error(self, message: str):  # one line, exit 2 (argparse would print the usage too)
        self.exit(2, f"{self.prog}: error: {message}\n")


def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog="python -m optimal.check", description=__doc__.split("\n")[0],
                    epilog="example: python -m optimal.check salet.cert.gz salet.json")
    parser.add_argument("certificate", help="the certificate (.cert.gz)")
    parser.add_argument("tree", nargs="?", help="a tree (JSON) whose total should be certified optimal")
    for name in ("answers", "guesses"):
        parser.add_argument(f"--{name}", help=f"{name} list file (default: the bundled one the header names)")
    parser.add_argument("--jobs", type=int, default=1, help="processes sharing the checking (default 1)")
    args = parser.parse_args(argv)
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
