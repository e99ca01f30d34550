"""`python -m optimal.search`: optimal (or beam) decision trees, with proof.

request (the command line as a frozen value) -> first / worst / state (what to search, resumed
from a checkpoint, with progress; the search itself is `lookahead`'s) -> render (text, markdown,
JSON) -> command (verifies the best tree once, prints, writes the results folder).
"""
