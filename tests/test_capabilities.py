"""The capability table (optimal/search/capabilities.py) is the one place that says which options of
`optimal.search` go together: every refusal of a combination in the bad-input corpus comes from it,
and request.py states no combination rule of its own."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bad_input_cases import CASES
from optimal.errors import BadInput
from optimal.search.capabilities import FEATURES, TABLE, Clash, check_combinations, used_features
from optimal.search.request import build_parser, request_from_args

ROOT = Path(__file__).resolve().parent.parent
COMBINATION = re.compile(r"goes with|go with|needs --|only with --")


def refusal(argv: tuple[str, ...]) -> BadInput | None:
    """What request.py says of a search command line (placeholders filled with harmless paths);
    None when it passes, or when argparse itself refuses it (a value, not a combination)."""
    filled = [re.sub(r"\{[A-Z]+(:[^}]*)?\}", "/nonexistent/x", a) for a in argv]
    try:
        args = build_parser().parse_args(filled)
        request_from_args(args, filled)
    except BadInput as error:
        return error
    except SystemExit:
        return None
    return None


SEARCH_CASES = [c for c in CASES if c.command == "search"]
REFUSALS = {c.id: refusal(c.argv) for c in SEARCH_CASES}


def test_the_corpus_has_combination_cases():
    assert sum(isinstance(e, Clash) for e in REFUSALS.values()) >= 15


@pytest.mark.parametrize("case", SEARCH_CASES, ids=lambda c: c.id)
def test_every_refused_combination_comes_from_the_table(case):
    """A refusal worded as a combination ("goes with", "needs --") is a Clash from a row of the
    table, and the corpus's expected fragment is in it."""
    error = REFUSALS[case.id]
    if error is None or not COMBINATION.search(str(error)):
        return
    assert isinstance(error, Clash), (case.id, str(error))
    assert case.message in str(error)
    assert any(str(error) == row.message or "{found}" in row.message
               and str(error).startswith(row.message.split("{found}")[0]) for row in TABLE)


def test_request_states_no_combination_rule_of_its_own():
    source = (ROOT / "optimal" / "search" / "request.py").read_text()
    assert not COMBINATION.search(source.split("def request_from_args", 1)[1])


def test_every_row_names_known_features():
    for row in TABLE:
        assert row.option in FEATURES and set(row.needs) <= set(FEATURES) \
            and set(row.refuses) <= set(FEATURES), row


def test_the_table_can_refuse_and_can_allow():
    """A row holds when its option is unused or its partners fit, and breaks otherwise."""
    args = build_parser().parse_args(["--top", "2", "--prove"])
    assert "--prove" in used_features(args)
    with pytest.raises(Clash, match="--prove goes with --beam"):
        check_combinations(args)
    check_combinations(build_parser().parse_args(["--top", "2", "--prove", "--beam", "3"]))
    with pytest.raises(Clash, match="does not go with --hard, --weights"):
        check_combinations(build_parser().parse_args(["--boards", "2", "--hard", "--weights",
                                                      "freq"]))
