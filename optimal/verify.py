"""`python -m optimal.verify TREE`: check any tree file (ours or a published one) against a game.

Exit 0 when the tree is valid, 1 when it is defective, 2 on bad input. The statistics printed come
from replaying every answer, not from what the file claims; when the file states a total, the two are
compared. With answer weights (--weights, or the `freq` weights a tree file names) the expectation
under them is reported too, and a weighted total the file states is compared likewise. A Dordle
tree (two boards, as `search --boards 2` writes it) is replayed on every ordered pair of different
answers of the lists it names.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

from optimal import dordle
from optimal.adversaries import evil_game, evil_text
from optimal.cli.args import Parser, add_game_arguments, add_weights_argument, game_from_args
from optimal.cli.run import run_cli
from optimal.errors import BadInput, quoted
from optimal.files import MB, memory_bytes
from optimal.game import Game
from optimal.play.text import plural
from optimal.report import histogram_text, report_line, summarize, weighted_line, weighted_stats
from optimal.tree import play, read_tree, verify
from optimal.words import BUNDLED_LISTS, load_lists

EXAMPLES = """examples:
  python -m optimal.verify results/answers-2315-guesses-12972-normal-d6/salet.json
  python -m optimal.verify results/answers-2315-guesses-12972-normal-d6/salet.tree.txt   # Selby's format
  python -m optimal.verify results/answers-2315-guesses-12972-hard-d6/salet.tree.txt --hard
  python -m optimal.verify results/answers-2315-guesses-12972-hard-d5/palet.tree.txt --hard --max-depth 5
  python -m optimal.verify results/answers-2315-guesses-12972-hard-d6/salet.json --normal  # as a normal-mode tree
  python -m optimal.verify salet.easy.origwords.tree                 # a tree from Selby's site
  python -m optimal.verify tree.json --answers my-answers.txt --guesses my-guesses.txt
  python -m optimal.verify tree.json --play whiff                    # show one game
  python -m optimal.verify tree.json --evil                          # the game Evil Wordle forces
  python -m optimal.verify salet.json --weights freq                 # expectation under a prior
"""


def _game_for(args, meta: dict) -> tuple[Game, list[str]]:
    """The flags win; otherwise a JSON tree's own game block: its lists when it names bundled
    ones, and its mode and guess limit whenever no flag gives them (with --answers/--guesses the
    file's mode and limit were once ignored, and a hard-mode tree checked as a normal one)."""
    game_block = meta.get("game") or {}
    given = {"answers": bool(args.lists or args.answers), "guesses": bool(args.lists or args.guesses)}
    if game_block.get("rule") == "jotto":
        args.game = "jotto"
    if not (args.lists or args.answers or args.guesses) and game_block:
        names = [_list_name(game_block, "answers"), _list_name(game_block, "guesses")]
        if args.game == "jotto":  # a Jotto list is named after the list it was made from
            names = [n.removeprefix("jotto-") if n else n for n in names]
            if names[0] == names[1]:
                names[1] = None
        if names[0] in BUNDLED_LISTS and (names[1] is None or names[1] in BUNDLED_LISTS):
            args.answers, args.guesses = names
    elif not args.lists and bool(args.answers) != bool(args.guesses) and game_block:
        # one list given, the other the file's bundled one (not the given one twice)
        role = "guesses" if args.answers else "answers"
        name = _list_name(game_block, role)
        if name in BUNDLED_LISTS and args.game != "jotto":
            setattr(args, role, name)
    if not (args.hard or args.ultra or args.normal):
        args.hard, args.ultra = game_block.get("mode") == "hard", game_block.get("mode") == "ultra"
    if args.max_depth is None:
        args.max_depth = game_block.get("max_guesses")
    if args.weights is None and _block(game_block.get("weights")).get("name") == "freq":
        args.weights = "freq"  # reproducible from the package; a file's weights must be given
    unsaid = not game_block and not (args.hard or args.ultra or args.normal or args.max_depth)
    game = game_from_args(args, default_lists="original")
    said = [f"the file does not say its mode or guess limit (a text tree does not): checked for "
            f"{game.mode_name}, at most {plural(game.max_guesses, 'guess')} (--hard, --ultra "
            "and --max-depth check others)"] if unsaid else []
    return game, said + list_notes(game, game_block, given) + game_notes(game, game_block)


def game_notes(game: Game, game_block: dict) -> list[str]:
    """Notes for a rule, mode or guess limit given on the command line that is not the one the
    tree file names: the verdict is about the game checked, said so (a normal-mode tree checked
    with --hard, or a Wordle tree with --game jotto, said nothing of the difference)."""
    mine = game.describe()
    names = {"rule": lambda v: f"{v}", "mode": lambda v: {"ultra": "ultra-hard"}.get(v, v) + " mode",
             "max_guesses": lambda v: f"at most {plural(v, 'guess')}"}
    return [f"the tree was made for {names[field](game_block[field])}; checked here for "
            f"{names[field](mine[field])}, as asked"
            for field in ("rule", "mode", "max_guesses")
            if field in game_block and game_block[field] != mine[field]]


def _list_name(game_block: dict, role: str) -> object:
    """The name the file gives a list, as a bundled list is named: 'guesses-12972+answers' is the
    bundled list with the answers it lacks, appended again when the game is built
    (`include_answers`), as the checker reads it."""
    name = _block(game_block.get(role)).get("name")
    return name.removesuffix("+answers") if isinstance(name, str) else name


def list_notes(game: Game, game_block: dict, given: dict[str, bool]) -> list[str]:
    """Notes for lists given on the command line that are not the ones the tree file names (by
    sha256): the verdict is then about the given lists, said so. BadInput when such a list was
    not given but a default stood in for the file's. Why: a tree made on a 58-word list was
    replayed on the default 2,315 answers and called INVALID, 2,257 answers failing: a false
    verdict on a sound tree, where the truth is that its lists were not given."""
    notes = []
    for role, words in (("answers", game.answers), ("guesses", game.guesses)):
        named = _block(game_block.get(role))
        sha = named.get("sha256")
        if not isinstance(sha, str) or sha == words.sha256:
            continue
        count = named.get("count")
        what = (f"the {role} list {quoted(str(named.get('name')))}"
                + (f" ({count:,} words)" if isinstance(count, int) else ""))
        if not given[role]:
            raise BadInput(f"the tree is for {what}, not {words.name} ({len(words):,} words): "
                           f"give its list with --{role} FILE")
        notes.append(f"the tree was made for {what}; checked here against {words.name} "
                     f"({len(words):,} words), as asked")
    return notes


def _claim_applies(game: Game, meta: dict) -> bool:
    """Whether the file's claimed total is about this replay: made on the same answers (by
    sha256) and rule. Why: SALET's tree checked against the NYT answers, as asked, replays to
    7,898; its file's 7,920 is about the original answers, and calling that a defect was a false
    verdict on a sound file. (Another mode or guess limit leaves a valid tree's total as it is.)"""
    game_block = _block(meta.get("game"))
    sha = _block(game_block.get("answers")).get("sha256")
    rule = game_block.get("rule")
    return sha in (None, game.answers.sha256) and rule in (None, game.describe()["rule"])


def _block(value: object) -> dict:
    """A block of the tree file that should be an object ({} when it is anything else: the
    weights are a note, never a reason to fail on a file that is otherwise sound)."""
    return value if isinstance(value, dict) else {}


def weight_notes(game: Game, meta: dict) -> list[str]:
    """Notes when the tree file was made with other weights than these (or none)."""
    named = _block(_block(meta.get("game")).get("weights"))
    name = quoted(str(named.get("name")))
    if game.weights is None:
        return [f"the tree was made for weights {name}; give --weights to see its "
                "expectation"] if named else []
    if named and named.get("sha256") != game.weights.sha256:
        return [f"the tree was made with other weights {name} (sha256 "
                f"{quoted(str(named.get('sha256'))[:16])}) than these ({game.weights.sha256[:16]})"]
    return []


def make_parser() -> Parser:
    """The command's options (the tree file, its game, what else to show)."""
    parser = Parser(prog="python -m optimal.verify", description=__doc__, epilog=EXAMPLES)
    parser.add_argument("tree", help="tree file: JSON (optimal-tree/1), Selby's line format, or a "
                                     "Dordle tree (<word>.dordle.json, gzipped or not)")
    add_game_arguments(parser, default_depth=None)
    add_weights_argument(parser)
    parser.add_argument("--play", metavar="WORD", help="also show the game the tree plays for WORD")
    parser.add_argument("--evil", action="store_true",
                        help="also show the game Evil Wordle forces (always the largest branch)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--normal", action="store_true",
                        help="check the tree in normal mode whatever mode its file names (a "
                             "hard-mode tree is a normal-mode tree too)")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run `python -m optimal.verify` on `argv`: replay the tree file against the game and return 0
    when it is valid and its claimed totals match the replay, 1 when not, 2 on bad input."""
    parser = make_parser()
    args = parser.parse_args(argv)
    if args.normal and (args.hard or args.ultra):
        parser.error("--normal cannot be given with --hard or --ultra")

    if is_dordle_file(args.tree):  # two boards: replayed on every pair of answers
        return run_cli(lambda: verify_dordle(args), parser.prog, writes=False)

    def body() -> int:
        tree_file = read_tree(args.tree, keep_defects=True)
        game, lists_differ = _game_for(args, tree_file.meta)
        result = verify(tree_file.tree, game)
        result.problems[:0] = tree_file.defects  # a reply named twice: the tree is not one tree
        played = play(tree_file.tree, game, args.play) if args.play else None
        counts = result.counts()
        notes = result.notes + lists_differ + weight_notes(game, tree_file.meta)
        stats_block = tree_file.meta.get("stats") or {}
        claimed = stats_block.get("total")
        if claimed is not None and not _claim_applies(game, tree_file.meta):
            notes.append(f"the file's total {claimed} is for the answers it was made for: not "
                         "compared with this replay's")
            claimed = None
        wrong_claim = (f"the file claims total {claimed}, replay gives {int(counts.sum())}"
                       if result.ok and claimed is not None and claimed != int(counts.sum()) else None)
        weighted_block = _block(_block(stats_block).get("weighted"))
        claimed_weighted = weighted_block.get("weighted_total")
        if (result.ok and game.weights is not None and claimed_weighted is not None
                and weighted_block.get("sha256") == game.weights.sha256):
            replayed = game.weights.weighted_total(check_counts(result, game))
            if replayed != claimed_weighted:
                wrong_claim = (f"the file claims weighted total {claimed_weighted}, replay gives "
                               f"{replayed}")
        if args.json:
            problems = result.problems + ([wrong_claim] if wrong_claim else [])
            out = {"valid": not problems, "problems": problems, "notes": notes,
                   "game": game.describe()}
            if played is not None:
                out["play"] = played
            if args.evil and result.ok:
                out["evil"] = evil_text(evil_game(tree_file.tree, game), game)
            if counts.size:
                out["stats"] = summarize(counts).as_dict()
                if game.weights is not None and result.ok:
                    out["stats"]["weighted"] = weighted_stats(check_counts(result, game),
                                                              game.weights, game.max_guesses)
            print(json.dumps(out, indent=1))
            return 0 if not problems else 1
        label = (f"{args.tree}: {len(game.answers):,} answers ({game.answers.name}), "
                 f"{len(game.guesses):,} guesses ({game.guesses.name}), {game.mode_name}, "
                 f"at most {game.max_guesses} guesses")
        print(label)
        for note in notes:
            print(f"note: {note}")
        if played is not None:  # under the game it is played in (it came before the header)
            print("\n".join(played))
        if not result.ok:
            return print_defects(result.problems,
                                 f"{len(result.problems)} of {len(game.answers)} answers fail")
        stats = summarize(counts)
        if wrong_claim:  # said first: "VALID" above a defect read as a pass
            print(f"DEFECT: {wrong_claim}")
        verdict = "VALID TREE, WRONG CLAIM" if wrong_claim else "VALID"
        print(f"{verdict}: first guess {tree_file.tree.guess.upper()}, total {stats.total}, "
              f"mean {stats.mean:.4f}, worst {stats.worst}")
        if claimed is not None and not wrong_claim:
            print(claim_line(claimed, stats_block.get("status")))
        if args.evil:
            print(f"Evil Wordle: {evil_text(evil_game(tree_file.tree, game), game)}")
        if game.weights is not None:
            print(weighted_line(check_counts(result, game), game.weights, game.max_guesses))
        print(report_line(counts))
        print(histogram_text(counts))
        return 1 if wrong_claim else 0

    return run_cli(body, parser.prog, writes=False)


def print_defects(problems: list[str], verdict: str) -> int:
    """The first ten defects and the INVALID line (the exit code of a defective tree, 1)."""
    for problem in problems[:10]:
        print(f"DEFECT: {problem}")
    if len(problems) > 10:
        print(f"... and {len(problems) - 10} more defects")
    print(f"INVALID: {verdict}")
    return 1


def is_dordle_file(path: str) -> bool:
    """Whether `path` is a Dordle tree (`<word>.dordle.json`, gzipped past 100,000 games, as the
    search writes them): by its name, or by the gzip mark no single-board tree file has."""
    return path.endswith((".dordle.json", ".dordle.json.gz")) or bool(_gzipped(path))


def _gzipped(path: str) -> bool | None:
    """Whether a regular file starts with the gzip mark; None for anything else (a FIFO or a device
    is never opened here: a FIFO blocks; the readers refuse them, and a missing file, in one line)."""
    try:
        if not Path(path).is_file():
            return None
        with open(path, "rb") as handle:
            return handle.read(2) == b"\x1f\x8b"
    except OSError:
        return None


def verify_dordle(args) -> int:
    """A Dordle tree file replayed on every ordered pair of different answers of the game it was
    made on (its lists loaded by name and checked by sha256, or the lists given), with the plain
    rule; the total it states compared with the replay's. Exit codes as for one board."""
    extra = [flag for flag, on in (("--play", args.play), ("--evil", args.evil),
                                   ("--weights", args.weights), ("--hard", args.hard),
                                   ("--ultra", args.ultra), ("--json", args.json)) if on]
    if extra:
        raise BadInput(f"{args.tree} is a Dordle tree, checked on every pair of answers as it "
                       f"is: drop {', '.join(extra)}")
    _refuse_too_big(args.tree)
    tree, document = dordle.read_json(args.tree)
    game = _dordle_game(args, document.get("game") or {})
    result = dordle.verify(tree, game)
    print(f"{args.tree}: Dordle, {len(game.answers):,} answers ({game.answers.name}), "
          f"{len(game.guesses):,} guesses ({game.guesses.name}), at most {game.max_guesses} "
          f"guesses; {dordle.game_count(len(game.answers)):,} games (ordered pairs of different "
          "answers)")
    if not result.ok:
        return print_defects(result.problems, plural(len(result.problems), "problem"))
    stats, block = summarize(result.counts), document.get("stats") or {}
    claimed = block.get("total")
    if claimed is not None and claimed != stats.total:
        print(f"DEFECT: the file claims total {claimed}, replay gives {stats.total}")
    verdict = "VALID TREE, WRONG CLAIM" if claimed not in (None, stats.total) else "VALID"
    print(f"{verdict}: first guess {tree.guess.upper()}, total {stats.total:,}, mean "
          f"{stats.mean:.4f}, worst {stats.worst}")
    if verdict == "VALID" and claimed is not None:
        print(f"the file states total {claimed} (the replay agrees)" + (
            " and calls it proven optimal: that claim is the search's, not checked here"
            if block.get("proven_optimal") else ""))
    print(report_line(result.counts))
    return 0 if verdict == "VALID" else 1


# Bytes of memory a byte of a Dordle tree file takes once read: measured 233-280 for gzipped files
# (the full lists' 26.5 MB tree took 6.2 GB), about 19 for plain JSON (2.5 MB: 47 MB; such a file
# is about ten times its gzipped size), each with some room.
GZ_TREE_BYTES_IN_MEMORY = 300
JSON_TREE_BYTES_IN_MEMORY = 30


def _refuse_too_big(path: str) -> None:
    """Refuse, before reading it, a Dordle tree whose nodes would not fit in this machine's memory
    (they are all read at once: a node per state, millions on the full lists)."""
    gzipped = _gzipped(path)
    if gzipped is None:
        return  # read_json says why, in one line
    size = Path(path).stat().st_size
    need = size * (GZ_TREE_BYTES_IN_MEMORY if gzipped else JSON_TREE_BYTES_IN_MEMORY)
    if need > memory_bytes():
        raise BadInput(f"{path}: a Dordle tree of {size / MB:,.1f} MB takes about "
                       f"{need / 2**30:,.1f} GB of memory to check, more than this machine's "
                       f"{memory_bytes() / 2**30:,.1f} GB")


def _dordle_game(args, block: dict) -> Game:
    """The lists given, else the ones the file names (bundled lists or samples of them), which
    must be the lists it was made on (sha256); its guess limit unless --max-depth says another."""
    limit = args.max_depth or block.get("max_guesses") or dordle.dordle_limit()
    if args.lists or args.answers or args.guesses:
        return game_from_args(args, default_lists="original").with_limits(max_guesses=limit)
    answers, guesses = load_lists(answers=_list_name(block, "answers"),
                                  guesses=_list_name(block, "guesses"))
    for key, words in (("answers", answers), ("guesses", guesses)):
        if _block(block.get(key)).get("sha256") not in (None, words.sha256):
            raise BadInput(f"{args.tree}: its {key} {words.name} are not the list of that name "
                           "here; give the lists it was made on with --answers and --guesses")
    return Game(answers, guesses, max_guesses=limit)


def claim_line(claimed: int, status: object) -> str:
    """What the file claims beyond the tree, said as the search's word: the total the replay
    confirmed and the status (proven, or a beam's upper bound), which the verifier does not check;
    so a beam's tree and a proven one do not read alike."""
    said = isinstance(status, str) and status
    optimum = said and ("optimal" in status or "proven" in status)  # not a greedy tree's name
    return (f"the file states total {claimed} (the replay agrees)"
            + (f" and calls it {quoted(status)}: that claim is the search's, not checked here"
               if said else "")
            + (" (`python -m optimal.check CERT TREE` certifies an optimum)" if optimum else ""))


def check_counts(result, game: Game):
    """The guesses per answer in the answer list's order (what weights are indexed by)."""
    return np.array([result.guesses[w] for w in game.answers.words], dtype=np.int64)


if __name__ == "__main__":
    sys.exit(main())
