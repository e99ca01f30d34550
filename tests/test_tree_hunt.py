"""The tree hunt (`lookahead.questions.tree_hunt`): a tree it returns is real, and when no exact
call was given up it is as complete as the exact worst-case search, checked against plain
exhaustive recursion and against the kernel on small games; nogoods only ever drop impossible
parts; a call past its time is given up without leaving the stop flag set."""

from __future__ import annotations

import numpy as np
import pytest

from lookahead.questions.tree_hunt import Nogoods, TreeHunt, at_least_as_strict
from lookahead.solvers.single import Solver
from lookahead.spaces.stop import stop_requested
from optimal.game import HardState
from optimal.rules.ultra import UltraState
from optimal.tree import verified
from tests.conftest import small_game
from tests.test_search_engine import brute_force


def hunt_for(game, **options) -> TreeHunt:
    """A hunt that settles as little as possible by the kernel, so its own search and its
    nogoods do the work (nothing is given up in a few seconds on these games)."""
    settings = {"exact_size": 0, "exact_left": 1, "call_seconds": 600.0} | options
    return TreeHunt(game, 64, **settings)


HARD_HUNT_FOLDER = "answers-2315-guesses-12972-hard-d5-hunt"


def hard_hunt_argv(word: str, out) -> list[str]:
    """The command line of a hard-mode hunt within 5 from `word` on the original lists."""
    return ["--objective", "worst", "--hunt", "--hard", "--max-depth", "5", "--jobs", "1",
            "--first", word, "--out", str(out)]


@pytest.mark.parametrize("mode", ["normal", "hard", "ultra"])
def test_the_hunt_finds_a_tree_exactly_when_one_exists_brute_force(mode):
    """On 60 answers with 3 guesses, every 3rd first guess: a tree (which verifies) exactly when
    plain recursion over every guess finds the word's branches can all be finished."""
    game = small_game(60, mode=mode, max_guesses=3, offset=40)
    every = game.all_candidates()
    found = missing = 0
    for first in range(0, len(game.guesses), 3):
        hunt = hunt_for(game)
        tree = hunt.find(first)
        word, codes = game.guesses.words[first], game.matrix[first, every]
        feasible = all(
            brute_force(game, every[codes == code], 2,
                        game.start_state().after(word, int(code)) if game.hard else None)
            < float("inf") for code in np.unique(codes) if code != game.won)
        assert (tree is not None) == feasible, (mode, word)
        assert hunt.counters.given_up == 0
        if tree is not None:
            assert verified(tree, game).counts.max() <= 3
        found += tree is not None
        missing += tree is None
    assert found and missing  # both verdicts occur, or the test shows nothing


@pytest.mark.parametrize("mode", ["hard", "ultra"])
def test_the_hunt_agrees_with_the_exact_search_at_larger_limits(mode):
    """200 answers within 4: the hunt's own search (with nogoods) at the nodes with 3 guesses left
    against the kernel's proof for each of every 4th first guess."""
    game = small_game(200, mode=mode, max_guesses=4, offset=300)
    solver = Solver(game.with_weights(None), cache_mb=64)
    every = game.all_candidates()
    verdicts, drops = set(), 0
    for first in range(0, len(game.guesses), 4):
        word, codes = game.guesses.words[first], game.matrix[first, every]
        feasible = all(solver.can_finish(every[codes == code], 3,
                                         game.start_state().after(word, int(code)))
                       for code in np.unique(codes) if code != game.won)
        hunt = hunt_for(game, exact_left=2)
        tree = hunt.find(first)
        assert (tree is not None) == feasible, word
        if tree is not None:
            verified(tree, game)
        verdicts.add(feasible)
        drops += hunt.counters.nogood_drops
    assert verdicts == {True, False}
    assert drops > 0 or mode == "ultra"  # in hard mode the nogoods were used and dropped no tree


def test_nogoods_drop_only_what_contains_a_known_failure():
    """A superset, with no more guesses and a state at least as strict, is covered; a subset, a
    weaker state or more guesses are not."""
    nogoods = Nogoods(20)
    start = HardState.initial(5)
    strict = HardState((-1, 0, -1, -1, -1), (1,) + (0,) * 25)  # A second, and an A
    nogoods.add(np.array([3, 5, 7]), 3, strict)
    assert nogoods.covers(np.array([1, 3, 5, 7, 9]), 3, strict)
    assert nogoods.covers(np.array([3, 5, 7]), 2, HardState((2, 0, -1, -1, -1), (1, 0, 1) + (0,) * 23))
    assert not nogoods.covers(np.array([3, 5]), 3, strict)  # fewer answers
    assert not nogoods.covers(np.array([3, 5, 7]), 4, strict)  # more guesses
    assert not nogoods.covers(np.array([3, 5, 7]), 3, start)  # a weaker state
    assert at_least_as_strict(strict, None) and at_least_as_strict(strict, start)
    assert not at_least_as_strict(start, strict)
    ultra = UltraState.initial(5).after("salet", 0)  # nothing there: every letter capped at none
    assert at_least_as_strict(ultra.after("crony", 0), ultra)
    assert not at_least_as_strict(ultra, ultra.after("crony", 0))
    assert not at_least_as_strict(ultra, start)  # states of two modes do not compare


def test_a_call_past_its_time_is_given_up_and_the_stop_flag_cleared():
    """With no time at all for the kernel the hunt gives up its calls (next to the root it then
    searches the part's guesses, whose parts are given up in turn), finds nothing, proves nothing,
    and leaves the process able to search again: with time, the same hunt finds the tree."""
    game = small_game(200, mode="hard", max_guesses=4, offset=300)
    word = game.guess_id("salet")
    hunt = TreeHunt(game, 64, exact_size=10_000, call_seconds=0.0, exact_left=2)
    assert hunt.find(word) is None
    assert hunt.counters.given_up >= 1 and hunt.counters.large_nodes >= 1
    assert not stop_requested()
    assert hunt.nogoods.count == 0  # a call given up is no proof
    found = TreeHunt(game, 64, exact_size=10_000, call_seconds=600.0, exact_left=2).find(word)
    assert verified(found, game).counts.max() <= 4
    # the second pass: the guesses passed over are tried again with patience x the time
    patient = TreeHunt(game, 64, exact_size=10_000, call_seconds=1e-6, exact_left=2,
                       patience=1e8)
    assert verified(patient.find(word), game).counts.max() <= 4
    assert patient.counters.given_up >= 1 and patient.limit == 1e-6


def test_the_command_writes_the_first_tree_found_and_says_when_none_was(tmp_path, capsys):
    """`--objective worst --hunt`: SALET has no hard-mode tree within 5, PALET has; the tree
    written is PALET's and `optimal.verify` passes it; with SALET alone, exit 1, no tree or
    report written (only the checkpoint of the branches found), and the message says a hunt
    proves nothing."""
    from optimal.search.command import main as search
    from optimal.verify import main as verify
    base = ["--objective", "worst", "--hunt", "--hard", "--max-depth", "5", "--quiet", "--jobs", "1"]
    assert search(base + ["--first", "salet,palet", "--out", str(tmp_path)]) == 0
    folder = tmp_path / HARD_HUNT_FOLDER
    out = capsys.readouterr().out
    assert "PALET finds every one of the 2,315 answers within 5 guesses in hard mode" in out
    assert "| SALET | no |" in out and "| PALET | yes |" in out
    assert verify([str(folder / "palet.json")]) == 0
    assert search(base + ["--first", "salet", "--out", str(tmp_path / "none")]) == 1
    assert "proves nothing" in capsys.readouterr().err
    kept = list((tmp_path / "none").rglob("*"))  # only the branches found, for a rerun to resume
    assert [p.name for p in kept if p.is_file()] == ["checkpoint-hunt-salet.json"], kept


def test_least_binding_first_orders_by_greens_pinned_and_split():
    """The hunt's order in a strict mode, against the same score in plain Python: the greens each
    reply leaves pinned, summed over the answers (the one found counts 0), plus half the sum of
    squared part sizes over the number of answers; a permutation of the guesses given."""
    from collections import Counter
    from lookahead.questions.tree_hunt import least_binding_first
    from optimal.rules.wordle import reply_digits
    game = small_game(150, mode="hard", max_guesses=6)
    every = game.all_candidates()
    state = game.start_state().after("salet", int(game.matrix[game.guess_id("salet"), every[0]]))
    answers = every[game.matrix[game.guess_id("salet"), every] == game.matrix[
        game.guess_id("salet"), every[0]]]
    guesses = list(range(len(game.guesses)))

    def score(guess: int) -> float:
        codes = [int(game.matrix[guess, a]) for a in answers]
        pinned = sum(sum(1 for place, digit in enumerate(reply_digits(code, 5))
                         if digit == 2 or state.greens[place] >= 0)
                     for code in codes if code != game.won)
        sizes = Counter(code for code in codes if code != game.won)
        return pinned + 0.5 * sum(n * n for n in sizes.values()) / len(answers)

    order = least_binding_first(game, answers, state, guesses)
    assert sorted(order) == guesses
    scores = [score(g) for g in order]
    assert all(a <= b + 1e-9 for a, b in zip(scores, scores[1:]))
    assert scores[0] < scores[-1]


def test_a_hunt_resumes_from_its_checkpoint_and_refuses_a_forged_branch(tmp_path, capsys):
    """Each branch found is kept in checkpoint-hunt-WORD.json; a second run takes them all and
    searches nothing; a branch edited (its digest recomputed, as a forger would) is replayed on
    its answers and refused with one line and exit 2; --restart sets the file aside."""
    import json
    from optimal.cli.checkpoint import save_checkpoint
    from optimal.search.command import main as search
    argv = hard_hunt_argv("palet", tmp_path)
    assert search(argv) == 0
    folder = tmp_path / HARD_HUNT_FOLDER
    path = folder / "checkpoint-hunt-palet.json"
    data = json.loads(path.read_text())
    branches = json.loads((folder / "palet.json").read_text())["tree"]["branches"]
    assert set(data["results"]) == set(branches)  # every branch of PALET's tree, by its reply
    first_total = json.loads((folder / "summary.json").read_text())["total"]
    capsys.readouterr()
    assert search(argv) == 0
    err = capsys.readouterr().err
    assert f"PALET: {len(branches)} branches resumed from checkpoint-hunt-palet.json" in err
    assert json.loads((folder / "summary.json").read_text())["total"] == first_total
    assert json.loads((folder / "summary.json").read_text())["tried"][0]["exact_calls"] == 0
    reply = sorted(data["results"], key=lambda r: len(json.dumps(data["results"][r])))[-1]
    forged = dict(data["results"])
    forged[reply] = {"guess": forged[reply]["guess"]}  # the subtree cut off after one guess
    save_checkpoint(path, data["identity"], forged)
    assert search(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "does not find every answer of the branch" in err[0], err
    assert search(argv + ["--restart"]) == 0


def test_resumed_branches_are_taken_as_found():
    """The engine side: the subtrees given in `done` are in the tree as they are, and the hunt
    reports only the branches it found itself."""
    game = small_game(200, mode="hard", max_guesses=4, offset=300)
    word = game.guess_id("salet")
    whole = hunt_for(game, exact_left=2).find(word)
    keep = dict(list(whole.branches.items())[:5])
    heard = []
    again = hunt_for(game, exact_left=2).find(word, keep, lambda code, tree: heard.append(code))
    assert all(again.branches[code] is tree for code, tree in keep.items())
    assert set(heard) == set(whole.branches) - set(keep)
    verified(again, game)


def test_a_hunt_stopped_inside_a_branch_resumes_from_the_nodes_it_settled():
    """Each node settled is told to `on_settled` with its path; a hunt stopped part way (here by
    the callback itself) and begun again with those nodes remembered takes each as settled: it
    makes fewer kernel calls than a hunt from nothing and finds a tree that verifies. Each node
    told is right, checked independently: a tree replays through its path, and an impossible
    node has no tree by plain recursion."""
    from optimal.search.hunt_notes import check_subtree
    game = small_game(100, mode="hard", max_guesses=4, offset=300)
    first = game.guess_id("salet")
    fresh = hunt_for(game)
    fresh.find(first)
    heard = []

    def stop_part_way(path, tree, seconds):
        heard.append((path, tree))
        if len(heard) == 12:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        hunt_for(game, on_settled=stop_part_way).find(first)
    assert all(path[0][0] == first for path, _ in heard)
    assert any(tree is not None and len(path) > 1 for path, tree in heard)
    again = hunt_for(game)
    for path, tree in heard:
        again.remember(path, tree)
        if tree is not None:
            check_subtree(game, path, tree)
        else:
            candidates, left, state = again.walk(path)
            assert brute_force(game, candidates, left, state) == float("inf")
    assert verified(again.find(first), game).counts.max() <= 4
    assert again.counters.guesses_tried < fresh.counters.guesses_tried


def test_a_hunt_command_keeps_the_nodes_inside_unfinished_branches(tmp_path, capsys, monkeypatch):
    """`checkpoint-hunt-WORD-inside.json`: SALET has no hard-mode tree within 5, and the nodes
    the hunt settled inside its branches (every one, with the time floor at 0) are kept; a rerun
    resumes them and settles the word with no kernel call; a tree edited there (digest
    recomputed) is replayed and refused with one line and exit 2, before anything is searched;
    --restart sets both files aside. When a tree is found, its branches' nodes are dropped."""
    import json
    from optimal.cli.checkpoint import save_checkpoint
    from optimal.search import hunt_notes
    from optimal.search.command import main as search
    monkeypatch.setattr(hunt_notes, "KEEP_SECONDS", 0.0)
    monkeypatch.setattr(hunt_notes, "SAVE_EVERY", 0.0)  # written as it goes, as in a long run
    argv = hard_hunt_argv("salet", tmp_path)
    assert search(argv) == 1
    folder = tmp_path / HARD_HUNT_FOLDER
    notes = folder / "checkpoint-hunt-salet-inside.json"
    data = json.loads(notes.read_text())
    nodes = {k: v for k, v in data["results"].items() if k != "worked"}
    assert any(v == {"impossible": True} for v in nodes.values())
    assert all(k.startswith("salet ") for k in nodes)
    capsys.readouterr()
    assert search(argv) == 1
    out, err = capsys.readouterr()
    assert f"SALET: {len(nodes):,} node{'s' * (len(nodes) > 1)} inside the other branches " \
        "resumed" in err
    assert "| SALET | no | 0 | 0 | 0 (0) |" in out  # no kernel call
    forged = dict(data["results"])
    key = next(k for k, v in nodes.items() if v == {"impossible": True})
    forged[key] = {"tree": {"guess": "crane"}}  # claimed found, in one guess
    save_checkpoint(notes, data["identity"], forged)
    assert search(argv) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and "does not find every answer" in lines[0], lines
    assert search(argv + ["--restart"]) == 1
    assert len(list(folder.glob("checkpoint-hunt-salet*.json.set-aside-*"))) == 2  # not deleted
    assert search(hard_hunt_argv("palet", tmp_path)) == 0
    kept = json.loads((folder / "checkpoint-hunt-palet-inside.json").read_text())["results"]
    assert set(kept) == {"worked"}  # every branch is in the hunt's checkpoint now


def test_the_notes_drop_the_nodes_under_one_whose_tree_is_kept(tmp_path):
    """A node's tree holds its nodes' trees: once it is kept, theirs are dropped (and a node that
    took less than the time floor is not written down)."""
    from optimal.search.hunt_notes import KEEP_SECONDS, HuntNotes
    from optimal.tree import Node
    game = small_game(60, mode="hard", max_guesses=3, offset=40)
    notes = HuntNotes(tmp_path / "notes.json", game, game.guesses.words[0])
    parent, child = ((0, 3),), ((0, 3), (5, 7))
    notes.heard(child, None, KEEP_SECONDS)
    notes.heard(((0, 4),), None, KEEP_SECONDS / 2)
    assert list(notes.entries) == [notes._key(child)]
    notes.heard(parent, Node(game.guesses.words[1]), KEEP_SECONDS)
    assert list(notes.entries) == [notes._key(parent)]


def test_nodes_cut_short_prove_nothing():
    """With one guess allowed at each large node inside a branch, nodes are cut short; every
    nogood the hunt still records is a real impossibility (the kernel agrees), and a tree it
    finds verifies: the cap makes the hunt miss trees, never claim a failure it did not prove."""
    game = small_game(400, mode="hard", max_guesses=5, offset=0)
    solver = Solver(game.with_weights(None), cache_mb=64)
    cut = checked = 0
    for first in range(0, len(game.guesses), 50):
        hunt = hunt_for(game, breadth=1)
        tree = hunt.find(first)
        if tree is not None:
            assert verified(tree, game).counts.max() <= 5
        cut += hunt.counters.cut_short
        for entries in hunt.nogoods.by_first.values():
            for part, left, state in entries:
                assert not solver.can_finish(part, left, state)
                checked += 1
    assert cut and checked
