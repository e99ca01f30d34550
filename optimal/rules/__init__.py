"""Feedback rules: one protocol (`Rule`), its implementations, and the one registry of them.

Wordle and Jotto are sibling implementations of `optimal.rules.base.Rule`; `RULES` names every rule
the package ships, filled here explicitly, so which rules exist can be read in one place and no
import registers anything as a side effect.
"""

from __future__ import annotations

from optimal.errors import BadInput, quoted
from optimal.rules.base import Reply, Rule, dtype_for
from optimal.rules.hard import HardState
from optimal.rules.jotto import JOTTO, JottoRule
from optimal.rules.ultra import UltraState
from optimal.rules.wordle import SQUARES, WORDLE, WordleRule

RULES: dict[str, Rule] = {"wordle": WORDLE, "jotto": JOTTO}
GAMES = tuple(RULES)

#: The modes that bind later guesses to the clues, by name, each the state it carries (a rule with
#: `hard_mode` has them all): NYT hard mode, and ultra-hard (every guess could be the answer).
STRICT_MODES: dict[str, type] = {"hard": HardState, "ultra": UltraState}
MODES = ("normal", *STRICT_MODES)


def rule_named(name: str) -> Rule:
    """The rule of a game by its name (BadInput for an unknown name)."""
    if not isinstance(name, str) or name not in RULES:
        raise BadInput(f"unknown game {quoted(str(name))}; choose {', '.join(GAMES)}")
    return RULES[name]


__all__ = ["GAMES", "JOTTO", "MODES", "RULES", "STRICT_MODES", "HardState", "UltraState", "WORDLE", "JottoRule", "Reply", "Rule", "WordleRule",
           "dtype_for", "rule_named", "SQUARES"]
