"""Work spread over processes: when workers pay (`schedule`), what a worker does first (`workers`),
and the tasks they run, each carrying the game's definition and the setting whole (`tasks`).

Imports the solvers (each worker keeps one per game and setting) and below, never the questions.
"""
