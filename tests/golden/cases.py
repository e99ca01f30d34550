"""The golden cases: one command line each, for every entry point and the README's "What it does"
table, on small lists so that each runs in about a second once the kernels are compiled.

Each case is a dict:

- name: the expected file is expected/<name>.json
- module: run as `python -m <module>` from the repository root
- args: its arguments; "{OUT}" stands for a fresh temporary directory (written files are recorded
  relative to it, and its path is printed as <OUT>)
- setup (optional): [(module, args), ...] run first in the same {OUT} (must exit 0; their output is
  not recorded, nor are the files they wrote unless the case's command rewrites them)
- stdin (optional): text fed to the command (default: no input, i.e. end of file at once)
- slow (optional): marked @pytest.mark.slow in tests/test_golden.py

The lists in lists/ were cut from the bundled ones, deterministically:

- answers116.txt: every 20th word of answers-2315.txt (116 answers)
- guesses224.txt: those 116, every 130th word of guesses-12972.txt from the 8th on (100 more), and
  SALET CRANE TRACE SLATE ROATE PALET CRONY CLINT (224 guesses)
- answers39.txt: every 60th answer from the 4th on (39 words; used as answers and guesses)
- tiny16.txt: every 150th answer from the 6th on (16 words; Antiwordle, exact)
- suffix68.txt: the 68 answers ending in ight/atch/ound/aste/ower/ill/ake/ash (a list no first
  word can finish within 4 guesses: the worst-case objective and --shortfall)
- pangram-words.txt: every 60th word of guesses-12972.txt from the 12th on, plus FJORD GUCKS NYMPH
  VIBEX WALTZ CHUNK GYMPS BEMIX CLUNK GRYPT VOZHD WAQFS BRUNG CYLIX KEMPT XYLIC (four letter-set
  solutions, five word solutions: CYLIX/XYLIC are anagrams)
"""

from __future__ import annotations

LISTS = "tests/golden/lists"
A116 = f"{LISTS}/answers116.txt"
G224 = f"{LISTS}/guesses224.txt"
A39 = f"{LISTS}/answers39.txt"
TINY = f"{LISTS}/tiny16.txt"
SUFFIX = f"{LISTS}/suffix68.txt"
PANGRAM = f"{LISTS}/pangram-words.txt"

SMALL = ["--answers", A116, "--guesses", G224]
RUN = "{OUT}/answers116-guesses224-normal-d6"  # where search writes for SMALL, normal mode, 6
JOTTO_RUN = "{OUT}/jotto-jotto-answers116-jotto-answers116-normal-d8"

WRITE_SALET = ("optimal.search", SMALL + ["--first", "salet", "--jobs", "1", "--out", "{OUT}"])
WRITE_JOTTO = ("optimal.search", ["--game", "jotto", "--answers", A116, "--max-depth", "8",
                                  "--first", "clash", "--jobs", "1", "--out", "{OUT}"])

CASES: list[dict] = [
    # ---- optimal.search: first words, exact and beam
    dict(name="search-first-salet", module="optimal.search",
         args=SMALL + ["--first", "salet", "--jobs", "1", "--out", "{OUT}"]),
    dict(name="search-first-several", module="optimal.search",
         args=SMALL + ["--first", "salet,crane,trace,slate", "--jobs", "1", "--no-write"]),
    dict(name="search-top", module="optimal.search",
         args=SMALL + ["--top", "20", "--jobs", "1", "--out", "{OUT}"]),
    dict(name="search-top-beam", module="optimal.search",
         args=SMALL + ["--top", "10", "--beam", "3", "--jobs", "1", "--no-write"]),
    dict(name="search-top-beam-prove", module="optimal.search",
         args=SMALL + ["--top", "8", "--beam", "5", "--prove", "--jobs", "1", "--out", "{OUT}"]),
    dict(name="search-all", module="optimal.search",
         args=["--answers", A39, "--all", "--jobs", "1", "--quiet", "--out", "{OUT}"]),
    # ---- optimal.search: Dordle (two boards)
    dict(name="search-dordle", module="optimal.search",
         args=["--answers", TINY, "--boards", "2", "--quiet", "--out", "{OUT}"]),
    dict(name="search-dordle-beam-no-budget", module="optimal.search",
         args=SMALL + ["--boards", "2", "--beam", "1", "--top", "2", "--budget", "0", "--quiet",
                       "--no-write"]),
    dict(name="search-dordle-error-hard", module="optimal.search",
         args=["--answers", A39, "--boards", "2", "--hard", "--no-write"]),
    # ---- optimal.search: mid-game states
    dict(name="search-from", module="optimal.search",
         args=SMALL + ["--from", "salet.BBYBB", "--jobs", "1"]),
    dict(name="search-from-hard", module="optimal.search",
         args=SMALL + ["--from", "salet.BBBBB", "--hard", "--jobs", "1"]),
    # ---- optimal.search: hard mode
    dict(name="search-hard", module="optimal.search",
         args=SMALL + ["--first", "salet", "--hard", "--jobs", "1", "--out", "{OUT}"]),
    dict(name="search-hard-depth3-no-tree", module="optimal.search",
         args=SMALL + ["--first", "palet,salet", "--hard", "--max-depth", "3", "--jobs", "1",
                       "--no-write"]),
    # ---- optimal.search: the worst-case objective
    dict(name="search-worst-feasible", module="optimal.search",
         args=SMALL + ["--objective", "worst", "--max-depth", "3", "--top", "5", "--jobs", "1",
                       "--out", "{OUT}"]),
    dict(name="search-worst-shortfall", module="optimal.search",
         args=["--answers", SUFFIX, "--objective", "worst", "--max-depth", "4", "--top", "5",
               "--shortfall", "3", "--jobs", "1", "--out", "{OUT}"]),
    dict(name="search-worst-hard-infeasible", module="optimal.search",
         args=SMALL + ["--objective", "worst", "--max-depth", "3", "--first", "salet,crane",
                       "--hard", "--jobs", "1", "--no-write"]),
    dict(name="search-worst-all", module="optimal.search",
         args=["--answers", A39, "--objective", "worst", "--max-depth", "3", "--all", "--jobs", "1",
               "--quiet", "--out", "{OUT}"]),
    # ---- Jotto
    dict(name="search-jotto", module="optimal.search",
         args=["--game", "jotto", "--answers", A116, "--max-depth", "8", "--top", "5", "--jobs", "1",
               "--out", "{OUT}"]),
    # ---- optimal.search: errors
    dict(name="search-error-no-tree", module="optimal.search",
         args=SMALL + ["--first", "salet", "--max-depth", "2", "--jobs", "1", "--no-write"]),
    dict(name="search-error-unknown-word", module="optimal.search",
         args=SMALL + ["--first", "zzzzz", "--jobs", "1", "--no-write"]),
    dict(name="search-error-missing-list", module="optimal.search",
         args=["--answers", f"{LISTS}/no-such-list.txt", "--jobs", "1", "--no-write"]),
    dict(name="search-error-shortfall-needs-worst", module="optimal.search",
         args=SMALL + ["--shortfall", "2", "--jobs", "1", "--no-write"]),
    # ---- optimal.verify: trees written by optimal.search
    dict(name="verify-json-play-evil", module="optimal.verify", setup=[WRITE_SALET],
         args=[f"{RUN}/salet.json"] + SMALL + ["--play", "vigor", "--evil"]),
    dict(name="verify-json-output", module="optimal.verify", setup=[WRITE_SALET],
         args=[f"{RUN}/salet.json"] + SMALL + ["--json"]),
    dict(name="verify-selby", module="optimal.verify", setup=[WRITE_SALET],
         args=[f"{RUN}/salet.tree.txt"] + SMALL + ["--evil"]),
    dict(name="verify-defective", module="optimal.verify", setup=[WRITE_SALET],
         args=[f"{RUN}/salet.tree.txt", "--answers", A39, "--guesses", G224]),
    dict(name="verify-jotto", module="optimal.verify", setup=[WRITE_JOTTO],
         args=[f"{JOTTO_RUN}/clash.json", "--game", "jotto", "--answers", A116, "--max-depth", "8",
               "--play", "crash", "--evil"]),
    # ---- optimal.compare
    dict(name="compare", module="optimal.compare",
         args=SMALL + ["--beams", "1,5", "--jobs", "1", "--out", "{OUT}"]),
    dict(name="compare-hard-first", module="optimal.compare",
         args=SMALL + ["--first", "crane", "--hard", "--beams", "1,5", "--jobs", "1", "--no-write"]),
    dict(name="compare-error-beams", module="optimal.compare",
         args=SMALL + ["--beams", "0", "--jobs", "1", "--no-write"]),
    # ---- optimal.absurdle
    dict(name="absurdle-search", module="optimal.absurdle", args=SMALL),
    dict(name="absurdle-play", module="optimal.absurdle", args=["--play", "aesir,yauld,tench,whoop"]),
    dict(name="absurdle-target", module="optimal.absurdle", args=SMALL + ["--target", "vigor"]),
    dict(name="absurdle-count", module="optimal.absurdle", args=["--answers", A39, "--count", "3"]),
    dict(name="absurdle-error-hard", module="optimal.absurdle", args=SMALL + ["--hard"]),
    # ---- optimal.antiwordle
    dict(name="antiwordle-exact", module="optimal.antiwordle", args=["--answers", TINY, "--beams", "0"]),
    dict(name="antiwordle-beams", module="optimal.antiwordle", args=["--answers", A39, "--beams", "1,2"]),
    # ---- optimal.pangrams
    dict(name="pangrams-both", module="optimal.pangrams", args=[PANGRAM, "--solver", "both"]),
    dict(name="pangrams-out-limit", module="optimal.pangrams",
         args=[PANGRAM, "--limit", "2", "--out", "{OUT}/pangrams.txt"]),
    dict(name="pangrams-error-limit", module="optimal.pangrams", args=[PANGRAM, "--limit", "-1"]),
    # ---- optimal.assist
    dict(name="assist-history", module="optimal.assist",
         args=SMALL + ["--history", "salet=BBYBB", "--seed", "1"]),
    dict(name="assist-history-show", module="optimal.assist",
         args=SMALL + ["--history", "salet=BBBBB,crony=BBYBB", "--seed", "1", "--show"]),
    dict(name="assist-dordle", module="optimal.assist",
         args=SMALL + ["--boards", "2", "--history", "salet=BBYBB/BBBBB", "--seed", "3"]),
    dict(name="assist-absurdle", module="optimal.assist",
         args=SMALL + ["--absurdle", "--history", "salet,crony", "--seed", "1"]),
    dict(name="assist-puzzle-interactive", module="optimal.assist", args=["--puzzle", "--seed", "7"],
         stdin="crony\nlist\nundo\nzzzzz\nhelp\nquit\n"),
    dict(name="assist-error-impossible-reply", module="optimal.assist",
         args=SMALL + ["--history", "salet=GGGGY"]),
    # ---- greedy
    dict(name="greedy-table-norvig", module="greedy", args=SMALL + ["--table", "norvig"]),
    dict(name="greedy-first-guesses", module="greedy", args=SMALL + ["--first-guesses", "3"]),
    dict(name="greedy-second-guesses", module="greedy", args=SMALL + ["--second-guesses", "salet"]),
    dict(name="greedy-baseline-random", module="greedy",
         args=SMALL + ["--baseline", "random", "--seeds", "2"]),
    dict(name="greedy-tree-out", module="greedy",
         args=SMALL + ["--metric", "max", "--pool", "targets", "--first", "crane", "--out",
                       "{OUT}/crane.json"]),
    dict(name="greedy-jotto-table", module="greedy",
         args=["--game", "jotto", "--answers", A116, "--table", "norvig"]),
]

assert len({case["name"] for case in CASES}) == len(CASES), "case names must be unique"
