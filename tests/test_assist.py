"""python -m optimal.assist: the prompt loop driven by a scripted input stream, --history through a
subprocess (exit codes, one-line errors), several boards, Absurdle and puzzle modes. Small custom
games throughout, so the whole file runs in seconds."""

from __future__ import annotations

import io
import re
import subprocess
import sys

import numpy as np
import pytest

from greedy.builder import score_guesses
from greedy.metrics import METRICS
from lookahead import DordleSolver
from optimal.play import exact as exact_module
from optimal.play.exact import DirectSearch
from lookahead.parallel.tasks import solver_for
from optimal.adversaries import absurdle_replay, absurdle_reply
from optimal.assist.command import GAME_OVER, main, run_loop
from optimal.game import Game, split_history
from optimal.play.assistant import Assistant
from optimal.play import chance as chance_module
from optimal.play.chance import best_chance
from optimal.play.text import HINTS_HIDDEN
from optimal.play.review import first_words
from optimal.errors import BadInput
from optimal.weights import weights_from_values
from tests.conftest import small_game


@pytest.fixture(scope="module")
def game():
    return small_game(60)


def drive(assistant: Assistant, *lines: str) -> tuple[int, str]:
    """Run the prompt loop on scripted lines; return the exit code and everything printed."""
    out = io.StringIO()
    code = run_loop(assistant, io.StringIO("".join(line + "\n" for line in lines)), out)
    return code, out.getvalue()


def reply(game, guess: str, answer: str) -> str:
    return game.reply_text(game.reply(guess, answer))


# ---------------------------------------------------------------- parsing


def test_step_spellings(game):
    assert split_history("salet BBYBB", game) == [("salet", ["BBYBB"])]
    assert split_history("SALET=bbybb", game) == [("salet", ["bbybb"])]
    assert split_history("salet ..Y.. 21000", game) == [("salet", ["..Y..", "21000"])]
    assert split_history("salet BBYBB/GYBBB", game) == [("salet", ["BBYBB", "GYBBB"])]
    assert split_history("salet: BBYBB", game) == [("salet", ["BBYBB"])]
    assert split_history("salet\u2b1b\u2b1b\U0001f7e8\u2b1b\u2b1b", game) == \
        [("salet", ["\u2b1b\u2b1b\U0001f7e8\u2b1b\u2b1b"])]
    assert split_history("salet=BBYBB,clint=BYYBB", game) == [("salet", ["BBYBB"]),
                                                              ("clint", ["BYYBB"])]
    assert split_history("", game) == []


def test_history_takes_the_search_s_spelling_too(game):
    """The --from spelling ('salet.BBYBB.trace.BYBBB') and the assistant's ('salet=BBYBB,...')
    are one syntax: both reach the same position."""
    answer = "model"
    first, second = reply(game, "salet", answer), reply(game, "trace", answer)
    assert split_history(f"salet.{first}.trace.{second}", game) == [("salet", [first]),
                                                                    ("trace", [second])]
    assert split_history("salet,trace", game) == [("salet", []), ("trace", [])]  # Absurdle
    assert split_history(f"salet={first}/{second}", game) == [("salet", [first, second])]
    positions = []
    for text in (f"salet.{first}.trace.{second}", f"salet={first},trace={second}"):
        assistant = Assistant(game)
        assistant.start()
        for word, replies in split_history(text, game):
            assistant.play(word, replies)
        positions.append([int(a) for a in assistant.boards[0].candidates])
    assert positions[0] == positions[1] and 0 < len(positions[0]) < len(game.answers)


# ---------------------------------------------------------------- the prompt loop


def test_prompt_loop_plays_a_game_to_the_end_and_survives_bad_lines(game):
    answer = "model"
    first = reply(game, "salet", answer)
    code, out = drive(Assistant(game, seed=1),
                      "salet GGGGG",          # no answer fits (SALET is no answer)
                      "zzzzz BBBBB",          # not in the guess list
                      "salet GGGGY",          # impossible reply
                      "salet BBY",            # wrong length
                      "salet",                # no reply at all
                      f"salet {first}",
                      "list",
                      "help",
                      f"{answer} GGGGG",
                      "quit")
    assert code == 0
    assert "error: no answer fits: check the colours of SALET" in out
    assert "error: 'ZZZZZ' is not in the guess list" in out
    assert "impossible" in out and "has 3 marks; expected 5" in out
    assert "error: type SALET and its colours" in out
    remaining = game.candidates([("salet", game.parse_reply(first))])
    assert f"SALET {first}: {len(remaining)} answers left" in out
    listed = [line for line in out.splitlines() if line.startswith(f"{len(remaining)} left:")]
    assert len(listed) == 1 and "MODEL" in listed[0]  # the spoilers, printed once: on request
    assert "commands:" in out
    assert out.rstrip().endswith("solved in 2 guesses\n" + GAME_OVER)


def test_undo_reaches_a_game_a_mistyped_reply_ended(game):
    """A player types GGGGG by mistake: the game ends as won, but the loop stays so undo can take
    it back and the real reply go in; a step typed after the end is refused, not played."""
    answer = "model"
    first = reply(game, "salet", answer)
    remaining = game.candidates([("salet", game.parse_reply(first))])
    wrong = next(game.answers.words[i] for i in remaining if game.answers.words[i] != answer)
    code, out = drive(Assistant(game, seed=1),
                      f"salet {first}",
                      f"{wrong} GGGGG",          # mistyped: the game looks won
                      f"{answer} GGGGG",         # refused: the game is over
                      "undo",
                      f"{wrong} {reply(game, wrong, answer)}",
                      f"{answer} GGGGG",
                      "quit")
    assert code == 0
    assert out.count(GAME_OVER) == 2
    assert "error: the game is over" in out
    assert out.rstrip().endswith("solved in 3 guesses\n" + GAME_OVER)


def test_prompt_loop_reports_and_suggests_each_step(game):
    code, out = drive(Assistant(game, seed=3), "quit")
    assert code == 0
    for label in ("best entropy", "best max", "best average", "random word", "optimal"):
        assert label in out
    assert "60 answers remain, 6 guesses left" in out and "proven" in out
    assert "decided: every remaining answer can be found within the 6 guesses left" in out


def test_undo_takes_back_a_step(game):
    assistant = Assistant(game)
    assistant.play("salet", [reply(game, "salet", "model")])
    assistant.undo()
    assert assistant.history == [] and len(assistant.boards[0].candidates) == 60
    with pytest.raises(BadInput, match="nothing to undo"):
        assistant.undo()


def test_a_repeated_guess_is_named_as_one(game):
    assistant = Assistant(game)
    first = assistant.play("salet", [reply(game, "salet", "model")])
    left = len(assistant.boards[0].candidates)
    assert len(first) == 1
    again = assistant.play("salet", [reply(game, "salet", "model")])
    assert again[1] == "(a repeat of guess 1: SALET tells nothing new and costs a guess)"
    assert len(assistant.boards[0].candidates) == left


def test_a_wrong_step_changes_nothing(game):
    assistant = Assistant(game)
    with pytest.raises(BadInput, match="no answer fits"):
        assistant.play("salet", ["GGGGG"])
    assert assistant.history == [] and len(assistant.boards[0].candidates) == 60


def test_a_reply_outside_the_answer_list_names_the_list_it_fits():
    """As the review does: today's newspaper draws from more answers, so a reply that leaves no
    candidate in the original list says which bundled list it fits (it read only 'no answer
    fits'), and the step is not played."""
    original = Game.from_lists("original")
    word = sorted(set(Game.from_lists("nyt-extended").answers.words)
                  - set(original.answers.words))[0]
    assistant = Assistant(original)
    with pytest.raises(BadInput, match=r"^no answer of answers-2315 fits, but the game fits 1 "
                                       r"answer of nyt-answers-3158 \(--lists nyt-extended\); if "
                                       r"that is not the list played, check the colours of "):
        assistant.play(word, ["GGGGG"])
    assert assistant.history == []
    with pytest.raises(BadInput, match=r"'ABASH' is not in the answer list answers-2315; it is in "
                                       r"nyt-answers-3158 \(--lists nyt-extended\)$"):
        Assistant(original, secrets=[word])  # and not '--lists big': no newspaper plays it


@pytest.mark.parametrize("hard", [False, True])
def test_the_opening_heuristics_carry_their_proven_value(hard):
    """In hard mode SOARE (entropy) and ARISE (max) have no strategy within 6: the rows said so
    nowhere, beside "every remaining answer can be found". Each heuristic's first guess now
    carries the bundled table's proven value (recomputed here from the table)."""
    game = Game.from_lists("original").with_limits("hard" if hard else "normal", 6)
    table = first_words(game)
    rows = Assistant(game).analysis().suggestions
    for row in [r for r in rows if r.status == "heuristic"]:
        value = table.values[row.word]
        if value is None:
            assert row.note.endswith("no strategy after it finds every answer within 6, proven")
        else:
            assert row.note.endswith(f"expected {value / 2315:.3f} guesses with optimal play "
                                     "after it, proven")
    if hard:
        assert [r.word for r in rows[:2]] == ["soare", "arise"]
        assert all("no strategy after it" in r.note for r in rows[:2])


def test_in_ultra_hard_mode_the_opening_rows_fall_back_on_hard_modes_table():
    """`assist --ultra` suggested SOARE and ARISE with no word on them: the ultra-hard table does
    not list them yet. Hard mode allows every guess ultra-hard mode does, so its table's "no
    tree" holds here too and its totals are lower bounds; the bundled tables agree on every word
    both list (a check of the claim on the data, not only of the wording)."""
    ultra = Game.from_lists("original").with_limits("ultra", 6)
    hard, strict = first_words(ultra.with_limits("hard")), first_words(ultra)
    both = set(hard.values) & set(strict.values)
    assert len(both) > 1000
    for word in both:
        if hard.values[word] is None:
            assert strict.values[word] is None, word
        elif strict.values[word] is not None:
            assert strict.values[word] >= hard.values[word], word
    rows = [r for r in Assistant(ultra).analysis().suggestions if r.status == "heuristic"]
    assert [r.word for r in rows[:2]] == ["soare", "arise"]
    for row in rows:
        if row.word in strict.values:
            continue
        value = hard.values[row.word]
        if value is None:
            assert row.note.endswith("no strategy after it finds every answer within 6, proven "
                                     "(not even in hard mode, which is less strict)")
        else:
            assert row.note.endswith(f"expected at least {value / 2315:.3f} guesses with optimal "
                                     "play after it, proven (its value in hard mode, which is "
                                     "less strict)")
    assert all("no strategy after it" in r.note for r in rows[:2])


def test_on_the_last_guess_the_heuristics_pick_a_possible_answer(original):
    """With one guess left a word that cannot be the answer cannot win, yet it splits the answers
    best: every greedy row named AWFUL over FIGHT, SIGHT and TIGHT."""
    assistant = Assistant(original)
    for step in ("salet=BBBBG", "night=BGGGG", "light=BGGGG", "might=BGGGG", "right=BGGGG"):
        word, code = step.split("=")
        assistant.play(word, [code])
    left = {original.answers.words[int(i)] for i in assistant.boards[0].candidates}
    assert len(left) == 3 and assistant.guesses_left == 1
    rows = [r for r in assistant.analysis().suggestions if r.status == "heuristic"]
    assert len(rows) == 3 and all(r.word in left for r in rows)


def test_one_candidate_left_names_the_answer(game):
    assistant = Assistant(game)
    for guess in ("salet", "chomp", "dwarf", "gucks", "vibex", "lymph"):
        assistant.play(guess, [reply(game, guess, "model")])
        if len(assistant.boards[0].candidates) == 1:
            break
    text = "\n".join(assistant.report())
    assert "the answer is MODEL" in text and "suggested: MODEL" in text


# ---------------------------------------------------------------- strategies


def test_suggestions_match_the_metrics_and_the_exact_search(game):
    assistant = Assistant(game, seed=0)
    assistant.play("salet", [reply(game, "salet", "crazy")])
    candidates = assistant.boards[0].candidates
    text = "\n".join(assistant.report())
    pool = np.arange(len(game.guesses))
    for label, metric in (("best entropy", "neg_entropy"), ("best max", "max"),
                          ("best average", "expectation")):
        word = next(line.split()[2] for line in text.splitlines() if line.strip().startswith(label))
        scores, _ = score_guesses(game, METRICS[metric], candidates, pool)
        assert scores[game.guess_id(word)] == scores.min()
    total, guess = solver_for(game, 0, 16).best_guess(candidates, 5, None)
    assert f"optimal       {game.guesses.words[guess].upper()}" in text
    assert f"{total} guesses in all for the {len(candidates)} answers" in text
    random_word = next(line.split()[2] for line in text.splitlines() if "random word" in line)
    assert game.answer_index[random_word.lower()] in candidates


def test_optimal_search_skipped_above_the_threshold(game):
    text = "\n".join(Assistant(game, optimal_max=10).report())
    assert "skipped: 60 candidates > 10" in text


@pytest.mark.parametrize("mode", ["normal", "hard"])
def test_a_skipped_search_still_says_whether_a_sure_finish_exists(mode):
    """With the exact search skipped (too many candidates) the assistant said nothing about
    whether every answer can still be found; a greedy tree now decides it when it fits, and never
    claims what the exact search refutes."""
    seen = set()
    for limit in (2, 3, 4, 6):
        game = small_game(60, mode=mode, max_guesses=limit)
        analysis = Assistant(game, optimal_max=10).analysis()
        greedy = analysis.verdict
        best_max = next(r.word for r in analysis.suggestions if r.label == "best max")
        exact = Assistant(game, optimal_max=1_000).analysis().verdict
        assert greedy is not None and "skipped (60 candidates > 10)" in greedy or \
            greedy.startswith("decided")
        seen.add(greedy.split(":")[0])
        if greedy.startswith("decided"):  # a tree within the limit exists: exact agrees
            assert exact.startswith("decided")
            first, needed = re.search(r"\((\w+), then .* needs at most (\d)\)", greedy).groups()
            assert int(needed) <= limit and first.lower() == best_max.lower()  # (here it fits)
        if exact is not None and exact.startswith("no sure win (proven)"):  # proven impossible
            assert greedy.startswith("not decided")
            seen.add("no sure win")
    assert seen == {"decided", "not decided", "no sure win"}  # every verdict is reached


def test_hard_mode_rejects_an_illegal_guess_and_suggests_legal_ones():
    game = small_game(60, mode="hard")
    assistant = Assistant(game)
    assistant.play("salet", [reply(game, "salet", "model")])
    state = assistant.hard_state()
    illegal = next(w for w in game.guesses.words if state.violation(w))
    with pytest.raises(BadInput, match="not allowed in hard mode"):
        assistant.play(illegal, ["BBBBB"])
    for line in assistant.report():
        if line.startswith("  best"):
            assert state.allows(line.split()[2].lower())


@pytest.mark.parametrize("mode, found", [("normal", 3), ("hard", 2)])
def test_with_no_sure_win_and_two_guesses_left_the_best_chance_is_named(original, mode, found):
    """_ATCH, four answers left (BATCH, CATCH, HATCH, PATCH), two guesses: no strategy is sure to
    find all four, and the assistant said only that. Now it names the guess that finds the most,
    checked here by brute force over every allowed guess (in hard mode every legal one: each
    keeps ATCH, so it tests one first letter and finds 2) and by playing its strategy out."""
    game = original.with_limits(mode, 6)
    assistant = Assistant(game)
    for word, answer in (("stare", "patch"), ("latch", "patch"), ("match", "patch"),
                         ("watch", "patch")):
        assistant.play(word, [reply(game, word, answer)])
    left = [game.answers.words[int(i)] for i in assistant.boards[0].candidates]
    analysis = assistant.analysis()
    row = next(r for r in analysis.suggestions if r.label == "best chance")
    state = assistant.hard_state()
    allowed = [w for w in game.guesses.words if state is None or state.allows(w)]

    def finds(guess: str) -> int:  # one answer per reply: the guess itself, or the last guess
        return len({game.reply(guess, answer) for answer in left})

    assert len(left) == 4 and max(finds(w) for w in allowed) == found == finds(row.word)
    assert row.word in allowed and row.status == "proven" and analysis.pick == row.word
    won = 0
    for answer in left:  # its strategy played out: the first answer of each reply's group last
        code = game.reply(row.word, answer)
        last = row.word if row.word == answer else next(
            a for a in left if game.reply(row.word, a) == code)
        won += last == answer
    assert won == found
    assert f"finds {found} of the 4 answers ({found * 25}%)" in row.note
    assert analysis.verdict.startswith("no sure win (proven)")
    assert f"the best chance: {row.word.upper()} finds {found} of the 4" in analysis.verdict


def test_the_best_chance_by_weight_is_the_brute_force_best(game):
    """On a weighted game a guess finds, after each reply, the heaviest answer of those left:
    `best_chance` against every guess counted by hand, on random sets of a small game."""
    weighted = game.with_weights(weights_from_values("test", "ramp",
                                                     np.arange(1.0, len(game.answers) + 1)))
    rng = np.random.default_rng(5)
    pool = np.arange(len(game.guesses))
    for _ in range(20):
        candidates = np.sort(rng.choice(len(game.answers), 6, replace=False))
        weights = weighted.answer_weights[candidates]

        def finds(g: int) -> int:
            codes = game.matrix[g, candidates]
            return sum(int(weights[codes == c].max()) for c in set(codes.tolist()))

        chance = best_chance(weighted, candidates, None)
        assert chance.found == finds(chance.guess) == max(finds(int(g)) for g in pool)
        assert chance.whole == int(weights.sum())


def brute_force_chance(game, answers: np.ndarray, left: int, state) -> int:
    """The most answers any strategy finds within `left` guesses (1 to 3), by trying every legal
    guess at every step (no bound, no pruning; nothing of `optimal.play.chance`)."""
    if left == 1 or answers.size == 1:
        return 1
    words, best = game.guesses.words, 0
    for g, word in enumerate(words):
        if state is not None and not state.allows(word):
            continue
        codes = game.matrix[g, answers]
        found = sum(1 if code == game.won else
                    brute_force_chance(game, answers[codes == code], left - 1,
                                       None if state is None else state.after(word, int(code)))
                    for code in np.unique(codes))
        best = max(best, found)
    return best


@pytest.mark.slow
@pytest.mark.parametrize("mode, offset", [("normal", 0), ("hard", 100)])
def test_the_best_chance_within_three_guesses_is_the_brute_force_best(mode, offset, monkeypatch):
    """Three guesses left and no sure win (the exact search proves it, from the start of a small
    game of 3 guesses, 150 answers: fewer can all be found there): the search, bounded and
    pruned (its size limit lifted), against every legal sequence of guesses; and the word it
    names finds that many."""
    monkeypatch.setattr(chance_module, "THREE_LEFT_MOST", 1_000)
    monkeypatch.setattr(chance_module, "THREE_LEFT_SECONDS", 600.0)  # (a loaded machine)
    game = small_game(150, mode=mode, max_guesses=3, offset=offset)
    analysis = Assistant(game).analysis()
    row = next(r for r in analysis.suggestions if r.label == "best chance")
    assert analysis.verdict.startswith("no sure win (proven)")
    state = game.hard_state([]) if game.hard else None
    everyone = np.arange(len(game.answers))
    expected = brute_force_chance(game, everyone, 3, state)
    assert f"finds {expected} of the 150 answers" in row.note
    assert state is None or state.allows(row.word)
    codes = game.matrix[game.guess_index[row.word], everyone]
    assert sum(1 if c == game.won else brute_force_chance(
        game, everyone[codes == c], 2, None if state is None else state.after(row.word, int(c)))
        for c in np.unique(codes)) == expected


def test_a_hard_mode_trap_with_three_guesses_left_gets_its_best_chance(original, monkeypatch):
    """_IGHT in hard mode, three guesses left, four answers: every legal guess keeps IGHT and
    tests one first letter, so three of the four is the best (brute force over every legal
    guess), and the row says so (its deadline lifted: a loaded machine must not fail this)."""
    monkeypatch.setattr(chance_module, "THREE_LEFT_SECONDS", 600.0)
    game = original.with_limits("hard", 6)
    assistant = Assistant(game)
    for word in ("salet", "fight", "right"):
        assistant.play(word, [reply(game, word, "might")])
    row = next(r for r in assistant.analysis().suggestions if r.label == "best chance")
    left = assistant.boards[0].candidates
    expected = brute_force_chance(game, left, 3, assistant.hard_state())
    assert expected == 3 and f"finds 3 of the {len(left)} answers" in row.note


# ---------------------------------------------------------------- several boards


def test_two_boards_get_the_dordle_engines_proven_optimum(game):
    """Dordle: the suggestion is the engine's exact best next guess over the pairs of answers still
    possible, said to be proven (the fixture's limit is 6, so 5 guesses are left)."""
    assistant = Assistant(game, boards=2)
    assistant.play("salet", [reply(game, "salet", "model"), reply(game, "salet", "crazy")])
    board1, board2 = (b.candidates for b in assistant.boards)
    value = DordleSolver(game).solve(board1, board2, 5)  # first: compiles the kernel, off the budget
    line = next(x for x in assistant.report() if x.startswith("suggested:"))
    games = len(board1) * len(board2) - len(set(board1) & set(board2))
    assert f"{value:,} guesses in all for the {games:,} games left" in line
    assert line.endswith("proven optimal)")
    guess = game.guess_id(line.split()[1])
    assert DordleSolver(game).evaluate(board1, board2, guess, 5)[0] == value


def test_a_big_dordle_state_gets_the_beam_at_once_not_a_long_exact_step(game, monkeypatch):
    """The terminal's 2 s budget is looked at between cutoff steps, so a state of more games than
    the page proves gets the beam without an exact step (one could run a minute)."""
    budgets = []
    real = exact_module.dordle_next_guess
    monkeypatch.setattr("optimal.play.exact.dordle_next_guess",
                        lambda game, b1, b2, left, budget, *rest: budgets.append(budget)
                        or real(game, b1, b2, left, budget, *rest))
    everything = game.all_candidates()
    found = DirectSearch().find_dordle(game, everything, everything, 6)
    assert budgets == [0.0] and not found.proven and found.word is not None
    assert found.why == (f"too many games ({60 * 59:,}) to prove at a prompt; the exact search "
                         f"runs at up to {exact_module.DORDLE_PROOF_MAX_GAMES:,}")
    board = everything[:20]
    assert DirectSearch().find_dordle(game, board, board, 6).proven  # 380 games: searched exactly
    assert budgets[1] == exact_module.DORDLE_BUDGET


def test_two_boards_fall_back_to_information_when_the_engine_declines(game, monkeypatch):
    monkeypatch.setattr("optimal.play.exact.dordle_next_guess", lambda *args: None)
    assistant = Assistant(game, boards=2)
    assistant.play("salet", [reply(game, "salet", "model"), reply(game, "salet", "crazy")])
    line = next(x for x in assistant.report() if x.startswith("suggested:"))
    assert "over 2 unsolved boards" in line


def test_several_boards_finish_the_known_answer_first(game):
    words = game.answers.words
    # a guess that isolates one answer (a singleton reply group) but leaves another's group large
    for guess in ("salet", "crane", "trace", "roate"):
        codes = game.matrix[game.guess_id(guess)]
        sizes = np.bincount(codes, minlength=game.n_codes)
        single = [j for j in range(len(words)) if sizes[codes[j]] == 1 and words[j] != guess]
        big = [j for j in range(len(words)) if sizes[codes[j]] > 3]
        if single and big:
            break
    known, other, third = words[single[0]], words[big[0]], words[big[1]]
    assistant = Assistant(game, boards=3)
    assistant.play(guess, [reply(game, guess, w) for w in (known, other, third)])
    text = "\n".join(assistant.report())
    assert f"suggested: {known.upper()} (board 1's answer is known)" in text
    assert f"board 1: 1 left, the answer is {known.upper()}" in text
    with pytest.raises(BadInput, match="needs 3 replies"):
        assistant.play(known, ["GGGGG"])
    assistant.play(known, ["GGGGG", reply(game, known, other), reply(game, known, third)])
    assert assistant.unsolved == [1, 2]
    with pytest.raises(BadInput, match="needs 2 replies"):
        assistant.play("salet", ["BBBBB"])
    assert "suggested:" in "\n".join(assistant.report())


def test_several_boards_maximize_summed_information(game):
    assistant = Assistant(game, boards=3)
    assistant.play("salet", [reply(game, "salet", w) for w in ("model", "crazy", "cigar")])
    line = next(x for x in assistant.report() if x.startswith("suggested:"))
    pool = np.arange(len(game.guesses))
    total = sum(score_guesses(game, METRICS["neg_entropy"], b.candidates, pool)[0]
                for b in assistant.boards)
    assert total[game.guess_id(line.split()[1])] == pytest.approx(total.min())
    assert "over 3 unsolved boards" in line


def test_the_last_board_of_several_gets_the_proven_optimum(game):
    """Quordle with one board left is a Wordle game of its own: the assistant gave it only the
    many-board heuristic (71 answers, 'a heuristic'); now the one-board suggestions and the exact
    optimum over that board's answers within the guesses left."""
    def after_two(third: str) -> Assistant:
        assistant = Assistant(game, boards=3, secrets=["model", "crazy", third])
        assistant.play("model", [])
        assistant.play("crazy", [])
        return assistant

    third = max((w for w in game.answers.words if w not in ("model", "crazy")),
                key=lambda w: len(after_two(w).boards[2].candidates))
    assistant = after_two(third)
    assert assistant.unsolved == [2] and len(assistant.boards[2].candidates) > 3
    analysis = assistant.analysis()
    optimal = next(r for r in analysis.suggestions if r.label == "optimal")
    board = assistant.boards[2].candidates
    left = assistant.guesses_left
    value = solver_for(game, 0, 64).solve(board, left)
    assert analysis.optimal.proven and analysis.optimal.total == value
    assert optimal.word != "-" and optimal.word.lower() in game.guess_index
    assert f"{value:,} guesses in all for the {len(board):,} answers" in optimal.note
    text = "\n".join(assistant.report())
    assert "suggestions:" in text and "a heuristic" not in text


def test_more_boards_than_guesses_left_is_said_to_be_lost(game):
    """Four boards with three guesses: a guess solves at most one board, so the game cannot be won;
    the note said nothing of it and quoted the average bound of the unlimited game."""
    line = next(x for x in Assistant(game.with_limits(max_guesses=3), boards=4).report()
                if x.startswith("suggested:"))
    assert "cannot be won: 4 boards unsolved and 3 guesses left" in line
    assert "proven lower bound" not in line
    line = next(x for x in Assistant(game.with_limits(max_guesses=9), boards=4).report()
                if x.startswith("suggested:"))
    assert "cannot be won" not in line and "proven lower bound" in line


@pytest.mark.parametrize("boards", [4, 8])
def test_quordle_and_octordle_quote_the_players_sampled_average_beside_the_bound(original, boards):
    """At the start of a game of 4 or 8 boards on the original lists the note brackets the
    optimum: what the suggested player averages over the committed run's sampled games (its
    mean and 95% interval, said to be an estimate) and the proven lower bound on any strategy."""
    import json
    from pathlib import Path

    limit = boards + 5
    folder = (Path(__file__).resolve().parent.parent / "results" / "multi-board" /
              f"answers-2315-guesses-12972-normal-d{limit}-boards{boards}")
    run = json.loads((folder / "summary.json").read_text())
    mean = run["strategies"][0]["mean"]
    low, high = run["strategies"][0]["interval95"]
    line = next(x for x in Assistant(original.with_limits(max_guesses=limit), boards=boards).report()
                if x.startswith("suggested:"))
    assert f"averages {mean:.3f} guesses (95% interval {low:.3f}-{high:.3f}" in line
    assert "an estimate from 100,000 sampled games" in line
    assert f"no strategy averages fewer than {run['lower_bound']['mean']:.3f}" in line
    # another game (another limit): no run played it, so no figure is quoted for it
    line = next(x for x in Assistant(original.with_limits(max_guesses=limit + 1),
                                     boards=boards).report() if x.startswith("suggested:"))
    assert "sampled games" not in line and "proven lower bound" in line


# ---------------------------------------------------------------- Absurdle


def test_absurdle_replies_itself(game):
    assistant = Assistant(game, absurdle=True)
    code, kept = absurdle_reply(game, game.all_candidates(), "salet")
    lines = assistant.play("salet", [])
    assert lines == [f"SALET Absurdle replies {game.reply_text(code)}: {len(kept)} answers left"]
    assert np.array_equal(assistant.boards[0].candidates, kept)
    assert "suggested:" in "\n".join(assistant.report())
    with pytest.raises(BadInput, match="type only the guess"):
        assistant.play("crane", ["BBBBB"])


def test_absurdle_prompt_loop_until_won(game):
    """The input stream is a generator that plays the assistant's own suggestion each time."""
    assistant = Assistant(game, absurdle=True)

    def moves():
        yield "salet"
        while True:
            yield next(x for x in assistant.report() if x.startswith("suggested:")).split()[1]

    out = io.StringIO()
    assert run_loop(assistant, moves(), out) == 0
    assert assistant.won
    words = [word for word, _ in assistant.history]
    steps = absurdle_replay(game, words)  # Absurdle's replies by the plain statement of its rule
    assert [codes for _, codes in assistant.history] == [[code] for _, code, _ in steps]
    replies = [line for line in out.getvalue().splitlines() if " Absurdle replies " in line]
    assert replies == [f"{w.upper()} Absurdle replies {game.reply_text(c)}: {n} answer"
                       f"{'s' if n != 1 else ''} left" for w, c, n in steps[:-1]]
    assert steps[-1][1] == game.won and steps[-2][2] == 1
    assert out.getvalue().rstrip().endswith(f"solved in {len(words)} guesses")


# ---------------------------------------------------------------- puzzle


def test_puzzle_is_seeded_and_replies_itself(game):
    first, second = Assistant(game, puzzle=True, seed=5), Assistant(game, puzzle=True, seed=5)
    opening = first.start()
    assert opening == second.start()
    assert len(first.history) in (2, 3) and not first.won
    secret = game.answers.words[first.boards[0].secret]
    guess = "salet" if secret != "salet" else "crane"
    with pytest.raises(BadInput, match="the reply to"):
        wrong = "GGGGG" if reply(game, guess, secret) != "GGGGG" else "BBBBB"
        first.play(guess, [wrong])
    code, out = drive(second, "list", secret, "quit")
    assert f"{secret.upper()} GGGGG: found it" in out and "solved in" in out


def test_a_puzzle_hides_its_suggestions_until_asked(game):
    """A puzzle printed every strategy's pick at once, and with one answer left 'the answer is
    ...' or that answer as every suggestion: the practice was given away before the first key."""
    assistant = Assistant(game, puzzle=True, secrets=["model"], seed=1)
    assistant.start()
    hidden = assistant.report()
    assert hidden[-1] == HINTS_HIDDEN and not any("MODEL" in line for line in hidden)
    assert any(line.startswith("suggestions:") or line.startswith("suggested:")
               for line in assistant.report(hints=True))
    code, out = drive(Assistant(game, puzzle=True, secrets=["model"], seed=1), "hint", "quit")
    assert out.count(HINTS_HIDDEN) == 1 and "hint, help or quit" in out
    assert out.rstrip().endswith("suggested: MODEL")  # one answer left: asked for, named
    shown = Assistant(game, puzzle=True, secrets=["model"], seed=1, show=True)
    shown.start()
    assert HINTS_HIDDEN not in shown.report()  # --show: the player asked for spoilers


def test_puzzle_with_a_fixed_answer(game):
    assistant = Assistant(game, puzzle=True, secrets=["model"], seed=1)
    assistant.start()
    assert game.answers.words[assistant.boards[0].secret] == "model"
    assistant.play("model", [])
    assert assistant.won and assistant.report() == [f"solved in {len(assistant.history)} guesses"]


# ---------------------------------------------------------------- the command line


@pytest.fixture(scope="module")
def list_args(tmp_path_factory, game):
    folder = tmp_path_factory.mktemp("lists")
    answers, guesses = folder / "answers.txt", folder / "guesses.txt"
    answers.write_text("\n".join(game.answers.words) + "\n")
    guesses.write_text("\n".join(game.guesses.words) + "\n")
    return ["--answers", str(answers), "--guesses", str(guesses)]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "optimal.assist", *args], capture_output=True,
                          text=True, timeout=60)


def determining_history(game, answer: str) -> str:
    """A history after which only `answer` fits."""
    steps, candidates = [], game.all_candidates()
    for guess in ("salet", "chomp", "dwarf", "gucks", "vibex", "lymph", "chomp", "blind"):
        steps.append(f"{guess}={reply(game, guess, answer)}")
        candidates = game.candidates([(w, game.parse_reply(r)) for w, r in
                                      (s.split("=") for s in steps)])
        if len(candidates) == 1:
            return ",".join(steps)
    raise AssertionError("no determining history")


def test_history_prints_the_answer_when_determined(game, list_args):
    history = determining_history(game, "model")
    result = run(*list_args, "--history", history)
    assert result.returncode == 0, result.stderr
    assert "the answer is MODEL" in result.stdout and "suggested: MODEL" in result.stdout


@pytest.mark.parametrize("history, message", [
    ("salet=GGGGG", "no answer fits: check the colours of SALET"),
    ("zzzzz=BBBBB", "'ZZZZZ' is not in the guess list"),
    ("salet=GGGGY", "impossible"),
    ("salet=BBY", "has 3 marks; expected 5"),
])
def test_history_bad_input_is_one_stderr_line_and_exit_2(list_args, capsys, history, message):
    assert main([*list_args, "--history", history]) == 2
    captured = capsys.readouterr()
    assert message in captured.err and len(captured.err.strip().splitlines()) == 1
    assert captured.out == ""


def test_history_hard_mode_violation_and_bad_options(list_args, capsys):
    assert main([*list_args, "--hard", "--history", "salet=BBYBB,chomp=BBBBB"]) == 2
    assert main([*list_args, "--boards", "2", "--hard", "--history", ""]) == 2
    assert main([*list_args, "--absurdle", "--boards", "2", "--history", ""]) == 2
    assert main([*list_args, "--answer", "zzzzz", "--history", ""]) == 2
    errors = capsys.readouterr().err.strip().splitlines()
    assert len(errors) == 4
    assert "not allowed in hard mode: it must contain L" in errors[0]
    assert "--hard goes with one board" in errors[1]


def test_show_prints_the_remaining_answers(list_args, capsys):
    assert main([*list_args, "--history", "salet=BBBBB", "--show"]) == 0
    out = capsys.readouterr().out
    assert "5 left: BOOBY HUMPH IVORY MIMIC POUND" in out  # the answers with no S, A, L, E, T
    assert main([*list_args, "--history", "salet=BBBBB"]) == 0
    assert "left: " not in capsys.readouterr().out


def test_quordle_puzzle_from_the_command_line(game, list_args, capsys):
    assert main([*list_args, "--boards", "4", "--puzzle", "--seed", "3", "--history", ""]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("Quordle: 60 answers") and lines[0].endswith("normal mode, 9 guesses.")
    # each board's 'n left' is the number of answers that fit that board's replies so far
    histories: list[list] = [[], [], [], []]
    moves = [line for line in lines if re.fullmatch(r"[A-Z]{5}: board 1 .*", line)]
    assert 2 <= len(moves) <= 3
    for line in moves:
        word, boards = line.split(": ", 1)
        for k, part in enumerate(boards.split("; ")):
            label, reply_text, left, _ = part.rsplit(" ", 3)
            assert label == f"board {k + 1}"
            histories[k].append((word.lower(), game.parse_reply(reply_text)))
            assert int(left) == len(game.candidates(histories[k]))
    assert f"4 of 4 boards unsolved, {9 - len(moves)} guesses left" in lines
    assert "type" not in lines[1]  # a --history run types nothing: no "type a word" invitation
    known = [k for k in range(4) if len(game.candidates(histories[k])) == 1]
    assert lines[-1] == HINTS_HIDDEN  # a puzzle: the suggestion waits until asked
    if known:
        answer = game.answers.words[game.candidates(histories[known[0]])[0]].upper()
        assert main([*list_args, "--boards", "4", "--puzzle", "--seed", "3", "--history", "",
                     "--show"]) == 0
        shown = capsys.readouterr().out.splitlines()
        assert f"suggested: {answer} (board {known[0] + 1}'s answer is known)" in shown


def test_help_shows_examples(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--help"])
    text = capsys.readouterr().out
    assert exit_info.value.code == 0
    assert "examples:" in text and "--history salet=BBYBB,clint=BYYBB" in text
    assert "salet BBYBB GYBBB" in text  # the multi-board input format


def test_a_typed_line_takes_every_spelling_of_a_history_all_or_none(game):
    """The prompt read 'salet.B.Y..' and 'salet⬛⬛🟨⬛⬛' as one unknown word (--history read
    both); a line may hold several steps, and a wrong one takes back the steps before it."""
    first = reply(game, "salet", "model")
    dotted = first.replace("B", ".")
    squares = first.translate(str.maketrans("BYG", "\u2b1b\U0001f7e8\U0001f7e9"))
    for line in (f"salet.{dotted}", f"salet{squares}", f"salet: {first}"):
        assistant = Assistant(game)
        code, out = drive(assistant, line, "quit")
        assert "error" not in out and assistant.history == [("salet", [game.parse_reply(first)])]
    assistant = Assistant(game)
    code, out = drive(assistant, f"salet {first} model GGGGY", "quit")  # the second is wrong
    assert "error: " in out and assistant.history == []
    code, out = drive(assistant, f"salet {first} model GGGGG", "quit")
    assert assistant.won and len(assistant.history) == 2


def test_a_mistyped_command_is_named(game):
    """'lsit' was read as a four-letter guess ('--lists len4 plays those')."""
    code, out = drive(Assistant(game), "lsit", "undp", "quit")
    assert "error: 'lsit' is no command and no step: did you mean list?" in out
    assert "error: 'undp' is no command and no step: did you mean undo?" in out
    # a word typed without its colours is told so, however close to a command it is
    code, out = drive(Assistant(game), "model", "quit")
    assert "error: type MODEL and its colours" in out and "did you mean" not in out


def test_a_slash_after_a_word_or_between_spaced_replies_separates(game):
    """parse_step split on '/', split_history (which the prompt now uses) did not."""
    assert split_history("salet/BBYBB", game) == [("salet", ["BBYBB"])]
    assert split_history("salet BBYBB / GYBBB", game) == [("salet", ["BBYBB", "GYBBB"])]
    assert split_history("salet.BBYBB/GYBBB.clint", game) == [("salet", ["BBYBB", "GYBBB"]),
                                                             ("clint", [])]
