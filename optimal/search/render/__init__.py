"""Renderers: a search outcome as the console text, the REPORT.md body and summary.json.

They compute nothing the search did not: every number shown comes from the outcome (and, for the
best word, from the verified tree's replayed counts), so what is printed and what is written
cannot disagree. On a weighted game a search's totals are weighted integers (sum of quantized
weight x guesses, see optimal.weights); they are shown beside the expectation they stand for
(total / W), and the best tree's expectation under the exact weights comes from its counts.

One module per outcome kind (first guesses, the worst case, a hunt, a state, the exact table, the
tie-break, the front, Dordle), plots in their own; this package's names are the renderers commands call.
"""

from optimal.search.render.first import first_markdown, first_summary, first_text
from optimal.search.render.worst import (certificate_markdown, worst_markdown, worst_summary,
                                         worst_text)
from optimal.search.render.state import state_text
from optimal.search.render.exact import BANDS, exact_markdown, exact_summary, exact_text, throughput
from optimal.search.render.tie_break import tie_break_claim, tie_break_lines
from optimal.search.render.front import (depth_counts, front_markdown, front_proven, front_summary,
                                         front_text)
from optimal.search.render.common import processes
from optimal.search.render.plots import FrontPoint, cell_point, front_png, front_points_png
from optimal.search.render.dordle import dordle_claim, dordle_markdown, dordle_summary, dordle_text
from optimal.search.render.hunt import hunt_text

__all__ = ["BANDS", "FrontPoint", "cell_point", "certificate_markdown", "depth_counts",
           "dordle_claim", "dordle_markdown", "dordle_summary", "dordle_text", "exact_markdown",
           "exact_summary", "exact_text", "first_markdown", "first_summary", "first_text",
           "front_markdown", "front_png", "front_points_png", "front_proven", "front_summary",
           "front_text", "hunt_text", "processes", "state_text", "throughput", "tie_break_claim", "tie_break_lines",
           "worst_markdown", "worst_summary", "worst_text"]
