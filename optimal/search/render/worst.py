"""The worst-case objective: which first words find every answer within the limit.

Part of `optimal.search.render` (see its docstring: every number shown comes from the outcome)."""

from __future__ import annotations

from lookahead import (WorstResult)
from optimal.game import Game
from optimal.play.text import plural



def _worst_title(game: Game) -> str:
    return (f"Can every answer be found within {game.max_guesses} guesses? {game.answers.name} "
            f"answers ({len(game.answers):,}), {game.guesses.name} guesses ({len(game.guesses):,}), "
            f"{game.mode_name}")


def _worst_verdict(game: Game, results: list[WorstResult], how: str) -> str:
    d = game.max_guesses
    feasible = [r for r in results if r.feasible]
    if feasible:
        verdict = (f"{len(feasible)} of the {len(results)} evaluated first guesses find every answer "
                   f"within {d} guesses (proven, with a verified tree), e.g. "
                   f"{', '.join(r.word.upper() for r in feasible[:10])}; the other "
                   f"{len(results) - len(feasible)} cannot (proven).")
    else:
        verdict = (f"No evaluated first guess finds every answer within {plural(d, 'guess')}: proven for "
                   f"all {len(results)} ({how}).")
    measured = [r for r in results if not r.feasible and r.shortfall is not None]
    if measured:
        best = min(measured, key=lambda r: r.shortfall)
        verdict += (f" Fewest answers beyond {d} guesses among the {len(measured)} words measured:"
                    f" {best.word.upper()}, {best.shortfall} of {len(game.answers):,}.")
    return verdict


def _worst_rows(game: Game, results: list[WorstResult]) -> list[str]:
    d = game.max_guesses
    rows = ["| rank | first guess | within %d? | branches that cannot be finished (answers in them) "
            "| fewest answers over %d | seconds |" % (d, d), "|---:|---|---|---|---:|---:|"]
    for rank, r in enumerate(results, start=1):
        failing = r.failing
        if r.feasible:
            branches = "none"
        else:
            listed = ", ".join(f"{f.reply} ({f.answers})" for f in failing[:6])
            more = f", ... ({len(failing)} in all)" if len(failing) > 6 else ""
            branches = f"{len(failing)}: {listed}{more}" if r.complete else f"at least 1: {listed}"
        lost = "" if r.shortfall is None else str(r.shortfall)
        rows.append(f"| {rank} | {r.word.upper()} | {'yes' if r.feasible else 'no'} | "
                    f"{branches} | {lost} | {r.seconds:.2f} |")
    return rows


def _cpu(results: list[WorstResult]) -> float:
    return sum(r.cpu_seconds for r in results)


def worst_text(game: Game, results: list[WorstResult], how: str, seconds: float) -> str:
    """The console text of the worst-case question: title, time, the verdict and the rows of at most
    40 words."""
    rows = _worst_rows(game, results)
    shown = rows[:2 + min(len(results), 40)] + (["| ... | | | | | |"] if len(results) > 40 else [])
    return "\n".join([_worst_title(game), f"evaluated {how}; {seconds:.1f} s wall, "
                      f"{_cpu(results):.1f} s CPU", "",
                      _worst_verdict(game, results, how), "", *shown])


def worst_markdown(game: Game, results: list[WorstResult], how: str, seconds: float) -> str:
    """REPORT.md of the worst-case question: time, the verdict, what a branch that cannot be
    finished means, and every evaluated word's row."""
    d = game.max_guesses
    return "\n".join([f"# {_worst_title(game)}", "", f"Evaluated {how}; exact; {seconds:.1f} s wall, "
                      f"{_cpu(results):.1f} s CPU (all workers; words restored from a checkpoint "
                      "count the CPU of the run that decided them).", "",
                      "## Verdict", "", _worst_verdict(game, results, how), "",
                      "## Every evaluated first guess", "",
                      "A branch is the set of answers left after the first guess's reply; it "
                      f"'cannot be finished' when no tree finds all of them within {d - 1} more "
                      "guesses. *Fewest answers over* is, with three guesses left in each "
                      "branch, the least number of answers any tree must find late (exact, by "
                      "branch and bound).", "", *_worst_rows(game, results)])


def worst_summary(game: Game, results: list[WorstResult], how: str, seconds: float) -> dict:
    """summary.json of the worst-case question: the feasible first words and every word's result,
    wall and CPU seconds."""
    return {"game": game.describe(), "objective": "worst", "max_guesses": game.max_guesses,
            "words": how, "feasible": [r.word for r in results if r.feasible],
            "results": [r.as_dict() for r in results], "seconds": round(seconds, 3),
            "cpu_seconds": round(_cpu(results), 3)}


def certificate_markdown(path: str | None) -> str:
    """A REPORT section naming the run's proof certificate: written, not checked by this run (only
    `python -m optimal.check` may call a result certified)."""
    if not path:
        return ""
    return ("\n\n## Proof certificate\n\nThis run wrote a proof certificate of its lower bounds to "
            f"`{path}`. It is not checked by the run itself; `python -m optimal.check {path} [TREE]` "
            "checks it independently of the search.")
