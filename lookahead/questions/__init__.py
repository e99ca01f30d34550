"""The questions the engine answers, each in its own module: the best of a list of first guesses
(`first_guesses`), a mid-game state (`state`), the worst case (`worst_case`), each word's exact value
(`exact_values`), ties broken by the longest game (`tie_break`), Dordle's questions (`dordle`) and
what a run will cost in memory (`memory`).

The top room: imports the parallel room, the solvers and below; only the face imports it.
"""
