"""The three ways the scan counts a node's splits agree (lookahead.kernels.scan): the search's lower bounds
and guess order rest on them, and the blocked count is the one most sets now use."""

import numpy as np
import pytest

from lookahead.kernels.scan import BLOCK, count_blocked, count_histogram, count_pairwise


def replies(n: int, ng: int, codes: int, seed: int) -> np.ndarray:
    """n answers' replies to ng guesses, skewed like Wordle's (many repeats of a few codes)."""
    rng = np.random.default_rng(seed)
    common = rng.integers(0, codes, size=max(1, codes // 20))
    skewed = rng.random((n, ng)) < 0.6
    return np.where(skewed, rng.choice(common, size=(n, ng)), rng.integers(0, codes, size=(n, ng))) \
        .astype(np.uint8)


def brute_force(B: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(repeated answers, equal pairs) per guess, by numpy's unique."""
    dup, eq = [], []
    for column in B.T:
        _, counts = np.unique(column, return_counts=True)
        dup.append(len(column) - len(counts))
        eq.append(int((counts * (counts - 1) // 2).sum()))
    return np.array(dup), np.array(eq)


@pytest.mark.parametrize("n,ng,seed", [(1, 5, 0), (2, BLOCK, 1), (49, BLOCK + 1, 2), (64, 3 * BLOCK - 7, 3),
                                       (300, 2 * BLOCK + 13, 4), (700, 40, 5)])
def test_blocked_and_per_guess_histograms_and_pairwise_counts_agree(n, ng, seed):
    B = replies(n, ng, 243, seed)
    want_dup, want_eq = brute_force(B)
    dup, eq = np.zeros(ng, np.int32), np.zeros(ng, np.int64)  # the workspace's types
    table = np.zeros((243, BLOCK), np.uint16)
    count_blocked(B, n, ng, dup, eq, table, np.zeros((2, BLOCK), np.int64))
    assert (dup == want_dup).all() and (eq == want_eq).all()
    assert not table.any()  # left clean for the next node
    dup[:], eq[:] = 0, 0
    count_histogram(B, n, ng, dup, eq, np.zeros(243, np.int64), np.zeros(243, np.int64))
    assert (dup == want_dup).all() and (eq == want_eq).all()
    if n <= 64:
        eq16 = np.zeros(ng, np.uint16)
        count_pairwise(B, n, ng, dup, eq16, np.zeros(ng, np.uint8))
        assert (dup == want_dup).all() and (eq16 == want_eq).all()


def test_counts_past_65536_answers_do_not_wrap():
    """A list of more than 65,536 answers: every answer but one repeats a reply (dup = n - 1) and
    the equal pairs pass 2**32. dup was uint16 and eq uint32, and both wrapped silently (the lower
    bounds and the guess order then rested on wrong counts)."""
    n, ng = 100_000, 3
    B = np.zeros((n, ng), np.uint8)
    B[:, 1] = np.arange(n) % 243
    B[: n // 2, 2] = 7
    want_dup, want_eq = brute_force(B)
    assert want_dup[0] == n - 1 and want_eq[0] > 2**32
    dup, eq = np.zeros(ng, np.int32), np.zeros(ng, np.int64)
    count_histogram(B, n, ng, dup, eq, np.zeros(243, np.int64), np.zeros(243, np.int64))
    assert (dup == want_dup).all() and (eq == want_eq).all()


def alike_classes(game, S: np.ndarray, level: int, parent: np.ndarray | None = None) -> np.ndarray:
    """`alike_guesses` run on a solver's workspace for the answers S at `level` (with `parent`, the
    guesses the level above listed for a superset of S's letters); the guesses it lists."""
    from lookahead.kernels.scan import alike_guesses
    from lookahead.solvers.single import Solver
    ws = Solver(game, cache_mb=8).ws
    assert ws.alike
    if parent is not None:
        ws.reps[level - 1, :parent.size] = parent
        ws.nreps[level - 1] = parent.size
        ws.rep_live[level - 1] = (1 << 26) - 1
    return ws.reps[level, :alike_guesses(ws, S, level)].copy()


@pytest.mark.parametrize("size,seed", [(1, 0), (3, 1), (12, 2), (40, 3), (150, 4)])
def test_alike_guesses_list_the_least_guess_of_each_identical_split(original, size, seed):
    """Guesses that differ only in letters no answer of S contains split S identically: the kernel
    lists the least guess of each class of identical reply columns, in guess order, and only
    those (checked against the reply matrix itself), whether it starts from every guess or from a
    parent level's list; so scanning those alone loses no split the full scan would try first."""
    rng = np.random.default_rng(seed)
    # a set drawn from one part of a first guess, as deep nodes are: letters shared, few in all
    first = original.guess_id("bezes")
    codes = original.matrix[first, original.all_candidates()]
    common = np.bincount(codes).argmax()
    pool = np.flatnonzero(codes == common)
    S = np.sort(rng.choice(pool, size=min(size, pool.size), replace=False)).astype(np.int32)
    listed = alike_classes(original, S, 1)
    assert (np.diff(listed) > 0).all()
    # the plain statement: the letters of S, and each guess with the others blanked out
    letters = original.guess_letters
    live = np.zeros(26, bool)
    live[np.unique(letters[original.guess_of_answer[S]])] = True
    alike_key = np.where(live[letters], letters, 26) @ (27 ** np.arange(letters.shape[1]))
    _, least_alike, class_of = np.unique(alike_key, return_index=True, return_inverse=True)
    assert (listed == np.sort(least_alike)).all()
    columns = original.matrix[:, S]  # alike guesses split S identically: the reply matrix agrees
    assert (columns == columns[least_alike[class_of.ravel()]]).all()
    from_parent = alike_classes(original, S, 2, parent=alike_classes(original, pool[:600].astype(np.int32), 1))
    assert (from_parent == listed).all()


@pytest.mark.parametrize("first,which,mode", [("bezes", (2, 4, 5), "normal"), ("salet", (0, 2, 5), "normal"),
                                              ("salet", (0, 1, 2, 3), "hard")])
def test_scanning_one_of_each_alike_class_changes_no_value_and_no_tree(original, first, which, mode):
    """The search that scans one guess of each alike class (deeper than the first level) finds the
    same values, the same lower bounds at every cutoff and the same tree as the search that scans
    every guess, with fewer replies scored: on parts of 86-269 answers of a weak first word
    (BEZES) and of SALET, four guesses left (each solve under a second); in hard mode too, where
    the classes are made among the legal guesses and spare evaluations as well."""
    from lookahead.solvers.single import Solver
    from optimal.tree import node_to_json
    game = original.with_limits(mode=mode)

    def solver(alike: bool) -> Solver:
        made = Solver(game, cache_mb=16)
        assert made.ws.alike
        made.ws = made.ws._replace(alike=alike)
        return made

    g = game.guess_id(first)
    alike, every = solver(True), solver(False)
    ranked = sorted(alike.parts(game.all_candidates(), g), key=lambda item: len(item[1]), reverse=True)
    for code, part in (ranked[i] for i in which):
        state = alike.child_state(game.start_state(), g, code)
        exact = every.solve(part, 4, state)
        assert alike.solve(part, 4, state) == exact
        for beta in (exact - 40, exact - 3, exact, exact + 1):
            assert solver(True).solve(part, 4, state, beta=beta) == solver(False).solve(part, 4, state, beta=beta)
        assert node_to_json(alike.tree(part, 4, state), 5) == node_to_json(every.tree(part, 4, state), 5)
    assert alike.counters()["replies_scored"] < every.counters()["replies_scored"]
    if game.hard:
        assert alike.counters()["guesses_tried"] < every.counters()["guesses_tried"]


def test_no_alike_scan_where_alike_guesses_could_differ(original):
    """Ultra-hard mode bars a letter scored grey, so alike guesses leave different states; a beam
    keeps the first K guesses of the full order; a certificate's checker asks about every guess:
    none of these scans alike classes."""
    from lookahead.solvers.single import Solver
    assert Solver(original, cache_mb=8).ws.alike
    assert not Solver(original.with_limits(mode="ultra"), cache_mb=8).ws.alike
    assert not Solver(original, beam=5, cache_mb=8).ws.alike
    assert not Solver(original, cache_mb=8, certify=True).ws.alike
