"""Build the compact exact first-word tables bundled with the package (optimal/data/exact/).

Why bundled: the review of a played game (`python -m optimal.review`, the web page's Review tab)
needs the exact value of the first guess and the proven optimum from the start, and the searches
that proved them took minutes to hours. Only proven figures are copied: each table's optimum from a
run over every first word (`results/all-first-words/`), and each word's exact total from the
`--rank exact` runs (`results/exact*/`) and any word the all-first-words run solved exactly; a word proven to have no
tree within the guess limit is null. Below 6 guesses, where no run covered every first word, a
front cell whose exact tree has the optimum within 6 gives the optimum there too
(`tighter_limit_tables`: normal mode within 5 on the original lists, SALET 7,920).

    python scripts/build_exact_tables.py   # from the repository root; rewrites optimal/data/exact/

Every checkpoint is read as a resuming run reads it (format, tool and digest checked,
`optimal.cli.checkpoint.intact_checkpoint`): a damaged one stops the build with one line instead of
putting an unproven figure in the bundle.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from optimal.cli.checkpoint import intact_checkpoint  # noqa: E402  (digest checked: see module)
from optimal.errors import BadInput  # noqa: E402
OUT = ROOT / "optimal" / "data" / "exact"
ALL = ROOT / "results" / "all-first-words"
EXACT = [ROOT / "results" / name for name in ("exact", "exact-all", "exact-sample")]
INF = 1 << 28  # lookahead.bounds.INF: "no tree within the limit"
IDENTITY = ("rule", "answers", "guesses", "mode", "max_guesses", "weights")  # weights: if weighted


def identity_key(identity: dict) -> str:
    """The table's file stem: answer and guess list names, mode, guess limit and weights' name."""
    weights = f"-w{identity['weights']['name']}" if identity.get("weights") else ""
    return (f"{identity['answers']['name']}-{identity['guesses']['name']}-{identity['mode']}"
            f"-d{identity['max_guesses']}{weights}")


def optimum_from_summary(path: Path) -> tuple[dict, dict, dict[str, int]]:
    """(identity, optimum, exact values) of an all-first-words run's summary.json."""
    summary = json.loads(path.read_text())
    best = summary["best"]
    if not best["proven"] or "all" not in summary["search"]["words"]:
        raise SystemExit(f"{path}: not a proven run over every first word")
    game = summary["game"]
    identity = {key: game[key] for key in IDENTITY if key in game}
    values: dict[str, int | None] = {r["word"]: r["value"] for r in summary["results"]
                                     if r["exact"] and r["value"] < INF}
    values.update({r["word"]: None for r in summary["results"]  # proven: no tree within the limit
                   if r["value"] is None
                   and r["status"] == f"no tree within {game['max_guesses']} guesses"})
    optimum = {"total": best["total"], "source": str(path.parent.relative_to(ROOT))}
    return identity, optimum, values


def optimum_from_checkpoint(path: Path) -> tuple[dict, dict, dict[str, int]]:
    """The same from a finished pass of an all-first-words checkpoint (every word searched): the
    least exact value, when every other word is proven to need at least as much."""
    recorded, results = intact_checkpoint(path)
    values = {w: r["value"] for w, r in results.items() if r["exact"] and r["value"] < INF}
    least = min(values.values())
    if any(r["value"] < least for r in results.values()):
        raise SystemExit(f"{path}: some word is not settled below the least exact value")
    identity = {key: recorded[key] for key in IDENTITY if key in recorded}
    return identity, {"total": least, "source": str(path.relative_to(ROOT))}, values


def rank_exact_values(identity: dict) -> dict[str, int | None]:
    """Every exact first-word total the `--rank exact` checkpoints hold for these lists."""
    values: dict[str, int] = {}
    for folder in EXACT:
        for path in sorted(folder.glob("*/checkpoint-exact.json")):
            found, results = intact_checkpoint(path)
            if any(found.get(key) != identity.get(key) for key in IDENTITY):
                continue  # another game, or other weights (the --rank exact runs have none)
            for word, r in results.items():
                if r["exact"]:  # null: proven to have no tree within the guess limit
                    values[word] = r["lower"] if r["lower"] < INF else None
    return values


def tighter_limit_tables(written: dict[str, dict]) -> list[dict]:
    """Tables at a guess limit below 6 proven from two committed results together: a front cell
    (`results/front/`) whose exact tree within L has the same total as the proven optimum within 6
    (`written`, by file stem). Fewer guesses never lower a total, so that total is the optimum
    within L too, with the same best words that reach it. Why: within 5 in normal mode SALET's
    7,920 is the optimum, and without a table the review searched the start for its whole budget
    and the assistant's opening had no optimum to show."""
    tables = []
    for path in sorted((ROOT / "results" / "front").glob("*/summary.json")):
        summary = json.loads(path.read_text())
        game = summary["game"]
        for cell in summary.get("front", []):
            limit = cell["limit"]
            if limit >= 6 or not cell.get("exact") or cell.get("beam") or cell.get("total") is None:
                continue
            six = written.get(identity_key({**{k: game[k] for k in IDENTITY if k in game},
                                            "max_guesses": 6}))
            if six is None or cell["total"] != six["optimum"]["total"]:
                continue
            identity = {**six["game"], "max_guesses": limit}
            if identity_key(identity) in written:  # a run over every first word says more
                continue
            if cell["word"] not in six["optimum"]["words"]:
                continue
            words = [cell["word"]]
            source = (f"{path.parent.relative_to(ROOT)} (its exact tree within {limit}) and "
                      f"{six['optimum']['source']} (the optimum within 6)")
            tables.append({"format": "optimal-exact-first-words/1", "game": identity,
                           "optimum": {"total": cell["total"], "source": source, "words": words},
                           "values": {word: cell["total"] for word in words}})
    return tables


def write_table(table: dict) -> None:
    """One table file, and its line on stdout."""
    optimum = table["optimum"]
    target = OUT / f"{identity_key(table['game'])}.json"
    target.write_text(json.dumps(table, separators=(",", ":")) + "\n")
    print(f"{target.relative_to(ROOT)}: optimum {optimum['total']} "
          f"({', '.join(optimum['words'])}), {len(table['values']):,} exact first words")


def main() -> None:
    """Write one table per proven all-first-words run within 6 (the review's default guess limit)
    or 5 (`--max-depth 5`), and of the weighted runs within 6 (`-d6-wfreq`: their totals are of
    the weights the run used, named by sha256 in the table)."""
    runs = sorted(p for limit in ("d5", "d6", "d6-w*") for p in ALL.glob(f"*-{limit}"))
    sources = [p / "summary.json" for p in runs if (p / "summary.json").exists()]
    sources += [p / "checkpoint-all.json" for p in runs if not (p / "summary.json").exists()]
    OUT.mkdir(parents=True, exist_ok=True)
    written: dict[str, dict] = {}
    for path in sources:
        read = optimum_from_summary if path.name == "summary.json" else optimum_from_checkpoint
        identity, optimum, values = read(path)
        values.update(rank_exact_values(identity))
        if min(v for v in values.values() if v is not None) != optimum["total"]:
            raise SystemExit(f"{path}: an exact value is below the proven optimum")
        optimum["words"] = sorted(w for w, v in values.items() if v == optimum["total"])
        table = {"format": "optimal-exact-first-words/1", "game": identity, "optimum": optimum,
                 "values": dict(sorted(values.items()))}
        written[identity_key(identity)] = table
        write_table(table)
    for table in tighter_limit_tables(written):
        write_table(table)


if __name__ == "__main__":
    try:
        main()
    except BadInput as error:  # a damaged checkpoint: one line, nothing written after it
        sys.exit(f"error: {error}")
