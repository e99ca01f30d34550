import numpy as np
import pytest

from optimal.report import (TableRow, comparison_table, cumulative_line, histogram_png,
                            histogram_text, percent_text, report_line, summarize)


def test_summary_statistics():
    counts = [2, 3, 3, 4, 4, 4, 5]
    s = summarize(counts)
    assert (s.n, s.total, s.worst, s.best, s.median) == (7, 25, 5, 2, 4)
    assert s.mean == pytest.approx(25 / 7) and s.std == pytest.approx(np.std(counts, ddof=1))
    assert s.histogram == {2: 1, 3: 2, 4: 3, 5: 1}


def test_percent_has_one_decimal_only_between_99_and_100():
    assert percent_text(0.5) == "50%" and percent_text(0.954) == "95%"
    assert percent_text(0.996) == "99.6%" and percent_text(1.0) == "100%"
    assert percent_text(0.99) == "99%"


def test_cumulative_line_format():
    counts = [2] * 2 + [3] * 48 + [4] * 45 + [5] * 4 + [6] * 1
    assert cumulative_line(counts) == "<=2:2%, <=3:50%, <=4:95%, <=5:99%, <=6:100%"
    counts = [2] * 20 + [3] * 480 + [4] * 450 + [5] * 46 + [6] * 4
    assert cumulative_line(counts) == "<=2:2%, <=3:50%, <=4:95%, <=5:99.6%, <=6:100%"


def test_report_line_and_histogram():
    counts = [2, 3, 3, 4]
    line = report_line(counts)
    assert line.startswith("median: 3 guesses, mean: 3.0000 (sd 0.82), worst: 4, best: 2, total: 12")
    text = histogram_text(counts)
    assert text.splitlines()[1].startswith(" 3 | ") and "50.0%)" in text


def test_comparison_table_markdown():
    table = comparison_table([TableRow("optimal", "salet", np.array([3, 4]), 1.5, {"Evil": 5}),
                              TableRow("greedy", "raise", np.array([3, 5]))])
    lines = table.splitlines()
    assert lines[0] == "| strategy | first guess | total | mean | worst | <=3 | <=4 | Evil | time |"
    assert lines[2] == "| optimal | SALET | 7 | 3.5000 | 4 | 50% | 100% | 5 | 1.50 s |"
    assert lines[3].startswith("| greedy | RAISE | 8 |")


def test_histogram_png(tmp_path):
    pytest.importorskip("matplotlib")
    path = tmp_path / "h.png"
    assert histogram_png({"a": np.array([2, 3, 3]), "b": np.array([3, 4])}, path, "test")
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
