#!/usr/bin/env bash
# Re-create every artifact in results/ (run from the repository root, in the project's venv).
# Figures in the README of this folder were measured on the 2-core development machine.
# Runs of many CPU-hours are commented out (each resumes from its committed checkpoint; rates and
# what is left are in results/README.md): uncomment them to redo those too.
set -euo pipefail
cd "$(dirname "$0")/.."

capture() {  # capture FILE COMMAND...: run a command, keep its output with the command line
  local file=$1; shift
  mkdir -p "$(dirname "$file")"
  { echo '```'; echo "\$ $*"; "$@"; echo '```'; } > "$file.tmp" 2>&1 || true
  mv "$file.tmp" "$file"
}

# optimal trees (issue: search)
python -m optimal.search --out results --max-depth 6 --quiet
python -m optimal.search --out results --first salet --hard --quiet
python -m optimal.search --out results --first palet --hard --max-depth 5 --quiet
python -m optimal.search --out results --first palet --ultra --max-depth 5 --quiet
python -m optimal.search --lists nyt --first palet,salet,pleat --ultra --max-depth 5 --out results --jobs 1 --quiet
python -m optimal.search --out results --first salet --ultra --quiet
python -m optimal.search --out results --top 20 --beam 20 --quiet
python -m optimal.search --all --out results/all-first-words --quiet
# every first word on every list, both modes (issue 12 §1; each about an hour on a busy 2-core machine)
python -m optimal.search --all --hard --out results/all-first-words --quiet
python -m optimal.search --all --ultra --out results/all-first-words --jobs 1 --quiet
python -m optimal.search --all --ultra --max-depth 5 --below 8209 --out results/all-first-words --jobs 1 --quiet
python -m optimal.search --weights freq --all --out results/all-first-words --jobs 1 --quiet
# weighted answers (word frequencies): the best of the top 1,000, SALET's tree, the comparison
python -m optimal.search --weights freq --top 1000 --out results/weights --quiet
python -m optimal.search --weights freq --first salet --out results/weights/first-salet --quiet
python -m optimal.compare --weights freq --first trace --beams 1,20 --jobs 1 --out results/weights
python -m optimal.search --lists nyt --all --out results/all-first-words --quiet
python -m optimal.search --lists nyt --all --hard --out results/all-first-words --quiet
python -m optimal.search --lists nyt --all --ultra --out results/all-first-words --jobs 1 --quiet
python -m optimal.search --lists nyt --all --ultra --max-depth 5 --below 8184 --out results/all-first-words --jobs 1 --quiet
python -m optimal.search --lists nyt-extended --all --out results/all-first-words --quiet
python -m optimal.search --lists nyt-extended --all --hard --out results/all-first-words --quiet
python -m optimal.search --lists nyt-extended --first tarse --hard --jobs 1 --out results --quiet
# exact values of the 200 best-ranked first words, each with a time budget (issue 12 §2)
python -m optimal.search --rank exact --top 200 --budget 60 --out results/exact --quiet
python -m optimal.search --rank exact --top 200 --budget 60 --hard --out results/exact --quiet
# the whole exact tables: normal mode is complete (31.8 CPU-hours); hard and ultra-hard in progress
# python -m optimal.search --rank exact --all --budget 60 --out results/exact-all --jobs 1 --cache-mb 4096 --quiet
# python -m optimal.search --rank exact --all --budget 60 --hard --out results/exact-all --jobs 2 --cache-mb 6144 --quiet
# python -m optimal.search --rank exact --all --budget 60 --ultra --out results/exact-all --jobs 2 --cache-mb 6144 --quiet
# the tables checked a second way: 20 words spread over the ranks searched again, and a sample of
# entries certified from scratch (exact-all/certified-sample/; see results/README.md for the words)
python -m optimal.search --rank exact --first pales,uptie,tophe,loans,legit,farts,syrah,value,lycea,drink,roups,winch,heels,divos,dreys,hempy,lavas,bumfs,azury,bezes --budget 60 --out results/exact-sample --quiet

# other word lengths (the four-letter run is the long one: about 10 CPU-minutes)
python -m optimal.search --lists len4 --all --jobs 1 --out results/lengths --quiet
python -m optimal.search --lists len6 --all --jobs 1 --out results/lengths --quiet
python -m optimal.search --lists len7 --all --jobs 1 --out results/lengths --quiet

# Dordle (two boards): exact on seeded subsets; on the full lists a beam's tree and the proven lower
# bound (the 500-answer and full-list runs take hours on 2 cores; both resume their lower bound)
python -m optimal.search --boards 2 --sample 100 --seed 1 --budget 600 --out results/dordle --quiet
python -m optimal.search --boards 2 --sample 200 --seed 1 --budget 1200 --out results/dordle --quiet
# the 500-answer proof, word by word (two workers; finished 2026-12-07 after about 29 hours of worker time over several sessions)
# python -m optimal.search --boards 2 --sample 500 --seed 1 --all --budget 0 --cache-mb 8192 --out results/dordle --quiet
python -m optimal.search --boards 2 --beam 1 --top 1 --budget 1800 --out results/dordle --quiet
python -m optimal.search.dordle_floor --out results/dordle --budget 3600 --quiet
python -m optimal.search --boards 2 --beam 3 --first trace --budget 0 --out results/dordle --quiet
python -m optimal.verify results/dordle/answers-2315-guesses-12972-normal-d7-boards2/trace.dordle.json.gz  # the tree replayed again (6 GB)
# Quordle and Octordle: a strategy and the greedy baseline on 100,000 sampled games, the proven lower bound
python -m optimal.boards --boards 4 --games 100000 --seed 1 --out results/multi-board --quiet
python -m optimal.boards --boards 8 --games 100000 --seed 1 --out results/multi-board --quiet
# the optimum of small games (--exact), answers as guesses, then with 64 guesses
python -m optimal.boards --boards 3 --answers answers-2315-sample12-seed1 --exact --out results/multi-board/small-exact --quiet
python -m optimal.boards --boards 3 --answers answers-2315-sample16-seed1 --exact --out results/multi-board/small-exact --quiet
python -m optimal.boards --boards 4 --answers answers-2315-sample8-seed1 --exact --out results/multi-board/small-exact --quiet
python -m optimal.boards --boards 4 --answers answers-2315-sample9-seed1 --exact --out results/multi-board/small-exact --quiet
python -m optimal.boards --boards 5 --answers answers-2315-sample6-seed1 --exact --out results/multi-board/small-exact --quiet
python -m optimal.boards --boards 3 --answers answers-2315-sample12-seed1 --guesses guesses-12972-sample52-seed1 --exact --out results/multi-board/small-exact --quiet
python -m optimal.boards --boards 4 --answers answers-2315-sample9-seed1 --guesses guesses-12972-sample55-seed1 --exact --out results/multi-board/small-exact --quiet

# worst case (minimax depth)
python -m optimal.search --out results --objective worst --max-depth 4 --all --quiet || true
python -m optimal.search --objective worst --max-depth 4 --top 20 --shortfall 20 --out results/shortfall --quiet || true
python -m optimal.search --out results --objective worst --max-depth 5 --first salet --quiet
python -m optimal.search --out results --objective worst --max-depth 5 --first salet,palet --hard --quiet
# python -m optimal.search --objective worst --max-depth 5 --all --ultra --out results --jobs 1 --quiet  (about 13 CPU-hours left)

# the guess-limit front (issue 12 section 3; D = 4 is the long part: every first word refuted,
# about 35 min per list and mode on 2 workers, so it is a separate line)
python -m optimal.search --front 5,6 --tie-break worst --out results/front --jobs 2 --quiet
python -m optimal.search --front 7 --hard --tie-break worst --out results/front --jobs 2 --quiet
python -m optimal.search --front 7 --ultra --all --tie-break worst --out results/front --jobs 1 --quiet
python -m optimal.search --lists nyt --front 7 --ultra --all --tie-break worst --out results/front --jobs 1 --quiet
python -m optimal.search --lists nyt --front 5,6 --tie-break worst --out results/front --jobs 2 --quiet
python -m optimal.search --answers guesses-12972 --guesses guesses-12972 --first lants --beam 60 --max-depth 6 --out results/front --jobs 1 --quiet
python -m optimal.search --lists big --first lants --max-depth 6 --below 52903 --jobs 1 --cache-mb 8192 --out results/big-game --quiet
python -m optimal.search --lists big --first tares --max-depth 7 --below 52617 --jobs 1 --cache-mb 8192 --out results/big-game --quiet
python -m optimal.search --lists big --first lants --max-depth 7 --below 52603 --jobs 1 --cache-mb 4096 --out results/big-game/lants --quiet
# the big game in hard mode: no first word within 6 (56 min); within 7, and every first word within
# 6 and within 7 in normal mode, are resumable runs of thousands of CPU-hours, in progress
python -m optimal.search --lists big --hard --objective worst --max-depth 6 --all --jobs 1 --cache-mb 4096 --out results/big-game --quiet || true
# python -m optimal.search --lists big --hard --objective worst --max-depth 7 --all --jobs 1 --cache-mb 4096 --out results/big-game --quiet
# python -m optimal.search --lists big --hard --max-depth 7 --objective worst --hunt --first thump --jobs 1 --cache-mb 4096 --out results/big-game --quiet
# python -m optimal.search --lists big --all --max-depth 7 --below 52603 --jobs 1 --cache-mb 8192 --out results/big-game/all-first-words --quiet
# python -m optimal.search --lists big --all --below 52897 --jobs 1 --cache-mb 8192 --out results/big-game/all-first-words --quiet
# the big game within 5: none, proven on the 19 -ILLS answers (exit 1: no first word; about 17 minutes)
python -m optimal.search --answers results/big-game/within-5/ills-19.txt --guesses guesses-12972 --objective worst --max-depth 5 --all --jobs 1 --out results/big-game/within-5 --quiet || true
python -m optimal.search --answers guesses-12972 --guesses guesses-12972 --front 7 --top 5 --beam 20 --out results/front --jobs 1 --quiet
python -m optimal.search --lists nyt --front 4 --out results/front-d4 --jobs 2 --quiet || true   # about an hour
python -m optimal.search --lists nyt --front 6,7 --hard --tie-break worst --out results/front --jobs 1 --quiet
python -m optimal.search --out results --lists nyt --first palet --hard --max-depth 5 --quiet
python -m optimal.search --out results --lists nyt --objective worst --max-depth 5 --first salet --hard --quiet || true
# hard mode within 5 over every first word (the fronts' D = 5 hard cells), cut off from the start
# at 1 + PALET's total (the runs above): about 10 minutes each on one core
python -m optimal.search --lists nyt --all --hard --max-depth 5 --below 8175 --out results/all-first-words --jobs 1 --quiet
python -m optimal.search --all --hard --max-depth 5 --below 8207 --out results/all-first-words --jobs 1 --quiet
# NYT lists, normal mode within 5 over every first word (the front's top 100 gave TARSE 7885): 5 min
python -m optimal.search --lists nyt --all --max-depth 5 --below 7886 --out results/all-first-words --jobs 1 --quiet
# every front's limits in one plot per pairing and mode, from the runs above (results/front/plots/)
python scripts/front_plots.py
# proof certificates of the lower bounds (issue: certificates): written by the search, then checked
# by the independent checker, whose output is kept in CERTIFICATE.md next to the certificate
certify() {  # certify DIR NAME "TREE" SEARCH-ARGS...
  local dir=$1 name=$2 tree=$3; shift 3
  python -m optimal.search "$@" --jobs 1 --no-write --quiet --certificate "$dir/$name.cert.gz"
  { echo '```'; echo "\$ python -m optimal.check $dir/$name.cert.gz $tree"
    python -m optimal.check "$dir/$name.cert.gz" $tree 2>&1; echo "(exit $?)"; echo '```'; } > "$dir/CERTIFICATE.md"
}
D=results/answers-2315-guesses-12972
certify $D-normal-d6 salet "$D-normal-d6/salet.json" --first salet
certify $D-hard-d6 salet "$D-hard-d6/salet.json" --first salet --hard
certify $D-hard-d5 palet "$D-hard-d5/palet.json" --first palet --hard --max-depth 5
certify $D-hard-d5-worst salet-palet "" --objective worst --max-depth 5 --first salet,palet --hard
certify $D-ultra-d6 salet "$D-ultra-d6/salet.json" --first salet --ultra
certify $D-ultra-d5 palet "$D-ultra-d5/palet.json" --first palet --ultra --max-depth 5
N=results/all-first-words/nyt-answers-nyt-guesses
# kept, with a CERTIFICATE.md written by hand (it records more than one check: the verify and
# search lines, or the every-first-word check), which certify() would overwrite, so these are
# run by hand:
#   python -m optimal.search --lists nyt --first salet --ultra --jobs 1 --no-write --certificate $N-ultra-d6/salet.cert.gz
#   python -m optimal.search --lists nyt --first salet --hard --jobs 1 --no-write --certificate $N-hard-d6/salet.cert.gz
#   python -m optimal.search --lists nyt --objective worst --max-depth 6 --first trace,slate --hard --jobs 1 --no-write --certificate $N-hard-d6/trace-slate-not-within-6.cert.gz
# the exact tables' certified sample (each word from scratch in a fresh process, then checked);
# `--keep DIR` keeps every certificate in DIR/WORD/, from which exact-all/certified-sample/ took
# those of at most 1 MB by hand, with its CERTIFICATE.md:
#   python scripts/certify_table_sample.py --mode normal --words salet,jaffa,morra,solde,growl,baffy
#   python scripts/certify_table_sample.py --mode hard --words salet,vigia,hayer,dewar,apers,trest,patka
#   python scripts/certify_table_sample.py --mode ultra --words crane,barer,fader,carny,calid,after,baldy
# the two long ones are not kept (too large for the repository); see results/README.md:
#   every first word, SALET the unique best (over 20 MB; 2 workers):
#     python -m optimal.search --all --jobs 2 --no-write --certificate all-first-words.cert.gz
#     python -m optimal.check all-first-words.cert.gz $D-normal-d6/salet.json
#   no first word finds every answer within 4:
#     python -m optimal.search --objective worst --max-depth 4 --all --jobs 2 --no-write --certificate within-4.cert.gz
#     python -m optimal.check within-4.cert.gz
#   ultra-hard mode, every first word (original and NYT lists; within 5, 6 and 7; and the top 100
#   within 7), each followed by `python -m optimal.check CERT TREE [--jobs 2]` with the tree its
#   row in results/README.md names:
#     python -m optimal.search --all --ultra --jobs 1 --no-write --certificate ultra-all.cert.gz
#     python -m optimal.search --lists nyt --all --ultra --jobs 2 --no-write --certificate nyt-ultra-d6-all.cert.gz
#     python -m optimal.search --all --max-depth 7 --ultra --jobs 1 --no-write --certificate ultra-d7-all.cert.gz
#     python -m optimal.search --lists nyt --all --max-depth 7 --ultra --jobs 1 --no-write --certificate nyt-ultra-d7-all.cert.gz
#     python -m optimal.search --top 100 --max-depth 7 --ultra --jobs 1 --no-write --certificate ultra-top100-d7.cert.gz
#     python -m optimal.search --all --ultra --max-depth 5 --below 8209 --jobs 1 --no-write --certificate ultra-d5-all.cert.gz
#     python -m optimal.search --lists nyt --all --ultra --max-depth 5 --below 8184 --jobs 1 --no-write --certificate nyt-ultra-d5-all.cert.gz
#   every allowed word an answer: hard mode, no first word within 6 (532 MiB; its check 2 workers):
#     python -m optimal.search --lists big --hard --objective worst --max-depth 6 --all --jobs 1 --cache-mb 4096 --no-write --certificate big-hard-d6.cert.gz
#     python -m optimal.check big-hard-d6.cert.gz --jobs 2
#   TARES 52,602 and LANTS 52,864 within 7, and no first word within 5 (the -ILLS subset): not run
#     python -m optimal.search --lists big --first tares --max-depth 7 --jobs 1 --no-write --cache-mb 8192 --certificate tares-d7.cert.gz
#     python -m optimal.search --lists big --first lants --max-depth 7 --jobs 1 --no-write --cache-mb 4096 --certificate lants-d7.cert.gz
#     python -m optimal.search --answers results/big-game/within-5/ills-19.txt --guesses guesses-12972 --objective worst --max-depth 5 --all --jobs 1 --no-write --certificate ills-19-d5.cert.gz
#   LANTS 52,896 within 6 (not run: tens of GB):
#     python -m optimal.search --lists big --first lants --max-depth 6 --jobs 1 --no-write --cache-mb 8192 --certificate lants.cert.gz

# comparisons, adversaries, greedy, Jotto, pangrams
python -m optimal.compare --out results
python -m optimal.compare --out results --hard
capture results/absurdle/ABSURDLE.md python -m optimal.absurdle
capture results/absurdle/ANSWER-LIST-WINS.md python -m optimal.absurdle --pool answers --count 4
capture results/absurdle/CHALLENGE-CRANE.md python -m optimal.absurdle --target crane
capture results/antiwordle/ANTIWORDLE.md python -m optimal.antiwordle --beams 1,2,3
capture results/greedy/NORVIG.md python -m greedy --table norvig
capture results/greedy/FIRST-GUESSES-norvig.md python -m greedy --lists norvig --first-guesses 20
capture results/greedy/FIRST-GUESSES-original.md python -m greedy --first-guesses 20
capture results/greedy/SECOND-GUESSES-salet.md python -m greedy --second-guesses salet
capture results/jotto/NORVIG.md python -m greedy --game jotto --table norvig
capture results/jotto/FIRST-GUESSES.md python -m greedy --game jotto --first-guesses 10
capture results/pangrams/SUMMARY.md python -m optimal.pangrams --solver both --out results/pangrams/guesses-12972.txt
