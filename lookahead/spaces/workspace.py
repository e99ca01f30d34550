"""Everything a search kernel reads or writes, allocated once per solver.

numba kernels take one namedtuple of arrays instead of sixty arguments (numba compiles namedtuples,
not dataclasses), built by keyword so no field can be filled with another's array; the per-level arrays
(parts, guess lists, hard-mode state) are indexed by recursion level, so a recursive call never
allocates and never overwrites its caller's data.
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np

from lookahead.spaces.kernel_cache import use_kernel_cache
from lookahead.spaces.stop import STOP
from lookahead.kernels.proof_records import CLOSED_FORM, certificate_buffer
from lookahead.kernels.bounds import NO_CAP
from lookahead.kernels.scan import most_parts
from lookahead.kernels.memo import STATE_WORDS, STATS_SIZE, ULTRA_STATE_WORDS, memo_arrays
from lookahead.kernels.nodes import SPLIT_SLOTS
from lookahead.kernels.scan import BLOCK, BLOCKED_MAX_CODES
from optimal.rules.ultra import UNLIMITED

Workspace = namedtuple("Workspace", [
    # the game
    "M", "MT", "ans_guess", "won", "letters", "letter_counts", "hard", "ultra", "beam", "beam_finish", "use_memo",
    # answer weights (all 1 when not `weighted`), the margin unit (their mean), and the weighted
    # search's scratch rows (scan.CAND_WEIGHT, TOP, SUM, MAX): few fields, since every kernel call
    # passes every field
    "w", "weighted", "unit", "wscratch",
    # hashing
    "zob", "zdepth", "zstate",
    # memo and counters
    "mkeys", "mval", "mflag", "mbest", "moff", "mlen", "pool", "stats",
    # per recursion level
    "part_items", "part_start", "part_size", "part_code", "part_hash", "part_bound", "part_exact",
    "part_order", "part_mass",
    "cand", "lbs", "keys", "legal", "nlegal", "legal_bits", "greens", "mins", "barred", "maxs",
    "state_words",
    "state_hash",
    "best_at", "split_key", "split_guess", "split_stamp", "split_stamp_now",
    # the parts cap of the counting bound (kernels/bounds.py `counted_lower_bound`): per level the
    # most parts any guess makes of the node's parent set; `counting` says whether it is used
    "kcap", "counting",
    # guesses alike on a node's answers (kernels/scan.py `alike_guesses`): per level one guess of
    # each class and the letters the list was made for; the classes' hash table
    "alike", "reps", "nreps", "rep_live", "class_keys", "class_stamp", "class_now",
    # scratch, never live across a recursive call
    "B", "dup", "eq16", "eq", "flag", "table", "block_sums", "is_candidate", "cnt", "pid", "touched",
    "scored", "greyed",
    "map_a",
    "map_b",
    # the worst-case objective: guesses separating each pair of answers, as bitsets
    "pair_keys", "pair_slot", "pair_pool", "pair_used", "pair_acc",
    # hard mode: guesses with a letter at a place, with at least n copies of a letter (bitsets)
    "pos_letter_bits", "letter_min_bits",
    # proof certificates (lookahead.kernels.proof_records): the claim behind each memo entry, each level's
    # value and each part's value; the earlier guess a skipped one splits like; the record buffer
    "certify", "mclaim", "claim_at", "part_claim", "seen_as", "cert", "cert_pos", "cert_claims",
    # the process's stop flag (lookahead.spaces.stop): set, the search kernels return at once
    "stop",
])


def guess_bitsets(letters: np.ndarray, letter_counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For the strict modes, as bitsets over the guesses: which have letter c at place i (L, 26,
    words), and which have at least n copies of letter c (26, L + 2, words: n = L + 1, none, lets
    ultra-hard mode say "at most L"). A child's legal guesses are
    then its parent's ANDed with a few of these rows, a few hundred word operations."""
    G, L = letters.shape
    words = (G + 63) // 64
    pad = words * 64 - G

    def pack(mask: np.ndarray) -> np.ndarray:  # (..., G) bools -> (..., words) uint64
        bits = np.packbits(np.concatenate([mask, np.zeros(mask.shape[:-1] + (pad,), bool)], -1),
                           axis=-1, bitorder="little")
        return bits.view(np.uint64)

    at = letters.T[:, None, :] == np.arange(26)[None, :, None]  # (L, 26, G)
    at_least = letter_counts.T[:, None, :] >= np.arange(L + 2)[None, :, None]  # (26, L + 2, G)
    return np.ascontiguousarray(pack(at)), np.ascontiguousarray(pack(at_least))


def make_workspace(matrix: np.ndarray, ans_guess: np.ndarray, won: int, codes: int,
                   letters: np.ndarray, letter_counts: np.ndarray, hard: bool, beam: int,
                   use_memo: bool, cache_mb: float, max_levels: int, seed: int = 2022,
                   pair_mb: float = 0, beam_finish: int = 0, certificate_words: int = 0,
                   weights: np.ndarray | None = None, ultra: bool = False,
                   alike: bool = False) -> Workspace:
    """Allocate a workspace for a (guesses x answers) reply matrix with reply codes 0..codes-1
    (`won` meaning found), for up to `max_levels` recursion levels. `pair_mb` is the memory for the
    worst-case objective's pair bitsets (none for the total objective); `beam_finish` the most
    guesses left at which a beam is limit-aware (`lookahead.kernels.beam`; 0: a plain beam);
    `ultra` (with `hard`) selects ultra-hard legality (`lookahead.kernels.legality`);
    `certificate_words` > 0 makes the kernels write a proof certificate into a buffer of that many
    words; `weights`, the answers' integer weights (None: every answer weighs 1, the plain total);
    `alike`, that the rule scores letters absent from a set's answers alike
    (`Rule.absent_letters_alike`): an exact search (no beam, not ultra-hard, no certificate) then
    scans one guess of each class of guesses that split a node's answers identically.
    The first workspace of a process also sets up the kernels' cache (`use_kernel_cache`): every
    kernel runs on a workspace, so none can compile before its cache folder is known."""
    use_kernel_cache()
    G, A = matrix.shape
    levels = max_levels + 2
    rng = np.random.default_rng(seed)  # drawn in a fixed order: the memo's keys are reproducible
    memo = _memo_arrays(rng, cache_mb if use_memo else 1, A, certificate_words > 0)
    return Workspace(
        M=np.ascontiguousarray(matrix), MT=np.ascontiguousarray(matrix.T),
        ans_guess=ans_guess.astype(np.int32), won=int(won), letters=letters.astype(np.int8),
        letter_counts=letter_counts.astype(np.int8), beam=int(beam), beam_finish=int(beam_finish),
        use_memo=bool(use_memo),
        **_weight_arrays(weights, G, A, codes), **memo,
        **_partition_arrays(levels, A, codes),
        **_level_arrays(levels, G),
        **_cap_arrays(levels, matrix, won, codes, counting=weights is None),
        **_class_arrays(levels, G, alike and not (hard and ultra) and not beam and certificate_words == 0),
        **_legality_arrays(rng, levels, letters, letter_counts, hard, ultra),
        **_scratch_arrays(matrix, codes),
        **_pair_arrays(pair_mb, (G + 63) // 64, A),
        **_proof_arrays(levels, codes, certificate_words, memo["mkeys"].size),
        stop=STOP,
    )


def _random_words(rng: np.random.Generator, size: int) -> np.ndarray:
    """Random odd 64-bit words (hash terms that are never 0)."""
    return rng.integers(0, 2**64 - 1, size=size, dtype=np.uint64, endpoint=True) | np.uint64(1)


def _weight_arrays(weights: np.ndarray | None, G: int, A: int, codes: int) -> dict:
    """The answers' integer weights (all 1 without weights), the margin unit (their mean) and the
    weighted search's scratch rows (`kernels/total.py`, `kernels/nodes.py`, `kernels/scan.py`)."""
    weighted = weights is not None
    w = np.ones(A, np.int64) if weights is None else np.ascontiguousarray(weights, dtype=np.int64)
    return dict(w=w, weighted=weighted, unit=max(1, int(w.sum()) // max(1, A)),
                wscratch=np.zeros((4, max(G, A + 1, codes) if weighted else 1), np.int64))


def _memo_arrays(rng: np.random.Generator, cache_mb: float, A: int, certify: bool) -> dict:
    """The memo (`kernels/memo.py`) within `cache_mb`, the hash terms of its keys (one per answer,
    one per guesses left) and the search's counters; with a certificate, the claim behind each
    entry."""
    (mkeys, mval, mflag, mbest, moff, mlen, pool) = memo_arrays(cache_mb, A)
    zob, zdepth = _random_words(rng, A), _random_words(rng, 128)
    # Memo keys of one candidate set differ only by their zdepth term (guesses left, and the
    # worst-case kernel's yes/no answers at +64): all distinct, so those keys never coincide.
    assert np.unique(zdepth).size == zdepth.size
    return dict(zob=zob, zdepth=zdepth, mkeys=mkeys, mval=mval, mflag=mflag, mbest=mbest,
                moff=moff, mlen=mlen, pool=pool, stats=np.zeros(STATS_SIZE, np.int64),
                mclaim=np.zeros(mkeys.size if certify else 1, np.int32))  # set on every store


def _level_arrays(levels: int, G: int) -> dict:
    """Per recursion level: the guesses scanned and their bounds and sort keys, the best guess,
    and the table of splits seen (`kernels/nodes.py`)."""
    def per_level(width: int, dtype: type) -> np.ndarray:
        return np.zeros((levels, width), dtype)

    return dict(cand=per_level(G, np.int32), lbs=per_level(G, np.int32), keys=per_level(G, np.int64),
                best_at=np.full(levels, -1, np.int64),
                split_key=per_level(SPLIT_SLOTS, np.uint64),
                split_guess=per_level(SPLIT_SLOTS, np.int32),
                split_stamp=per_level(SPLIT_SLOTS, np.int64),
                split_stamp_now=np.zeros(levels, np.int64))


def _cap_arrays(levels: int, matrix: np.ndarray, won: int, codes: int, counting: bool) -> dict:
    """The counting bound's parts cap per level (`kernels/bounds.py`), level 0's the most parts any
    guess makes of all the answers (every call from Python starts there with a subset of them).
    Not with weights (the bound counts answers). With a proof certificate too: the checker counts
    each node's cap itself (`optimal.check`, rule -4)."""
    kcap = np.full(levels, NO_CAP, np.int64)
    if counting:
        kcap[0] = most_parts(matrix, won, codes)
    return dict(kcap=kcap, counting=bool(counting))


def _class_arrays(levels: int, G: int, alike: bool) -> dict:
    """The classes of guesses alike on a node's answers (`kernels/scan.py`, `alike_guesses`): per
    level one guess of each class (in guess order) and the live letters it was made for (-1: none
    made), and an open-addressing table of class keys at most half full, stamped per use so it is
    never cleared. Tiny when not `alike`."""
    slots = 1 << max(6, int(np.ceil(np.log2(2 * G)))) if alike else 1
    return dict(alike=bool(alike), reps=np.zeros((levels, G if alike else 1), np.int32),
                nreps=np.zeros(levels, np.int64), rep_live=np.full(levels, -1, np.int64),
                class_keys=np.zeros(slots, np.int64), class_stamp=np.zeros(slots, np.int64),
                class_now=np.zeros(1, np.int64))


def _legality_arrays(rng: np.random.Generator, levels: int, letters: np.ndarray,
                     letter_counts: np.ndarray, hard: bool, ultra: bool) -> dict:
    """The strict modes' state per level (`kernels/legality.py`: greens, barred letters, least and
    most counts, packed for the memo key), the legal guesses as a list and a bitset, and the
    guesses' letter bitsets the legal sets are cut from (one row each when not `hard`)."""
    G, L = letters.shape
    words = (G + 63) // 64
    state_words = ULTRA_STATE_WORDS if hard and ultra else STATE_WORDS

    def per_level(width: int, dtype: type, fill: int = 0) -> np.ndarray:
        return np.full((levels, width), fill, dtype)

    if hard:
        pos_letter_bits, letter_min_bits = guess_bitsets(letters, letter_counts)
    else:
        pos_letter_bits, letter_min_bits = np.zeros((1, 1, 1), np.uint64), np.zeros((1, 1, 1), np.uint64)
    return dict(hard=bool(hard), ultra=bool(hard and ultra), zstate=_random_words(rng, state_words),
                legal=per_level(G, np.int32), nlegal=np.zeros(levels, np.int64),
                legal_bits=per_level(words if hard else 1, np.uint64),
                greens=per_level(L, np.int8, -1), mins=per_level(26, np.int8),
                barred=per_level(L, np.int32), maxs=per_level(26, np.int8, UNLIMITED),
                state_words=per_level(state_words, np.int32), state_hash=np.zeros(levels, np.uint64),
                scored=np.zeros(26, np.int64), greyed=np.zeros(26, np.int64),
                pos_letter_bits=pos_letter_bits, letter_min_bits=letter_min_bits)


def _scratch_arrays(matrix: np.ndarray, codes: int) -> dict:
    """Scratch of the scan and partition (`kernels/scan.py`), never live across a recursive call:
    the node's block of replies, duplicate flags, the blocked count table, per-reply counters."""
    G, A = matrix.shape
    return dict(B=np.zeros((A, G), matrix.dtype), dup=np.zeros(G, np.int32),
                eq16=np.zeros(G, np.uint16), eq=np.zeros(G, np.int64), flag=np.zeros(G, np.uint8),
                table=np.zeros((codes if codes <= BLOCKED_MAX_CODES else 0, BLOCK), np.uint16),
                block_sums=np.zeros((2, BLOCK), np.int64),
                is_candidate=np.zeros(G, np.uint8), cnt=np.zeros(codes, np.int64),
                pid=np.full(codes, -1, np.int64), touched=np.zeros(codes, np.int64),
                map_a=np.full(codes, -1, np.int64), map_b=np.full(codes, -1, np.int64))


def _proof_arrays(levels: int, codes: int, certificate_words: int, slots: int) -> dict:
    """A proof certificate's state (`kernels/proof_records.py`): each level's and each part's claim,
    the earlier guess a skipped one splits like, and the record buffer (`certificate_words` words;
    none when 0)."""
    cert, cert_pos, cert_claims = certificate_buffer(certificate_words)
    return dict(certify=certificate_words > 0, claim_at=np.full(levels, CLOSED_FORM, np.int64),
                part_claim=np.full((levels, codes), CLOSED_FORM, np.int64),
                seen_as=np.full(levels, -1, np.int64), cert=cert, cert_pos=cert_pos,
                cert_claims=cert_claims)


def _partition_arrays(levels: int, A: int, codes: int) -> dict[str, np.ndarray]:
    """The per-level arrays of a node's partition by reply: the answers grouped by part, and each
    part's start, size, code, hash, bound, exactness, order and mass (weighted and plain): written
    by `kernels/nodes.py`, read by the searches (`kernels/total.py`, `finish.py`, `beam.py`,
    `pair_total.py`)."""
    def per_level(width: int, dtype: type) -> np.ndarray:
        return np.zeros((levels, width), dtype)

    return dict(part_items=per_level(A, np.int32), part_start=per_level(codes, np.int64),
                part_size=per_level(codes, np.int64), part_code=per_level(codes, np.int64),
                part_hash=per_level(codes, np.uint64), part_bound=per_level(codes, np.int64),
                part_exact=per_level(codes, np.bool_), part_order=per_level(codes, np.int64),
                part_mass=np.zeros((levels, 2, codes), np.int64))


def _pair_arrays(pair_mb: float, words: int, answers: int) -> dict[str, np.ndarray]:
    """The worst-case objective's pair bitsets (`words` 64-bit words over the guesses each): a pool
    of rows within `pair_mb`, and no more rows than there are pairs of the `answers` (a small game
    would otherwise fill a hash table of hundreds of MB), and a hash table (at most half full) from
    pair to row; two rows when `pair_mb` is 0 (the total objective uses none). Read by
    `kernels/finish.py`."""
    pair_rows = max(2, int(pair_mb * 2**20 / (8 * words))) if pair_mb else 2
    pair_rows = min(pair_rows, max(2, answers * (answers + 1) // 2))
    pair_slots = 1 << max(6, int(np.ceil(np.log2(2 * pair_rows))))
    return dict(pair_keys=np.full(pair_slots, -1, np.int64),
                pair_slot=np.zeros(pair_slots, np.int32),
                pair_pool=np.zeros((pair_rows, words), np.uint64),
                pair_used=np.zeros(1, np.int64), pair_acc=np.zeros(words, np.uint64))
