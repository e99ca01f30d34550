"""The compiled kernels: numba code only, arrays in, numbers out.

Every function here is `@njit`: the partition and scan of a node (`scan`, `nodes`), the lower bounds
(`bounds`, `pair_bounds`), the memo (`memo`), what a mode makes legal (`legality`), the recursive
searches (`total` for the least total, `finish` for "within d guesses", `pair_total` for two boards,
`beam`, `absurdle`, `antiwordle`) and the proof records they write (`proof_records`). They import
nothing of the engine above them (only each other and numpy), so a kernel can be read, tested and
replaced on its own. The arrays they work on are allocated by `lookahead.spaces`.
"""
