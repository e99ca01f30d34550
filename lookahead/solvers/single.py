"""The search's Python face: set up a workspace for a game, run the kernel, build trees.

A `Solver` answers three questions about any game state (candidates, guesses left, hard-mode
state): the least total number of guesses (exact, or a proven lower bound when it exceeds a cutoff),
the value of playing a given guess there, and the tree that achieves the least total. With a beam of
K (`beam=K`), every node only considers its K most promising guesses: the values are then totals of
real trees, so upper bounds on the optimum, and exact only within that restricted search.

With `certify=True` the solver also writes a proof certificate of every lower bound it finds
(`lookahead.solvers.certificate_log`): the kernels' records are drained after every call, and `evaluate` adds
the claim that the guess it evaluated costs at least the value it returns (`last_claim`).

On a weighted game (`game.weights`) every total is weighted: the sum over answers of the answer's
integer weight times its guesses (see optimal.weights); the expectation is that over W.
Certificates are for unweighted games only.
"""

from __future__ import annotations

import time

import numpy as np

from lookahead.kernels.bounds import INF
from lookahead.solvers.certificate_log import CERTIFICATE_WORDS, Chunk, ClaimRef, guess_claim_words, new_token
from lookahead.kernels.proof_records import CLOSED_FORM
from lookahead.kernels.legality import pack_state
from lookahead.kernels.total import solve as _solve
from lookahead.kernels.memo import (EVALUATIONS, FULL_SCANS, LIST_SORTED, MEMO_CUTOFFS, MEMO_ENTRIES,
                            MEMO_FULL, MEMO_HITS, MEMO_PROBES, NODES, POOL_USED, QUICK, SAME_SPLITS,
                            SCANNED, clear_memo)
from lookahead.kernels.scan import BOUND_LIMIT
from lookahead.kernels.scan import rank_guesses as _rank
from lookahead.spaces.stop import stoppable
from lookahead.spaces.workspace import make_workspace
from lookahead.kernels.finish import can_finish as _can_finish
from lookahead.kernels.memo_share import exported as _exported, import_entries as _import_entries
from optimal.errors import CertificateOverflow, NoTree
from optimal.files import memory_bytes
from optimal.game import Game, ClueState
from optimal.tree import Node


#: A beam is limit-aware (`lookahead.kernels.beam`) at nodes with at most this many guesses left: there it
#: keeps the first K guesses whose parts can all be finished in time. Above it, feasibility is rarely
#: in doubt and its proofs would cost more than the beam saves.
BEAM_FINISH = 4
BEAM_PAIR_MB = 256  # pair bitsets of a limit-aware beam (the rows are allocated as they are used)


SHARE_MIN_MEMBERS = 16  # the memo entries workers share: sets this large (the small are cheap to redo)


class Solver:
    """Branch-and-bound (or beam) search over one game. Not thread-safe: one per process.

    A beam is limit-aware up to `beam_finish` guesses left (default BEAM_FINISH; 0: a plain beam,
    the first K guesses by the ordering score everywhere)."""

    def __init__(self, game: Game, beam: int = 0, cache_mb: float = 2048, memo: bool = True,
                 pair_mb: float = 0, beam_finish: int = BEAM_FINISH, certify: bool = False):
        self.game = game
        self.beam = int(beam or 0)
        if certify and self.beam:
            raise ValueError("a beam search proves no lower bound: nothing to certify")
        if certify and game.weighted:
            raise ValueError("certificates are for unweighted games: the checker knows no weights")
        weights = game.answer_weights if game.weighted else None
        if 3 * game.weight_of(game.all_candidates()) >= BOUND_LIMIT or \
                (game.max_guesses + 1) * game.weight_of(game.all_candidates()) >= INF:
            raise ValueError("the answers' weights sum to more than the search's integers hold")
        self.beam_finish = int(beam_finish) if self.beam else 0
        if self.beam_finish >= 3 and not pair_mb:
            pair_mb = BEAM_PAIR_MB
        self.ws = make_workspace(game.matrix, game.guess_of_answer, game.won, game.n_codes,
                                 game.guess_letters, game.guess_letter_counts, game.hard, self.beam,
                                 memo, cache_mb, max_levels=game.max_guesses + 1, pair_mb=pair_mb,
                                 beam_finish=self.beam_finish,
                                 certificate_words=CERTIFICATE_WORDS if certify else 0,
                                 weights=weights, ultra=game.mode == "ultra",
                                 alike=game.rule.absent_letters_alike)
        self.seconds = 0.0
        self.token = new_token() if certify else ""  # this solver's section of a certificate
        self._records: list[np.ndarray] = []
        self.last_claim = ClaimRef(self.token, CLOSED_FORM)  # behind evaluate's last value
        self._loaded: ClueState | None = None  # the hard-mode state now at level 0

    # ------------------------------------------------------------ the proof certificate

    @property
    def certifying(self) -> bool:
        """Whether the kernels write proof records for a certificate."""
        return self.ws.certify

    def _call(self, kernel, *args):
        """`kernel(self.ws, *args)`, stoppable, its certificate records drained. Why a loop: a
        kernel never grows the certificate buffer (a write past its end only moves the position),
        and one call of the 12,972-answer game wrote 707 million words, 2.6 times the buffer, which
        lost a 30-minute search. So a call that overflowed is run again with a buffer that holds
        what it wrote, from a clean slate: the claim count set back, and the memo forgotten (what
        that call stored there cites claims whose records were lost; the memo is a cache, so no
        value changes). A buffer above a quarter of the machine's memory is refused instead."""
        claims = int(self.ws.cert_claims[0])
        while True:
            result = stoppable(self.ws, kernel, self.ws, *args)
            used = int(self.ws.cert_pos[0])
            if not self.certifying or used <= self.ws.cert.size:
                self._drain()
                return result
            words = used + used // 4
            if 4 * words > memory_bytes() // 4:
                raise CertificateOverflow(
                    f"one search call wrote {used:,} certificate words ({4 * used / 2**30:,.1f} "
                    f"GiB), more than a quarter of this machine's memory; no certificate is written")
            clear_memo(self.ws)
            self.ws.cert_pos[0] = 0
            self.ws.cert_claims[0] = claims
            self.ws = self.ws._replace(cert=np.zeros(words, np.int32))

    def _drain(self) -> None:
        """Move what the kernels wrote into this solver's records (after every kernel call)."""
        if not self.certifying:
            return
        used = int(self.ws.cert_pos[0])  # within the buffer: `_call` saw to it
        if used:
            self._records.append(self.ws.cert[:used].copy())
            self.ws.cert_pos[0] = 0

    def claim_here(self) -> int:
        """The claim (or rule) behind the value the last call at level 0 returned."""
        return int(self.ws.claim_at[0])

    def claim_ref(self) -> ClaimRef:
        """`claim_here` as a reference other processes can use."""
        return ClaimRef(self.token, self.claim_here())

    def take_certificate(self) -> Chunk | None:
        """The records written since the last take (None when not certifying)."""
        if not self.certifying:
            return None
        words = np.concatenate(self._records) if self._records else np.zeros(0, np.int32)
        self._records = []
        return Chunk(self.token, words)

    def claim_guess(self, candidates, guess: int, guesses_left: int, state: ClueState | None,
                     value: int, parts: list[tuple[int, int]]) -> ClaimRef:
        """Write this solver's claim that `guess` costs at least `value` here."""
        words = guess_claim_words(np.sort(np.asarray(candidates)), guesses_left,
                                  state or self.game.start_state(), guess, min(value, INF), parts)
        self._records.append(np.asarray(words, dtype=np.int32))
        claim = int(self.ws.cert_claims[0])
        self.ws.cert_claims[0] = claim + 1
        return ClaimRef(self.token, claim)

    # ------------------------------------------------------------ state set-up

    def load_state(self, state: ClueState | None) -> None:
        """Load a hard-mode state (and its legal guesses) into recursion level 0, where every
        kernel call from Python starts."""
        if not self.game.hard:
            return
        state = state or self.game.start_state()
        if state == self._loaded:  # no kernel writes level 0's state: it is still there
            return
        for name, values in state.kernel_fields().items():
            level0 = getattr(self.ws, name)[0]
            level0[:] = np.array(values, dtype=level0.dtype)
        pack_state(self.ws, 0)
        mask = self.game.legal_mask(state)
        legal = np.nonzero(mask)[0].astype(np.int32)
        self.ws.legal[0, :legal.size] = legal
        self.ws.nlegal[0] = legal.size
        bits = np.packbits(np.concatenate([mask, np.zeros(self.ws.legal_bits.shape[1] * 64 - mask.size,
                                                                  bool)]), bitorder="little")
        self.ws.legal_bits[0, :] = bits.view(np.uint64)
        self._loaded = state

    def set_hash(self, candidates: np.ndarray) -> np.uint64:
        """The memo's hash of a candidate set (a sum of one random number per answer)."""
        return np.uint64(self.ws.zob[candidates].sum(dtype=np.uint64))

    # ------------------------------------------------------------ values

    def solve(self, candidates, guesses_left: int, state: ClueState | None = None,
              beta: int = INF, first: int = -1) -> int:
        """Least total for these candidates (answer indices) with `guesses_left` guesses (with
        `first` >= 0: when that guess is played first); exact when below `beta`, else a lower bound
        >= beta (INF: impossible)."""
        S = np.sort(np.asarray(candidates, dtype=np.int32))
        self.load_state(state)
        start = time.perf_counter()
        value = int(self._call(_solve, S, self.set_hash(S), guesses_left, 0, beta, first))
        self.seconds += time.perf_counter() - start
        return value

    def parts(self, candidates: np.ndarray, guess: int) -> list[tuple[int, np.ndarray]]:
        """(reply, candidates) for each reply of `guess` other than all-green, largest part first."""
        S = np.sort(np.asarray(candidates, dtype=np.int32))
        codes = self.game.matrix[guess, S]
        out = [(int(c), S[codes == c]) for c in np.unique(codes) if c != self.game.won]
        out.sort(key=lambda item: -item[1].size)
        return out

    def child_state(self, state: ClueState | None, guess: int, code: int) -> ClueState | None:
        """The hard-mode state after `guess` got reply `code` from `state` (None: the start); None
        in normal mode, where no state is kept."""
        if not self.game.hard:
            return None
        return (state or self.game.start_state()).after(self.game.guesses.words[guess], code)

    def evaluate(self, candidates, guess: int, guesses_left: int, state: ClueState | None = None,
                 cutoff: int = INF) -> tuple[int, bool]:
        """Total when playing `guess` (a guess index) now: (total, exact). When the total reaches
        `cutoff` the search stops and the result is a lower bound >= cutoff (exact False). The
        kernel does the work (its loop over one guess's parts), so no Python runs per part; with a
        certificate, the kernel also writes the claim that the guess costs at least that value."""
        value = self.solve(candidates, guesses_left, state, cutoff, first=guess)
        if self.certifying:
            self.last_claim = self.claim_ref()
        return value, value < cutoff

    def ranked_guesses(self, candidates, guesses_left: int, state: ClueState | None = None,
                       limit: int | None = None) -> list[tuple[int, int]]:
        """(guess index, lower bound) of the guesses worth trying at a state, most promising first:
        the order the search itself uses (fewest-parts bound, then sum of squared part sizes, then
        list order). This is the ordering score behind `--top N`."""
        S = np.sort(np.asarray(candidates, dtype=np.int32))
        self.load_state(state)
        m, _, _ = _rank(self.ws, S, guesses_left, 0, INF)
        m = m if limit is None else min(m, limit)
        return [(int(g), int(b)) for g, b in zip(self.ws.cand[0, :m], self.ws.lbs[0, :m])]

    # ------------------------------------------------------------ the worst-case objective

    def can_finish(self, candidates, guesses_left: int, state: ClueState | None = None) -> bool:
        """Whether every candidate can be found within `guesses_left` guesses (proven either way).
        Fast for sets with three guesses left when the solver has pair bitsets (`pair_mb`). The
        question does not depend on weights: ask it of an unweighted game."""
        if self.ws.weighted:
            raise ValueError("the worst-case objective runs on the unweighted game")
        S = np.sort(np.asarray(candidates, dtype=np.int32))
        self.load_state(state)
        start = time.perf_counter()
        ok = bool(self._call(_can_finish, S, self.set_hash(S), guesses_left, 0))
        self.seconds += time.perf_counter() - start
        return ok

    def finishing_tree(self, candidates, guesses_left: int, state: ClueState | None = None,
                       first: int | None = None) -> Node | None:
        """A tree that finds every candidate within `guesses_left` guesses, or None if none exists."""
        S = np.sort(np.asarray(candidates, dtype=np.int32))
        if first is None:
            if S.size == 1:
                return Node(self.game.answers.words[S[0]])
            if not self.can_finish(S, guesses_left, state):
                return None
            first = int(self.ws.best_at[0])
        node = Node(self.game.guesses.words[first])
        for code, part in self.parts(S, first):
            child = self.finishing_tree(part, guesses_left - 1, self.child_state(state, first, code))
            if child is None:
                return None
            node.branches[code] = child
        return node

    # ------------------------------------------------------------ trees

    def best_guess(self, candidates, guesses_left: int, state: ClueState | None = None) -> tuple[int, int]:
        """(least total, guess index achieving it) at a state; (INF, -1) when impossible."""
        value = self.solve(candidates, guesses_left, state)
        return value, (int(self.ws.best_at[0]) if value < INF else -1)

    def tree(self, candidates, guesses_left: int, state: ClueState | None = None,
             first: int | None = None) -> Node:
        """An optimal tree (for this solver's search) for a state, optionally with a fixed guess."""
        S = np.sort(np.asarray(candidates, dtype=np.int32))
        if first is None:
            if S.size == 1:
                return Node(self.game.answers.words[S[0]])
            value, first = self.best_guess(S, guesses_left, state)
            if value >= INF:
                raise NoTree(f"no tree finds these {S.size} answers within {guesses_left} guesses")
        node = Node(self.game.guesses.words[first])
        for code, part in self.parts(S, first):
            node.branches[code] = self.tree(part, guesses_left - 1, self.child_state(state, first, code))
        return node

    # ------------------------------------------------------------ sharing the memo

    def memo_mark(self) -> int:
        """Where the memo's pool ends now: `memo_since(mark)` gives the entries stored after."""
        return int(self.ws.stats[POOL_USED])

    def memo_since(self, mark: int, min_members: int = SHARE_MIN_MEMBERS) -> tuple | None:
        """The entries of at least `min_members` answers stored since `mark`, for another solver of
        this game and setting (`memo_take`); None when certifying or when there are none
        (lookahead.kernels.memo_share says why this is sound)."""
        if self.certifying or int(self.ws.stats[POOL_USED]) <= mark:
            return None
        entries = _exported(self.ws, mark, min_members)
        return entries if entries[0].size else None

    def memo_take(self, entries: tuple | None) -> None:
        """Store entries exported by another solver of this game and setting (never when
        certifying: an entry's claim is its own solver's)."""
        if entries is not None and not self.certifying:
            _import_entries(self.ws, *entries)

    # ------------------------------------------------------------ counters

    def counters_since(self, before: dict) -> dict:
        """The work done since an earlier `counters()` snapshot."""
        now = self.counters()
        return {key: (value - before.get(key, 0) if key != "memo_slots" else value)
                for key, value in now.items()}

    def counters(self) -> dict:
        """Work done so far: nodes searched, guesses scored, memo traffic; and this thread's CPU
        time (the kernels run in the calling thread), so a task's CPU is a difference of two."""
        s = self.ws.stats
        return {"nodes": int(s[NODES]), "full_scans": int(s[FULL_SCANS]),
                "quick_nodes": int(s[QUICK]), "guesses_tried": int(s[EVALUATIONS]),
                "replies_scored": int(s[SCANNED]), "memo_probes": int(s[MEMO_PROBES]),
                "memo_hits": int(s[MEMO_HITS]), "memo_bound_cutoffs": int(s[MEMO_CUTOFFS]),
                "memo_entries": int(s[MEMO_ENTRIES]), "memo_pool_used": int(s[POOL_USED]),
                "memo_dropped": int(s[MEMO_FULL]), "memo_slots": int(self.ws.mkeys.size),
                "same_splits_skipped": int(s[SAME_SPLITS]), "guesses_sorted": int(s[LIST_SORTED]),
                "kernel_seconds": round(self.seconds, 2), "cpu_seconds": time.thread_time()}
