"""Solvers: a workspace and the kernels behind a Python object that answers in values.

`setting.SearchSetting` is the frozen spec of how a search runs (beam, memo size, workers,
backend); `single.Solver` answers for one board, `pair.DordleSolver` for two, `adversaries` for
Absurdle and Antiwordle. `results` are the values they return (each knows whether it is exact, a
proven lower bound or a beam's upper bound) and `certificate_log` collects their proof records.
Imports the kernels and the spaces, never the parallel room or the questions.
"""
