"""The bad-input corpus: command lines a careless or hostile user might type, with what each must
give: its exit code (2 bad input, 1 no tree within the limits) and a fragment of the one line on
stderr. `tests/test_bad_input.py` runs every case and also checks that nothing else is printed on
stderr, that there is no traceback, and that no file is written or changed.

Placeholders in arguments: {A} / {G} a small answer / guess list (60 real answers, 74 guesses),
{T} a valid tree file, {F:name} a crafted file of `FILES`, {OUT} a results folder (not there yet),
{FILE} an existing regular file, {DIR} an existing folder, {HUGE} a list of 40,000 words (with
`memory_gb`, the machine is taken to have that much memory), {LONG} a 2 MB word.
"""

from __future__ import annotations

import json
from dataclasses import dataclass


@dataclass(frozen=True)
class Case:
    id: str
    command: str  # search, verify, compare, absurdle, antiwordle, pangrams, assist, greedy, web, check
    argv: tuple[str, ...]
    code: int = 2
    message: str = ""  # a fragment the stderr line must contain
    memory_gb: float | None = None


def case(id: str, command: str, argv: str | list[str], code: int = 2, message: str = "",
         memory_gb: float | None = None) -> Case:
    return Case(id, command, tuple(argv.split() if isinstance(argv, str) else argv), code,
                message, memory_gb)


S = "--answers {A} --guesses {G} --out {OUT} --quiet "  # a search on the small lists
L = "--answers {A} --guesses {G} "  # the small lists for other commands

CASES = [
    # ------------------------------------------------------------ search: numbers out of range
    case("search-depth-huge", "search", S + "--first trace --max-depth 100000000", 2, "--max-depth"),
    case("search-depth-zero", "search", S + "--first trace --max-depth 0", 2, "--max-depth"),
    case("search-depth-negative", "search", S + "--first trace --max-depth -1", 2, "--max-depth"),
    case("search-depth-text", "search", S + "--first trace --max-depth six", 2, "--max-depth"),
    case("search-cache-huge", "search", S + "--first trace --cache-mb 1000000000000", 2, "--cache-mb"),
    case("search-cache-inf", "search", S + "--first trace --cache-mb inf", 2, "--cache-mb"),
    case("search-cache-nan", "search", S + "--first trace --cache-mb nan", 2, "--cache-mb"),
    case("search-cache-negative", "search", S + "--first trace --cache-mb -1", 2, "--cache-mb"),
    case("search-cache-zero", "search", S + "--first trace --cache-mb 0", 2, "--cache-mb"),
    case("search-beam-huge", "search", S + "--top 3 --beam 99999999999999999999", 2, "--beam"),
    case("search-beam-negative", "search", S + "--top 3 --beam -3", 2, "--beam"),
    case("search-jobs-zero", "search", S + "--first trace --jobs 0", 2, "--jobs"),
    case("search-jobs-negative", "search", S + "--first trace --jobs -5", 2, "--jobs"),
    case("search-top-zero", "search", S + "--top 0", 2, "--top"),
    case("search-top-negative", "search", S + "--top -1", 2, "--top"),
    case("search-shortfall-negative", "search", S + "--objective worst --top 2 --shortfall -1", 2,
         "--shortfall"),
    # ------------------------------------------------------------ search: empty values
    case("search-from-empty", "search", S.split() + ["--from", ""], 2, "empty"),
    case("search-answers-empty", "search", ["--answers", "", "--first", "trace", "--quiet"], 2, "empty"),
    case("search-guesses-empty", "search", ["--guesses", "", "--first", "trace", "--quiet"], 2, "empty"),
    case("search-first-empty", "search", S.split() + ["--first", ""], 2, "empty"),
    case("search-first-blank", "search", S.split() + ["--first", "   "], 2, "empty"),
    case("search-first-commas", "search", S + "--first ,,", 2, "no word"),
    case("search-out-empty", "search", ["--answers", "{A}", "--first", "trace", "--out", ""], 2, "empty"),
    case("search-scheduler-empty", "search", S.split() + ["--first", "trace", "--scheduler", ""], 2,
         "empty"),
    # ------------------------------------------------------------ search: options that do not fit
    case("search-scheduler-scheme", "search", S + "--first trace --backend dask --scheduler foo://bar",
         2, "--scheduler"),
    case("search-scheduler-words", "search", S.split() + ["--first", "trace", "--backend", "dask",
                                                          "--scheduler", "not an address"], 2,
         "--scheduler"),
    case("search-scheduler-inproc", "search", S + "--first trace --backend dask --scheduler inproc://x",
         2, "--scheduler"),
    case("search-scheduler-port", "search", S + "--first trace --backend dask --scheduler tcp://h:99999",
         2, "--scheduler"),
    case("search-scheduler-without-dask", "search", S + "--first trace --scheduler tcp://127.0.0.1:8786",
         2, "--backend dask"),
    case("search-dask-without-scheduler", "search", S + "--first trace --backend dask", 2, "--scheduler"),
    case("search-backend-multiprocessing", "search", S + "--first trace --backend multiprocessing", 2,
         "--backend"),
    case("search-worst-from", "search", S + "--objective worst --from trace.BBBBB", 2, "--from"),
    case("search-worst-beam", "search", S + "--objective worst --top 2 --beam 3", 2, "--beam"),
    case("search-worst-depth-1", "search", S + "--objective worst --top 2 --max-depth 1", 2,
         "--max-depth"),
    case("search-shortfall-total", "search", S + "--top 2 --shortfall 3", 2, "--shortfall"),
    case("search-shortfall-all", "search", S + "--objective worst --all --shortfall 3", 2, "--shortfall"),
    case("search-prove-without-beam", "search", S + "--top 2 --prove", 2, "--prove"),
    case("search-restart-without-all", "search", S + "--first trace --restart", 2, "--restart"),
    case("search-budget-nan", "search", S + "--rank exact --top 2 --budget nan", 2, "--budget"),
    case("search-budget-negative", "search", S + "--rank exact --top 2 --budget -1", 2, "--budget"),
    case("search-budget-inf", "search", S + "--rank exact --top 2 --budget inf", 2, "--budget"),
    case("search-rank-exact-beam", "search", S + "--rank exact --top 2 --beam 3", 2, "--rank exact"),
    case("search-restart-no-write", "search", S + "--all --restart --no-write", 2, "--restart"),
    case("search-all-and-first", "search", S + "--all --first trace", 2, "not allowed"),
    case("search-unknown-lists", "search", "--lists bogus --first trace --quiet", 2, "--lists"),
    case("search-hard-jotto", "search", "--game jotto --hard --first trace --quiet --no-write", 2,
         "hard mode"),
    # ------------------------------------------------------------ search: words and histories
    case("search-first-unknown", "search", S + "--first zzzzz", 2, "not in the guess list"),
    case("search-first-long", "search", S.split() + ["--first", "{LONG}"], 2, "characters"),
    case("search-from-won", "search", S + "--from cigar.GGGGG", 2, "already won"),
    case("search-from-after-won", "search", S + "--from cigar.GGGGG.trace.BBBBB", 2, "already found"),
    case("search-from-impossible", "search", S + "--from trace.GGGGY", 2, "impossible"),
    case("search-from-word-only", "search", S + "--from trace", 2, "pairs"),
    case("search-from-odd", "search", S + "--from trace.BBBBB.crane", 2, "pairs"),
    case("search-from-long-reply", "search", S + "--from trace.BBBBBB", 2, "more than 5 marks"),
    case("search-from-short-reply", "search", S + "--from trace.BBY", 2, "3 marks"),
    case("search-from-unknown-word", "search", S + "--from zzzzz.BBBBB", 2, "not in the guess list"),
    case("search-from-no-answer", "search", S + "--from trace.GGGGB", 2, "no answer fits"),
    case("search-from-separators", "search", S + "--from ,;.", 2, "pairs"),
    case("search-from-2mb", "search", S.split() + ["--from", "{LONG}.BBBBB"], 2, "characters"),
    case("search-certificate-weights", "search", S + "--first trace --weights freq --certificate {OUT}/c.gz",
         2, "unweighted"),
    case("search-unknown-first-full-lists", "search", "--first zzzzz --no-write --quiet", 2,
         "not in the guess list"),
    case("search-max-depth-1", "search", S + "--first trace --max-depth 1", 1, "1 guess"),
    case("search-top-depth-2", "search", S + "--top 5 --max-depth 2", 1, "no first guess can"),
    case("search-worst-all-depth-2", "search", S + "--objective worst --all --max-depth 2", 1,
         "no first guess can"),
    # ------------------------------------------------------------ search: lists and folders
    case("search-answers-missing", "search", "--answers /nonexistent/words.txt --first trace --quiet",
         2, "no word list"),
    case("search-answers-folder", "search", "--answers {DIR} --first trace --quiet", 2, "no word list"),
    case("search-answers-binary", "search", "--answers {F:binary.bin} --first trace --quiet", 2,
         "cannot read"),
    case("search-answers-mixed", "search", "--answers {F:mixed.txt} --first trace --quiet", 2,
         "mixed lengths"),
    case("search-answers-nul", "search", ["--answers", "a\x00b", "--first", "trace", "--quiet"], 2,
         "NUL character"),
    case("search-huge-list", "search", "--answers {HUGE} --first trace --quiet --no-write", 2,
         "memory", memory_gb=1),
    case("search-out-proc", "search", "--answers {A} --guesses {G} --quiet --first trace --out /proc/x",
         2, "cannot write"),
    case("search-out-file", "search", "--answers {A} --guesses {G} --quiet --first trace --out {FILE}",
         2, "cannot write"),
    case("search-out-dev-null", "search", "--answers {A} --guesses {G} --quiet --all --out /dev/null/r",
         2, "cannot write"),
    # ------------------------------------------------------------ verify
    case("verify-missing", "verify", "/nonexistent/tree.json", 2, "cannot read"),
    case("verify-empty-path", "verify", [""], 2, "empty"),
    case("verify-folder", "verify", "{DIR}", 2, "cannot read"),
    case("verify-game-list", "verify", "{F:game-list.json}", 2, "'game' block must be an object"),
    case("verify-answers-text", "verify", "{F:answers-text.json}", 2, "game.answers"),
    case("verify-answers-name-number", "verify", "{F:answers-name-number.json}", 2, "game.answers"),
    case("verify-stats-list", "verify", "{F:stats-list.json}", 2, "'stats' must be an object"),
    case("verify-rule-list", "verify", "{F:rule-list.json}", 2, "unknown game"),
    case("verify-max-guesses-text", "verify", "{F:max-guesses-text.json}", 2, "game.max_guesses"),
    case("verify-mode-easy", "verify", "{F:mode-easy.json}", 2, "game.mode"),
    case("verify-length-text", "verify", "{F:length-text.json}", 2, "'length' must be a word length"),
    case("verify-total-text", "verify", "{F:total-text.json}", 2, "stats.total"),
    case("verify-total-bool", "verify", "{F:total-bool.json}", 2, "stats.total"),
    case("verify-format-other", "verify", "{F:format-other.json}", 2, "format"),
    case("verify-nested-900", "verify", "{F:nested-900.json}", 2, "nested"),
    case("verify-nested-100000", "verify", "{F:nested-100000.json}", 2, "nested"),
    case("verify-top-list", "verify", "{F:top-list.json}", 2, "not a tree file"),
    case("verify-key-twice", "verify", "{F:key-twice.json}", 2, "appears twice"),
    case("verify-no-guess", "verify", "{F:no-guess.json}", 2, "'guess'"),
    case("verify-branches-list", "verify", "{F:branches-list.json}", 2, "branches"),
    case("verify-bad-reply", "verify", "{F:bad-reply.json}", 2, "unknown mark"),
    case("verify-guess-2mb", "verify", "{F:guess-2mb.json}", 2, "characters"),
    case("verify-not-json", "verify", "{F:not-json.json}", 2, "not valid JSON"),
    case("verify-binary", "verify", "{F:binary.bin}", 2, "cannot read"),
    case("verify-selby-indent", "verify", "{F:selby-indent.txt}", 2, "indentation"),
    case("verify-play-empty", "verify", ["{T}", *L.split(), "--play", ""], 2, "empty"),
    case("verify-play-unknown", "verify", "{T} " + L + "--play zzzzz", 2, "not in the answer list"),
    case("verify-depth-zero", "verify", "{T} " + L + "--max-depth 0", 2, "--max-depth"),
    # ------------------------------------------------------------ compare
    case("compare-jobs-zero", "compare", L + "--jobs 0 --out {OUT}", 2, "--jobs"),
    case("compare-jobs-negative", "compare", L + "--jobs -5 --out {OUT}", 2, "--jobs"),
    case("compare-beams-zero", "compare", L + "--beams 0 --out {OUT}", 2, "--beams"),
    case("compare-beams-huge", "compare", L + "--beams 99999999999999999999 --out {OUT}", 2, "--beams"),
    case("compare-beams-empty", "compare", L.split() + ["--beams", ""], 2, "empty"),
    case("compare-beams-text", "compare", L + "--beams a,b", 2, "--beams"),
    case("compare-first-unknown", "compare", L + "--first zzzzz --out {OUT}", 2, "not in the guess list"),
    case("compare-first-empty", "compare", L.split() + ["--first", ""], 2, "empty"),
    case("compare-out-file", "compare", L + "--first trace --out {FILE}", 2, "cannot write"),
    case("compare-depth-huge", "compare", L + "--max-depth 100000000", 2, "--max-depth"),
    # ------------------------------------------------------------ absurdle
    case("absurdle-play-commas", "absurdle", L + "--play ,", 2, "no word"),
    case("absurdle-play-empty", "absurdle", L.split() + ["--play", ""], 2, "empty"),
    case("absurdle-play-unknown", "absurdle", L + "--play zzzzz", 2, "not in the guess list"),
    case("absurdle-most-huge", "absurdle", L + "--most 100000000", 2, "--most"),
    case("absurdle-most-17", "absurdle", L + "--most 17", 2, "--most"),
    case("absurdle-count-zero", "absurdle", L + "--count 0", 2, "--count"),
    case("absurdle-count-huge", "absurdle", L + "--count 100000000", 2, "--count"),
    case("absurdle-target-unknown", "absurdle", L + "--target zzzzz", 2, "not in the answer list"),
    case("absurdle-target-empty", "absurdle", L.split() + ["--target", ""], 2, "empty"),
    case("absurdle-hard", "absurdle", L + "--hard", 2, "normal mode"),
    case("absurdle-pool", "absurdle", L + "--pool bogus", 2, "--pool"),
    # ------------------------------------------------------------ antiwordle
    case("antiwordle-beams-huge", "antiwordle", L + "--beams 99999999999999999999", 2, "--beams"),
    case("antiwordle-beams-negative", "antiwordle", L + "--beams -1", 2, "--beams"),
    case("antiwordle-beams-empty", "antiwordle", L.split() + ["--beams", ""], 2, "empty"),
    case("antiwordle-hard", "antiwordle", L + "--hard", 2, "hard"),
    case("antiwordle-depth-zero", "antiwordle", L + "--max-depth 0", 2, "--max-depth"),
    # ------------------------------------------------------------ pangrams
    case("pangrams-empty-list", "pangrams", [""], 2, "empty"),
    case("pangrams-missing-list", "pangrams", "/nonexistent/words.txt", 2, "no word list"),
    case("pangrams-four-letters", "pangrams", "{F:four.txt}", 2, "five-letter"),
    case("pangrams-limit-negative", "pangrams", "{A} --limit -1", 2, "--limit"),
    case("pangrams-out-empty", "pangrams", ["{A}", "--out", ""], 2, "empty"),
    case("pangrams-out-folder", "pangrams", "{A} --out {DIR}", 2, "folder"),
    case("pangrams-out-slash", "pangrams", "{A} --out {OUT}/", 2, "folder"),
    case("pangrams-out-proc", "pangrams", "{A} --out /proc/x/y.txt", 2, "cannot write"),
    case("pangrams-solver", "pangrams", "{A} --solver bogus", 2, "--solver"),
    # ------------------------------------------------------------ assist
    case("assist-unknown-word", "assist", L + "--history zzzzz=BBBBB", 2, "not in the guess list"),
    case("assist-impossible-reply", "assist", L + "--history trace=GGGGY", 2, "impossible"),
    case("assist-boards-zero", "assist", L + "--boards 0", 2, "--boards"),
    case("assist-boards-huge", "assist", L + "--boards 100", 2, "--boards"),
    case("assist-depth-huge", "assist", L + "--max-depth 100000000 --history trace=BBBBB", 2,
         "--max-depth"),
    case("assist-answer-commas", "assist", L + "--answer ,", 2, "no word"),
    case("assist-answer-empty", "assist", L.split() + ["--answer", ""], 2, "empty"),
    case("assist-answer-unknown", "assist", L + "--answer zzzzz", 2, "not in the answer list"),
    case("assist-history-2mb", "assist", L.split() + ["--history", "{LONG}=BBBBB"], 2, "characters"),
    case("assist-reply-2mb", "assist", L.split() + ["--history", "trace={LONG}"], 2, "characters"),
    case("assist-optimal-max-negative", "assist", L + "--optimal-max -1", 2, "--optimal-max"),
    case("assist-absurdle-boards", "assist", L + "--absurdle --boards 2", 2, "--absurdle"),
    case("assist-two-replies", "assist", L + "--history trace=BBBBB/GYBBB", 2, "one reply"),
    # the one history syntax (optimal.game.split_history): --from's spellings fail alike here
    case("assist-dotted-impossible", "assist", L + "--history trace.GGGGY", 2, "impossible"),
    case("assist-dotted-long-reply", "assist", L + "--history trace.BBBBBB", 2, "more than 5 marks"),
    case("assist-dotted-short-reply", "assist", L + "--history trace.BBY", 2, "3 marks"),
    case("assist-dotted-unknown-word", "assist", L + "--history zzzzz.BBBBB", 2, "not in the guess list"),
    case("assist-dotted-no-answer", "assist", L + "--history trace.GGGGB", 2, "no answer"),
    # ------------------------------------------------------------ greedy
    case("greedy-second-empty", "greedy", L.split() + ["--second-guesses", ""], 2, "empty"),
    case("greedy-second-unknown", "greedy", L + "--second-guesses zzzzz", 2, "not in the guess list"),
    case("greedy-out-folder", "greedy", L + "--out {DIR}", 2, "folder"),
    case("greedy-out-slash", "greedy", L + "--out {OUT}/", 2, "folder"),
    case("greedy-out-proc", "greedy", L + "--out /proc/x/tree.json", 2, "cannot write"),
    case("greedy-seeds-huge", "greedy", L + "--baseline random --seeds 99999999999999999999", 2,
         "--seeds"),
    case("greedy-seeds-zero", "greedy", L + "--baseline random --seeds 0", 2, "--seeds"),
    case("greedy-seed-negative", "greedy", L + "--baseline random --seed -1", 2, "--seed"),
    case("greedy-first-guesses-zero", "greedy", L + "--first-guesses 0", 2, "--first-guesses"),
    case("greedy-first-unknown", "greedy", L + "--first zzzzz", 2, "not in the guess list"),
    case("greedy-first-empty", "greedy", L.split() + ["--first", ""], 2, "empty"),
    case("greedy-candidates-commas", "greedy", L + "--candidates ,", 2, "no word"),
    case("greedy-candidates-unknown", "greedy", L + "--candidates zzzzz", 2, "not in the answer list"),
    case("greedy-metric", "greedy", L + "--metric bogus", 2, "--metric"),
    case("greedy-depth-huge", "greedy", L + "--max-guesses 100000000", 2, "--max-guesses"),
    case("greedy-jotto-selby", "greedy", "--game jotto --lists norvig --out {OUT}.txt", 2, "Selby"),
    # ------------------------------------------------------------ --weights (answer priors)
    case("weights-missing-file", "search", S + "--first trace --weights /nonexistent/prior.txt", 2,
         "no such file"),
    case("weights-empty", "search", S.split() + ["--first", "trace", "--weights", ""], 2, "empty"),
    case("weights-blank", "search", S.split() + ["--first", "trace", "--weights", "  "], 2,
         "needs a value"),
    case("weights-folder", "search", S + "--first trace --weights {DIR}", 2, "no such file"),
    case("weights-name-2mb", "search", S.split() + ["--first", "trace", "--weights", "{LONG}"], 2,
         "characters"),
    case("weights-binary", "search", S + "--first trace --weights {F:binary.bin}", 2,
         "cannot read weights"),
    case("weights-not-a-number", "search", S + "--first trace --weights {F:w-text.txt}", 2,
         "is not a number"),
    case("weights-negative", "verify", "{T} " + L + "--weights {F:w-negative.txt}", 2,
         "positive number"),
    case("weights-zero", "compare", L + "--no-write --weights {F:w-zero.txt}", 2, "positive number"),
    case("weights-nan", "greedy", L + "--weights {F:w-nan.txt}", 2, "positive number"),
    case("weights-inf", "assist", L + "--weights {F:w-inf.txt} --history trace=BBBBB", 2,
         "positive number"),
    case("weights-three-fields", "search", S + "--first trace --weights {F:w-three.txt}", 2,
         "expected 'word weight'"),
    case("weights-twice", "greedy", L + "--weights {F:w-twice.txt}", 2, "listed twice"),
    case("weights-answers-missing", "search", S + "--first trace --weights {F:w-one.txt}", 2,
         "have no weight"),
    case("weights-worst", "search", S + "--objective worst --first trace --weights {F:w-one.txt}",
         2, "--weights goes with the total objective"),
    case("weights-absurdle", "assist", L + "--absurdle --weights {F:w-one.txt} --history trace", 2,
         "--weights"),
    case("weights-freq-worst", "search", S + "--objective worst --top 2 --weights freq", 2,
         "--weights goes with the total objective"),
    case("weights-front", "search", S + "--front 5 --top 2 --weights {F:w-one.txt}", 2,
         "unweighted games"),
    case("weights-tie-break", "search", S + "--first trace --tie-break worst --weights {F:w-one.txt}",
         2, "unweighted games"),
    case("search-certificate-front", "search", S + "--front 5 --top 2 --certificate {OUT}/c.gz", 2,
         "not --front"),
    # ------------------------------------------------------------ web (fails before serving)
    case("web-port", "web", L + "--port 70000", 2, "--port"),
    case("web-budget-nan", "web", L + "--budget nan", 2, "--budget"),
    case("web-queue-negative", "web", L + "--queue -1", 2, "--queue"),
    case("web-trees-missing", "web", L + "--trees /nonexistent/trees", 2, "--trees"),
    case("web-answers-empty", "web", ["--answers", ""], 2, "empty"),
    # ------------------------------------------------------------ check (its own argument parser)
    case("check-missing-file", "check", "/nonexistent/x.cert.gz", 2, "cannot read"),
    case("check-not-a-certificate", "check", "{A}", 2, "cannot read"),
    case("check-jobs-zero", "check", "/nonexistent/x.cert.gz --jobs 0", 2, "--jobs"),
    case("check-jobs-word", "check", "/nonexistent/x.cert.gz --jobs two", 2, "--jobs"),
    case("check-no-certificate", "check", "", 2, "certificate"),
    case("check-unknown-option", "check", "x.cert.gz --fast", 2, "--fast"),
]


def files(tree_document: dict) -> dict[str, bytes]:
    """The crafted files, from a valid tree document (its game block names the small lists)."""
    def doc(**changes) -> bytes:
        d = json.loads(json.dumps(tree_document))
        for path, value in changes.items():
            target = d
            keys = path.split("__")
            for key in keys[:-1]:
                target = target[key]
            target[keys[-1]] = value
        return json.dumps(d).encode()

    def nested(levels: int) -> bytes:
        return ('{"tree": ' + '{"guess": "cigar", "branches": {"BBBBB": ' * levels + '{"guess": "cigar"}'
                + "}}" * levels + "}").encode()

    return {
        "game-list.json": doc(game=[1]),
        "answers-text.json": doc(game__answers="x"),
        "answers-name-number.json": doc(game__answers={"name": 5}),
        "stats-list.json": doc(stats=[1]),
        "rule-list.json": doc(game__rule=[]),
        "max-guesses-text.json": doc(game__max_guesses="6"),
        "mode-easy.json": doc(game__mode="easy"),
        "length-text.json": doc(game__length="5"),
        "total-text.json": doc(stats__total="7920"),
        "total-bool.json": doc(stats__total=True),
        "format-other.json": doc(format="other/9"),
        "nested-900.json": nested(900),
        "nested-100000.json": nested(100000),
        "top-list.json": b"[]",
        "key-twice.json": b'{"tree": {"guess": "cigar"}, "tree": {"guess": "trace"}}',
        "no-guess.json": b'{"tree": {"branches": {}}}',
        "branches-list.json": b'{"tree": {"guess": "cigar", "branches": [1]}}',
        "bad-reply.json": b'{"tree": {"guess": "cigar", "branches": {"QQQQQ": {"guess": "trace"}}}}',
        "guess-2mb.json": b'{"tree": {"guess": "' + b"x" * 2_000_000 + b'"}}',
        "not-json.json": b'{"tree": {"guess": ',
        "binary.bin": bytes(range(256)) * 8,
        "selby-indent.txt": b"salet BBBBB1 courd GGGGG2\n                    BBBBY2 nymph GGGGG3\n",
        "mixed.txt": b"cigar\nrebut\nabc\n",
        "four.txt": b"abcd\nefgh\n",
        "w-text.txt": b"# weights\ncigar heavy\n",
        "w-negative.txt": b"cigar -1\n",
        "w-zero.txt": b"cigar 0\n",
        "w-nan.txt": b"cigar nan\n",
        "w-inf.txt": b"cigar 1e400\n",
        "w-three.txt": b"cigar 1 2\n",
        "w-twice.txt": b"cigar 1\nCIGAR 2\n",
        "w-one.txt": b"cigar 1\n",
    }
