"""Proof certificates on small games: what the search writes passes `optimal.check`; every claim in
it is true by brute force; and a certificate altered in any of the ways an error or a forger would
alter it (a bound raised, a guess left out, a part given the wrong claim, a reference forward or to
itself, a wrong list hash, a truncated or reordered file) is rejected, never accepted."""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from lookahead.solvers import single
from optimal import check
from optimal.game import Game, HardState
from optimal.rules.ultra import UltraState
from optimal.search.command import main as search
from optimal.words import load_words
from tests.test_search_engine import brute_force

# the records' operation codes and their lengths (see optimal.check's docstring)
SECTION, OPEN, GUESS, SAME, CLOSE, CLOSE_ONLY, CLOSE_EXCEPT, DROP, GUESS_X, CITE_X, END = range(1, 12)


def lists(tmp_path: Path, n: int, seed: int) -> tuple[str, str]:
    """Files for a game of n answers drawn from answer words that rhyme (-ING, -LLY, -TCH, ...:
    sets that take searching to split), with those words and some others as guesses."""
    words = load_words("answers-2315").words
    pool = [w for w in words if w[2:] in ("ing", "lly", "tch", "ack", "nch", "ash", "unt", "ank")]
    rng = np.random.default_rng(seed)
    answers = sorted(rng.choice(pool, n, replace=False).tolist())
    others = rng.choice([w for w in words if w not in pool], 30, replace=False).tolist()
    (tmp_path / "a.txt").write_text("\n".join(answers) + "\n")
    (tmp_path / "g.txt").write_text("\n".join(pool + others + ["salet", "crane", "nymph"]) + "\n")
    return str(tmp_path / "a.txt"), str(tmp_path / "g.txt")


def rhymes(tmp_path: Path, n: int, seed: int) -> tuple[str, str]:
    """Files for a game of n allowed words ending in -ILLS or -IGHT, the answers the only guesses:
    no guess splits such a set into more than a few parts, so the search bounds its large parts by
    counting (`counted_lower_bound`) and the certificate cites the checker's counting rule (-4)."""
    pool = [w for w in load_words("guesses-12972").words if w[1:] in ("ills", "ight")]
    answers = sorted(np.random.default_rng(seed).choice(pool, n, replace=False).tolist())
    for name in ("a.txt", "g.txt"):
        (tmp_path / name).write_text("\n".join(answers) + "\n")
    return str(tmp_path / "a.txt"), str(tmp_path / "g.txt")


def certify(tmp_path: Path, n: int, seed: int, mode: str, objective: str, depth: int,
            make_lists=lists) -> tuple:
    """Search every first word of a small game with a certificate; (certificate, lists, game)."""
    tmp_path = tmp_path / f"game{seed}"
    tmp_path.mkdir()
    answers, guesses = make_lists(tmp_path, n, seed)
    cert = str(tmp_path / "c.cert.gz")
    code = search(["--answers", answers, "--guesses", guesses, "--all", "--jobs", "1", "--quiet",
                   "--out", str(tmp_path / "out"), "--certificate", cert, "--max-depth", str(depth),
                   "--objective", objective] + {"hard": ["--hard"], "ultra": ["--ultra"]}.get(mode, []))
    assert code in (0, 1) and Path(cert).exists()
    return cert, answers, guesses, Game.from_lists(answers=answers, guesses=guesses, mode=mode,
                                                   max_guesses=depth)


def claim_holds(game: Game, claim: tuple) -> bool:
    """Brute force: does every guess the claim covers cost at least its value?"""
    (d, state, members), value, cover, listed = claim
    S = np.frombuffer(members, dtype=np.int32)
    kind = UltraState if game.mode == "ultra" else HardState
    hard = kind(*state) if state else game.start_state()
    if cover == "all":
        best = brute_force(game, S, d, hard)
        return (best == float("inf")) if value >= check.INF else best >= value
    for g, word in enumerate(game.guesses.words):
        if (g in listed) != (cover == "only") or (hard and not hard.allows(word)):
            continue
        codes = game.matrix[g, S]
        cost = len(S)
        for code in set(codes.tolist()) - {game.won}:
            child = hard.after(word, code) if hard else None
            cost += brute_force(game, S[codes == code], d - 1, child)
        if (cost != float("inf")) if value >= check.INF else cost < value:
            return False
    return True


CASES = [("normal", "total", 3, (10, 16)), ("hard", "total", 3, (10,)),
         ("normal", "worst", 3, (10, 12)), ("hard", "worst", 3, (10,)), ("ultra", "total", 3, (10,)),
         pytest.param("ultra", "worst", 3, (10, 16), marks=pytest.mark.slow),
         pytest.param("ultra", "total", 3, (14, 18), marks=pytest.mark.slow),
         pytest.param("ultra", "total", 6, (10,), marks=pytest.mark.slow),
         pytest.param("hard", "total", 3, (12,), marks=pytest.mark.slow),
         pytest.param("hard", "worst", 3, (16,), marks=pytest.mark.slow),
         pytest.param("hard", "total", 3, (14,), marks=pytest.mark.slow),
         pytest.param("normal", "worst", 3, (16, 22), marks=pytest.mark.slow),
         pytest.param("normal", "total", 3, (22, 25), marks=pytest.mark.slow),
         pytest.param("hard", "total", 3, (18, 22), marks=pytest.mark.slow),
         pytest.param("hard", "worst", 3, (22, 25), marks=pytest.mark.slow),
         pytest.param("normal", "total", 6, (10, 18, 25), marks=pytest.mark.slow),
         pytest.param("hard", "total", 6, (10, 16), marks=pytest.mark.slow)]


@pytest.mark.parametrize("mode,objective,depth,sizes", CASES)
def test_certificates_pass_and_every_claim_is_true(tmp_path, capsys, mode, objective, depth, sizes):
    for seed, n in enumerate(sizes):
        cert, answers, guesses, game = certify(tmp_path, n, seed, mode, objective, depth)
        assert check.main([cert, "--answers", answers, "--guesses", guesses]) == 0
        _, checker, proves, _, _ = check.load(cert, answers, guesses)
        claims = [claim for table in checker.claims.values() for claim in table]
        assert (proves or objective == "worst") and all(claim_holds(game, claim) for claim in claims)
        root = [claim for claim in proves if claim[2] == "all"]
        best = brute_force(game, game.all_candidates(), depth, game.start_state())
        if objective == "total" or best == float("inf"):  # the bound over every first guess is tight
            assert root and root[0][1] == (check.INF if best == float("inf") else best)


@pytest.mark.parametrize("mode,n,seed", [("normal", 12, 1), ("normal", 14, 2), ("hard", 12, 3),
                                         ("ultra", 12, 4)])
def test_the_counting_rule_is_cited_and_every_claim_is_true(tmp_path, capsys, mode, n, seed):
    cert, answers, guesses, game = certify(tmp_path, n, seed, mode, "total", 6, rhymes)
    header, records = read(cert) if mode != "ultra" else (None, None)
    words = np.frombuffer(gzip.decompress(Path(cert).read_bytes()).split(b"\n", 1)[1], "<i4")
    assert (words == -4).any()  # (no answer index, state value or claim number is negative)
    assert check.main([cert, "--answers", answers, "--guesses", guesses]) == 0
    _, checker, proves, _, _ = check.load(cert, answers, guesses)
    assert all(claim_holds(game, claim) for table in checker.claims.values() for claim in table)
    best = brute_force(game, game.all_candidates(), 6, game.start_state())
    root = [claim for claim in proves if claim[2] == "all"]
    assert root and root[0][1] == (check.INF if best == float("inf") else best)
    if records is None:
        return
    counted = [i for i, r in enumerate(records) if r[0] == GUESS and -4 in r[4::2]]
    assert counted
    tampered = [[-1 if r[0] == GUESS and k >= 4 and k % 2 == 0 and x == -4 else x
                 for k, x in enumerate(r)] for r in records]
    tmp = Path(cert).parent  # every counted part at its closed form: the claims no longer add up
    assert check.main([write(tmp / "t.cert.gz", header, tampered), "--answers", answers,
                       "--guesses", guesses]) == 1


def tree_of(folder: Path) -> Path:
    """The best word's tree the search wrote in its results folder."""
    return next(p for p in folder.glob("out/*/*.json") if p.name not in ("summary.json", "MANIFEST.json"))


@pytest.mark.parametrize("mode", ["normal", "hard", pytest.param("ultra", marks=pytest.mark.slow)])
def test_larger_games_pass_with_their_tree(tmp_path, capsys, mode):
    for seed, n in ((7, 40), (8, 60)):
        cert, answers, guesses, _ = certify(tmp_path, n, seed, mode, "total", 6)
        tree = tree_of(Path(cert).parent)
        assert check.main([cert, str(tree), "--answers", answers, "--guesses", guesses]) == 0
        assert "optimal over every first guess" in capsys.readouterr().out


@pytest.mark.parametrize("mode,n,seed", [("normal", 16, 9), ("hard", 14, 10), ("ultra", 14, 11)])
def test_a_search_cut_off_by_below_is_certified(tmp_path, capsys, mode, n, seed):
    """--below N with --certificate: every word cut off at N from the start (no probe), and the
    certificate still proves the optimum and "every other first guess needs more" with the tree;
    at N = the optimum, no word is below it (exit 1) and the certificate proves every first guess
    needs at least N, each claim true by brute force."""
    tmp_path = tmp_path / "game"
    tmp_path.mkdir()
    answers, guesses = lists(tmp_path, n, seed)
    flags = ["--answers", answers, "--guesses", guesses, "--all", "--jobs", "1", "--quiet",
             "--max-depth", "4"] + {"hard": ["--hard"], "ultra": ["--ultra"]}.get(mode, [])
    game = Game.from_lists(answers=answers, guesses=guesses, mode=mode, max_guesses=4)
    best = brute_force(game, game.all_candidates(), 4, game.start_state())
    cert = str(tmp_path / "below.cert.gz")
    assert search(flags + ["--below", str(best + 1), "--out", str(tmp_path / "out"),
                           "--certificate", cert]) == 0
    capsys.readouterr()
    assert check.main([cert, str(tree_of(tmp_path)), "--answers", answers, "--guesses", guesses]) == 0
    assert "every other first guess needs more" in capsys.readouterr().out
    at = str(tmp_path / "at.cert.gz")
    assert search(flags + ["--below", str(best), "--no-write", "--certificate", at]) == 1
    assert check.main([at, "--answers", answers, "--guesses", guesses]) == 0
    _, checker, proves, _, _ = check.load(at, answers, guesses)
    root = [claim for claim in proves if claim[2] == "all"]
    assert root and root[0][1] >= best
    assert all(claim_holds(game, claim) for table in checker.claims.values() for claim in table)


def test_a_call_that_overflows_the_certificate_buffer_is_run_again_with_room(tmp_path, capsys,
                                                                             monkeypatch):
    """A kernel never grows the certificate buffer: a call that writes past its end is run again
    with room for what it wrote (`Solver._call`: the memo forgotten, the claim count set back).
    With the buffer shrunk to 8 words after every call, nearly every call overflows, most of them
    after earlier claims; the certificate still passes with the tree, concludes what one written
    with room concludes, and every claim in it is true by brute force."""
    room = tmp_path / "room"
    room.mkdir()
    cert, answers, guesses, game = certify(room, 14, 12, "hard", "total", 4)
    _, _, proves, _, _ = check.load(cert, answers, guesses)
    regrown = []  # (the buffer's size, claims made by then) at each overflow
    forget, drain = single.clear_memo, single.Solver._drain

    def shrink_after(solver):
        drain(solver)
        if solver.certifying:
            solver.ws = solver.ws._replace(cert=np.zeros(8, np.int32))

    monkeypatch.setattr(single, "clear_memo",
                        lambda ws: (regrown.append((ws.cert.size, int(ws.cert_claims[0]))), forget(ws)))
    monkeypatch.setattr(single.Solver, "_drain", shrink_after)
    tight = tmp_path / "tight"
    tight.mkdir()
    small, answers, guesses, _ = certify(tight, 14, 12, "hard", "total", 4)
    assert len(regrown) > 50 and {size for size, _ in regrown} == {8}
    assert max(claims for _, claims in regrown) > 50  # overflows after many claims, too
    assert check.main([small, str(tree_of(Path(small).parent)), "--answers", answers,
                       "--guesses", guesses]) == 0
    assert "optimal over every first guess" in capsys.readouterr().out
    _, checker, again, _, _ = check.load(small, answers, guesses)
    assert again == proves
    assert all(claim_holds(game, claim) for table in checker.claims.values() for claim in table)


def test_a_call_whose_records_would_not_fit_in_memory_is_refused_in_one_line(tmp_path, capsys,
                                                                              monkeypatch):
    """Past a quarter of the machine's memory the buffer does not grow: one line, exit 2, and no
    certificate file."""
    monkeypatch.setattr(single, "CERTIFICATE_WORDS", 8)
    monkeypatch.setattr(single, "memory_bytes", lambda: 1024)
    answers, guesses = lists(tmp_path, 14, 12)
    cert = tmp_path / "c.cert.gz"
    code = search(["--answers", answers, "--guesses", guesses, "--all", "--jobs", "1", "--quiet",
                   "--no-write", "--certificate", str(cert), "--max-depth", "4", "--hard"])
    err = capsys.readouterr().err
    assert code == 2 and not cert.exists()
    assert err.count("\n") == 1 and "certificate words" in err and "Traceback" not in err


def test_the_checkers_caches_stay_bounded_and_change_no_verdict(tmp_path, capsys, monkeypatch):
    """An ultra-hard certificate has a state of its own at nearly every node: with the checker's
    caches capped at a few entries (cleared when full) it reaches the same verdict and the same
    concluding claims, and a bound raised by one is still rejected."""
    cert, answers, guesses, _ = certify(tmp_path, 14, 5, "ultra", "total", 4)
    _, _, proves, _, _ = check.load(cert, answers, guesses)
    monkeypatch.setattr(check, "MAX_CACHED", {"legal": 2, "proven": 3})
    _, checker, capped, _, _ = check.load(cert, answers, guesses)
    assert capped == proves and len(checker.legal_masks) <= 2 and len(checker.proven) <= 3
    assert check.main([cert, "--answers", answers, "--guesses", guesses]) == 0
    header, records = read(cert)
    i = best_word_claim(records)  # tight (the search's tree meets it): one more is false
    raised = [r[:1] + [r[1] + 1] + r[2:] if k == i else r for k, r in enumerate(records)]
    assert check.main([write(tmp_path / "raised.cert.gz", header, raised), "--answers", answers,
                       "--guesses", guesses]) == 1


def test_legal_masks_skip_only_the_tests_that_hold_for_every_guess():
    """The checker's legal-guess mask, which skips a state's numbers that say nothing, equals every
    test applied in full, on random ultra-hard states, out-of-range numbers included (a forged
    certificate may hold any)."""
    words = load_words("guesses-12972").words[::7]
    checker = check.Checker("ultra", 6, words[:50], words)
    G, counts = checker.G.astype(np.int64), checker.counts
    rng = np.random.default_rng(3)
    for _ in range(300):
        green = tuple(int(x) for x in rng.choice([-1, -1, -1, -2, 0, 4, 19, 26], 5))
        least = tuple(int(x) for x in rng.choice([0] * 12 + [1, 2, 3, -1, 6], 26))
        barred = tuple(int(x) for x in rng.choice([0] * 6 + [1, 1 << 4, (1 << 26) - 1, -3,
                                                       1 << 27 | 5], 5))
        most = tuple(int(x) for x in rng.choice([check.NO_MOST] * 12 + [0, 1, 2, 16, -1], 26))
        full = np.ones(len(G), bool)
        for i, g in enumerate(green):
            full &= (G[:, i] == g) | (g < 0)
        for c, m in enumerate(least):
            full &= counts[:, c] >= m
        for i, b in enumerate(barred):
            full &= (b >> G[:, i]) & 1 == 0
        for c, m in enumerate(most):
            full &= counts[:, c] <= m
        assert (checker.legal((green, least, barred, most)) == full).all()


def test_the_checkers_repeat_count_is_a_plain_count():
    """`Checker.short_of_repeats` (comparisons, then a table filled block by block, guesses
    dropped between blocks) names the first guess whose replies on the set repeat fewer times
    than it needs, with that count, exactly as counting each guess's distinct replies does: on
    sets of 1 to 1,100 answers across the block edges, few and many guesses, needs met and not."""
    words = load_words("guesses-12972").words[::4]
    checker = check.Checker("normal", 6, words[:1500], words)
    rng = np.random.default_rng(7)
    for _ in range(120):
        n = int(rng.choice([1, 2, 15, 16, 17, 63, 64, 65, 255, 257, 1024, 1100]))
        S = np.sort(rng.choice(1500, n, replace=False)).astype(np.int32)
        ids = np.sort(rng.choice(len(words), int(rng.choice([1, 40, 2000, 2049, len(words)])),
                                 replace=False))
        repeats = np.array([n - len(np.unique(checker.MT[S, g])) for g in ids])
        need = np.maximum(0, repeats - rng.integers(0, 2, len(ids)))  # met, or just met
        if rng.random() < 0.7:
            need[int(rng.integers(len(ids)))] += 1 + int(rng.integers(3))  # one not met
        short = np.nonzero(repeats < need)[0]
        want = (int(ids[short[0]]), int(repeats[short[0]])) if short.size else (-1, 0)
        assert checker.short_of_repeats(S, ids, need) == want


def test_the_checkers_state_after_a_reply_is_the_engines():
    """The checker's own hard and ultra-hard rules (`check.after`, `check.after_ultra`), which
    touch only the guess's letters, give the engine's states (`HardState`, `UltraState`) along
    random games of up to four guesses, repeated letters included (the replies real, from a random
    answer: on replies no answer gives, such as two greens for one place, the two differ by
    design, the checker then allowing no guess at all)."""
    words = load_words("guesses-12972").words
    rng = np.random.default_rng(5)
    letters = lambda w: tuple(ord(c) - 97 for c in w)  # noqa: E731
    for _ in range(400):
        hard, ultra = HardState.initial(5), UltraState.initial(5)
        mine_hard, mine_ultra = ((-1,) * 5, (0,) * 26), ((-1,) * 5, (0,) * 26, (0,) * 5, (15,) * 26)
        answer = np.array([letters(words[int(rng.integers(len(words)))])])
        for _ in range(int(rng.integers(1, 5))):
            word = words[int(rng.integers(len(words)))]
            code = int(check.replies(np.array([letters(word)]), answer)[0, 0])
            hard, ultra = hard.after(word, code), ultra.after(word, code)
            mine_hard = check.after(mine_hard, letters(word), code)
            mine_ultra = check.after_ultra(mine_ultra, letters(word), code)
            assert mine_hard == (hard.greens, hard.minimum)
            assert mine_ultra == (ultra.greens, ultra.minimum, ultra.barred, ultra.maximum)


# ---------------------------------------------------------------- tampering


def read(path: str) -> tuple[bytes, list[list[int]]]:
    """A certificate as (header line, records)."""
    data = gzip.decompress(Path(path).read_bytes())
    cut = data.index(b"\n") + 1
    words, records, i = np.frombuffer(data[cut:], "<i4").tolist(), [], 0
    state = {"hard": 31, "ultra": 62}.get(json.loads(data[:cut])["mode"], 0)  # an OPEN's state words
    while i < len(words):
        op = words[i]
        size = {SECTION: 2, SAME: 3, CLOSE: 2, DROP: 1, CITE_X: 3}.get(op)
        if op == OPEN:
            size = 3 + words[i + 2] + state
        elif op in (GUESS, GUESS_X):
            size = 3 + (2 if op == GUESS else 3) * words[i + 2]
        elif op in (CLOSE_ONLY, CLOSE_EXCEPT):
            size = 3 + words[i + 2]
        elif op == END:
            size = 2 + 2 * words[i + 1]
        records.append(words[i:i + size])
        i += size
    return data[:cut], records


def write(path: Path, header: bytes, records: list[list[int]]) -> str:
    flat = [w for record in records for w in record]
    path.write_bytes(gzip.compress(header + np.array(flat, dtype="<i4").tobytes()))
    return str(path)


def claim_numbers(records: list[list[int]]) -> list[tuple[int, int, int, int]]:
    """For each record of a node: (section, the claim number its node closes as or -1, the index
    of its OPEN record, of its CLOSE record)."""
    out, section, counts, stack = [None] * len(records), 0, {}, []
    for i, record in enumerate(records):
        if record[0] == SECTION:
            section = record[1]
        elif record[0] == OPEN:
            stack.append([i])
        elif record[0] in (GUESS, GUESS_X, SAME, CITE_X):
            stack[-1].append(i)
        elif record[0] in (CLOSE, CLOSE_ONLY, CLOSE_EXCEPT, DROP):
            number = -1
            if record[0] != DROP:
                number = counts.get(section, 0)
                counts[section] = number + 1
            members = stack.pop()
            for j in members + [i]:
                out[j] = (section, number, members[0], i)
    return out


def closed_form(game: Game, S: list[int], d: int, g: int) -> int:
    """A guess's closed-form bound: 3n - k - green (two guesses left: 2n - green if k = n)."""
    codes = game.matrix[g, S]
    k, green, n = len(set(codes.tolist())), int(game.won in codes), len(S)
    return 3 * n - green - k if d >= 3 else (2 * n - green if k == n else check.INF)


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """One certificate (40 answers, normal mode, 4 guesses, every first word) to tamper with."""
    cert, answers, guesses, game = certify(tmp_path_factory.mktemp("tamper"), 40, 5, "normal",
                                           "total", 4)
    tmp = Path(cert).parent
    return tmp, cert, answers, guesses, game


def verdict(made, header, records, name="t.cert.gz", jobs: int = 1) -> int:
    tmp, _, answers, guesses, _ = made
    return check.main([write(tmp / name, header, records), "--answers", answers, "--guesses", guesses,
                       "--jobs", str(jobs)])


def test_untouched_certificate_passes(made, capsys):
    tmp, cert, answers, guesses, _ = made
    header, records = read(cert)
    assert verdict(made, header, records) == 0  # decoding and encoding again change nothing


def test_a_long_check_shows_its_progress_and_the_same_verdict(made, capsys, monkeypatch):
    """Progress lines on stderr (out of a terminal: whole lines) while the records are checked,
    and the verdict unchanged; with the real interval a check this short prints none."""
    tmp, cert, answers, guesses, _ = made
    assert check.main([cert, "--answers", answers, "--guesses", guesses]) == 0
    quiet = capsys.readouterr()
    assert quiet.err == ""
    monkeypatch.setattr(check, "PROGRESS_EVERY", 0.0)
    monkeypatch.setattr(check, "PROGRESS_OPS", 64)
    assert check.main([cert, "--answers", answers, "--guesses", guesses]) == 0
    shown = capsys.readouterr()
    lines = shown.err.splitlines()
    assert lines and all(re.fullmatch(r"checking .*: \d+% of the records read, [\d,]+ claims "
                                      r"checked, \d+ s", line) for line in lines), lines
    shares = [int(re.search(r"(\d+)% of the records", line).group(1)) for line in lines]
    assert shares == sorted(shares) and shares[-1] <= 100
    claims = [int(re.search(r"([\d,]+) claims", line).group(1).replace(",", "")) for line in lines]
    assert claims == sorted(claims) and claims[-1] > 0
    assert shown.out.splitlines()[1:] == quiet.out.splitlines()[1:]  # the first line has the time


def test_a_bound_raised_by_one_is_rejected_or_true(made, capsys):
    """Raising the best word's bound makes it false: rejected. Any other claim raised by one is
    rejected, or else true by brute force."""
    header, records = read(made[1])
    game = made[4]
    closes = [i for i, r in enumerate(records) if r[0] in (CLOSE, CLOSE_ONLY)]
    best = best_word_claim(records)
    for i in [best] + closes[::max(1, len(closes) // 12)]:
        tampered = [list(r) for r in records]
        tampered[i][1] += 1
        code = verdict(made, header, tampered)
        if i == best:
            assert code == 1
        elif code == 0:
            _, checker, _, _, _ = check.load(str(made[0] / "t.cert.gz"), made[2], made[3])
            assert all(claim_holds(game, c) for table in checker.claims.values() for c in table)


@pytest.mark.slow
def test_checking_in_parts_gives_the_same_verdicts(made, capsys):
    """--jobs N shares the nodes out over N processes: the untouched file passes, and raising any
    of a sample of bounds or dropping guess records gets the one-process verdict, for N = 2, 3."""
    header, records = read(made[1])
    closes = [i for i, r in enumerate(records) if r[0] in (CLOSE, CLOSE_ONLY)]
    guesses = [i for i, r in enumerate(records) if r[0] == GUESS]
    variants = [records]
    for i in [best_word_claim(records)] + closes[::max(1, len(closes) // 4)]:
        variants.append([list(r) for r in records])
        variants[-1][i][1] += 1
    variants += [records[:i] + records[i + 1:] for i in guesses[::max(1, len(guesses) // 4)]]
    verdicts = [[verdict(made, header, v, jobs=jobs) for v in variants] for jobs in (1, 2, 3)]
    assert verdicts[0][0] == 0 and 1 in verdicts[0] and verdicts[1] == verdicts[2] == verdicts[0]


def best_word_claim(records: list[list[int]]) -> int:
    """The index of the record closing the claim the END record names first: the best word's."""
    numbers, (section, ref) = claim_numbers(records), records[-1][2:4]
    return next(i for i, r in enumerate(records)
                if r[0] in (CLOSE, CLOSE_ONLY, CLOSE_EXCEPT) and numbers[i][:2] == (section, ref))


def test_a_tree_that_is_not_optimal_is_not_certified(made, capsys):
    """Every claim holds, but a worse word's tree (its own optimum, verified) totals more than the
    lower bound the certificate proves for it: exit 1 with that tree, 0 with the best one."""
    tmp, cert, answers, guesses, game = made
    assert check.main([cert, str(tree_of(tmp)), "--answers", answers, "--guesses", guesses]) == 0
    assert search(["--answers", answers, "--guesses", guesses, "--first", "nymph", "--max-depth", "4",
                   "--jobs", "1", "--quiet", "--out", str(tmp / "nymph")]) == 0
    worse = next(p for p in tmp.glob("nymph/*/nymph.json"))
    capsys.readouterr()
    assert check.main([cert, str(worse), "--answers", answers, "--guesses", guesses]) == 1
    assert "is not the certified lower bound" in capsys.readouterr().err


def checked_with_no_reader(*argv: str) -> subprocess.CompletedProcess:
    """`python -m optimal.check ARGV` whose standard output nobody reads (its pipe closed before
    the first line, as `... | head -1` ends up), stderr kept."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        return subprocess.run([sys.executable, "-m", "optimal.check", *argv], stdout=write_end,
                              stderr=subprocess.PIPE, text=True, timeout=300,
                              cwd=Path(__file__).resolve().parents[1])
    finally:
        os.close(write_end)


def test_a_reader_gone_changes_no_verdict_and_prints_no_traceback(made):
    """With nobody reading the report (`check ... | head -1`), the exit code is still the verdict:
    0 for the optimal tree, 1 (and the rejection on stderr) for a tree that is not optimal, whose
    rejection comes after the first lines were printed; never a BrokenPipeError traceback."""
    tmp, cert, answers, guesses, _ = made
    lists = ["--answers", answers, "--guesses", guesses]
    good = checked_with_no_reader(cert, str(tree_of(tmp)), *lists)
    assert (good.returncode, good.stderr) == (0, "")
    assert search(["--answers", answers, "--guesses", guesses, "--first", "nymph", "--max-depth", "4",
                   "--jobs", "1", "--quiet", "--out", str(tmp / "nymph-unread")]) == 0
    worse = checked_with_no_reader(cert, str(next(tmp.glob("nymph-unread/*/nymph.json"))), *lists)
    assert worse.returncode == 1 and "Traceback" not in worse.stderr
    assert worse.stderr.startswith("REJECTED: ") and worse.stderr.count("\n") == 1


@pytest.mark.slow
def test_checking_in_parts_counts_every_processs_cpu(made, capsys):
    """--jobs 2 reports the CPU of both processes: the other one's seconds (sent back, as they are
    lost when it ends) are counted, and the printed total is at least them."""
    tmp, cert, answers, guesses, _ = made
    args = argparse.Namespace(certificate=cert, answers=answers, guesses=guesses, jobs=2)
    other = check.load_in_parts(args)[1].other_cpu
    assert other > 0.05  # a fresh interpreter that imports numpy and checks half the nodes
    assert check.main([cert, "--answers", answers, "--guesses", guesses, "--jobs", "2"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    found = re.search(r"claims, [\d,]+ full scans, ([\d.]+) s wall, ([\d.]+) s CPU in 2 processes\)",
                      first)
    assert found, first
    assert float(found.group(2)) >= other * 0.5  # this run's other process: about as much


def test_a_guess_left_out_is_rejected(made, capsys):
    """Every GUESS record whose guess's closed form is below its node's claim is needed."""
    header, records = read(made[1])
    needed = 0
    for i, where in enumerate(claim_numbers(records)):
        _, number, opened, closed = where or (0, -1, 0, 0)
        if records[i][0] == GUESS and number >= 0 and needed < 8:
            d, n = records[opened][1:3]
            if closed_form(made[4], records[opened][3:3 + n], d, records[i][1]) < records[closed][1]:
                assert verdict(made, header, records[:i] + records[i + 1:]) == 1
                needed += 1
    assert needed


def test_a_part_given_the_wrong_claim_is_rejected(made, capsys):
    header, records = read(made[1])
    numbers = claim_numbers(records)
    claims = check.load(made[1], made[2], made[3])[1].claims
    refs = [i for i, r in enumerate(records) if r[0] == GUESS and any(x > 0 for x in r[4::2])]
    assert refs
    for i in refs[:5]:
        tampered = [list(r) for r in records]
        at = 4 + 2 * next(k for k, x in enumerate(records[i][4::2]) if x > 0)
        table, ref = claims[numbers[i][0]], records[i][at]
        tampered[i][at] = max(j for j in range(ref) if table[j][0] != table[ref][0])
        assert verdict(made, header, tampered) == 1  # an earlier claim, about another node
        tampered[i][at] = numbers[i][1]  # the claim this node is about to make: itself
        assert numbers[i][1] < 0 or verdict(made, header, tampered) == 1
        tampered[i][at] = 10**6  # one that comes later, or never
        assert verdict(made, header, tampered) == 1


def test_a_wrong_list_hash_is_rejected(made, capsys):
    header, records = read(made[1])
    document = json.loads(header)
    document["answers"]["sha256"] = "0" * 64
    assert verdict(made, (json.dumps(document) + "\n").encode(), records) == 1
    # the message names the list read (it named only the header's list, not the file given)
    err = capsys.readouterr().err
    assert f"the answers list read (file {made[2]}, 40 words) is not the list" in err
    assert "the certificate is for another list, or was altered" in err


def test_truncated_or_reordered_files_are_rejected(made, capsys):
    tmp, cert, answers, guesses, _ = made
    header, records = read(cert)
    assert verdict(made, header, records[:-1]) == 1  # no END
    assert verdict(made, header, records[:len(records) // 2]) == 1
    raw = Path(cert).read_bytes()
    (tmp / "cut.gz").write_bytes(raw[:len(raw) // 2])
    assert check.main([str(tmp / "cut.gz"), "--answers", answers, "--guesses", guesses]) in (1, 2)
    (tmp / "junk.gz").write_bytes(b"not a certificate")
    assert check.main([str(tmp / "junk.gz"), "--answers", answers, "--guesses", guesses]) == 2
    rng = np.random.default_rng(0)
    for _ in range(3):
        order = rng.permutation(len(records))
        assert verdict(made, header, [records[i] for i in order]) == 1
    closes = [i for i, r in enumerate(records) if r[0] == CLOSE]
    a, b = closes[0], closes[-1]
    swapped = records[:a] + [records[b]] + records[a + 1:b] + [records[a]] + records[b + 1:]
    assert verdict(made, header, swapped) == 1


def test_the_checker_shares_no_code_with_the_search():
    """optimal.check imports the standard library and numpy only: nothing of the search, of the
    feedback matrix code, of numba, or of the project at all."""
    import ast

    tree = ast.parse((Path(check.__file__)).read_text())
    imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names}
    imported |= {node.module.split(".")[0] for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom) and node.module}
    assert imported <= {"__future__", "argparse", "gzip", "hashlib", "json", "os", "re", "stat", "sys", "time", "zlib",
                        "itertools", "multiprocessing", "pathlib", "numpy"}
