"""Golden outputs of the command-line tools (see cases.py, runner.py, normalize.py)."""
