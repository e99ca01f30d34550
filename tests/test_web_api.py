"""The web API through Starlette's test client: every endpoint, and every kind of bad input gets a
4xx with one clear message and the input it concerns; never a 500 (the client re-raises any
server error, so one would fail the test). The original lists, so the bundled trees apply."""

from __future__ import annotations

import asyncio
import json
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from starlette.testclient import TestClient

import optimal.play.exact as exact
from lookahead import DordleSolver, SearchSetting, best_next_guess
from optimal.adversaries import absurdle_reply, evil_game
from optimal.errors import DefectiveTree
from optimal.game import Game
from optimal.play.assistant import Assistant
from optimal.tree import path_of, read_tree, selby_lines
from optimal.web.app import Gate, Limits, create_app
from optimal.web.command import build_parser
from optimal.web.command import main as web_main
from optimal.web.params import Busy
from optimal.web.service import Service
from optimal.web.trees import BUNDLED

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def original() -> Game:
    return Game.from_lists("original")


@pytest.fixture(scope="module")
def client(original):
    # load (or, in a fresh cache, compile) the kernels first, so no request's time budget is
    # spent compiling: the tests below check proven answers, not how long a compile takes
    best_next_guess(original, original.all_candidates()[:5], 3, None, SearchSetting(cache_mb=64))
    app = create_app(lambda: Service(original, budget=5.0, trees=[ROOT / "results"]),
                     Limits(slots=2, waiting=8, max_upload=300_000))
    with TestClient(app) as test_client:
        yield test_client


def bad(client, status: int, field: str | None, method: str = "get", **kwargs) -> dict:
    """A request that must fail with `status`, a one-line message and the named field."""
    response = getattr(client, method)(**kwargs)
    assert response.status_code == status, response.text
    body = response.json()
    assert body["error"] and "\n" not in body["error"] and "Traceback" not in body["error"]
    if field:
        assert body.get("field") == field, body
    return body


def game(client, **params) -> dict:
    response = client.get("/api/game", params=params)
    assert response.status_code == 200, response.text
    return response.json()


# ---------------------------------------------------------------- the page and its files


def test_the_page_is_served_from_the_package_and_loads_nothing_from_elsewhere(client):
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "default-src 'self'" in page.headers["content-security-policy"]
    for name in ("app.js", "app.css"):
        response = client.get(f"/static/{name}")
        assert response.status_code == 200
        text = response.text
        assert "//cdn" not in text and "https://" not in text
    assert 'src="http' not in page.text and 'href="http' not in page.text


def test_the_page_is_es_modules_served_as_they_are(client):
    """app.js is the entry of plain ES modules (no build step, no CDN): the page loads it as a
    module, and every module it imports, directly or not, is served from /static/."""
    assert '<script type="module" src="/static/app.js"></script>' in client.get("/").text
    todo, seen = ["app.js"], set()
    while todo:
        name = todo.pop()
        seen.add(name)
        response = client.get(f"/static/{name}")
        assert response.status_code == 200, name
        assert "javascript" in response.headers["content-type"]
        assert "https://" not in response.text and "//cdn" not in response.text
        todo += [found for found in re.findall(r'from "\./([\w-]+\.js)"', response.text)
                 if found not in seen]
    assert {"app.js", "state.js", "tabs.js", "game.js", "tree.js"} <= seen


@pytest.mark.parametrize("path", ["/static/../../pyproject.toml", "/static/%2e%2e/app.py",
                                  "/static/nothing.js", "/nowhere"])
def test_no_file_outside_the_static_folder_is_served(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert "[project]" not in response.text and "Starlette" not in response.text


def test_info_and_health(client):
    info = client.get("/api/info").json()
    assert info["answers"] == {"name": "answers-2315", "count": 2315}
    assert info["boards"] == [1, 2, 4, 8, 16] and info["budget"] == 5.0
    ids = [t["id"] for t in info["trees"]]
    assert ids[:2] == ["salet-hard", "salet-normal"]
    assert any(i.startswith("results/") for i in ids)
    health = client.get("/api/health").json()
    assert health["ok"] and set(health["searches"]) == {"exact", "beam", "dordle"}


def test_a_wrong_method_is_a_json_405(client):
    bad(client, 405, None, method="delete", url="/api/game")


# ---------------------------------------------------------------- /api/game


def test_assist_gives_the_proven_optimum_and_the_per_answer_table(client, original):
    data = game(client, history="salet=BBYBB,clint=BYYBB")
    assert data["status"] == "playing" and data["guesses_left"] == 4
    assert data["history"] == "salet=BBYBB,clint=BYYBB"
    board = data["boards_state"][0]
    candidates = original.candidates([("salet", original.parse_reply("BBYBB")),
                                      ("clint", original.parse_reply("BYYBB"))])
    assert board["count"] == len(candidates) == 11
    assert board["candidates"] == [original.answers.words[i] for i in candidates]
    best = best_next_guess(original, candidates, 4, None, SearchSetting(cache_mb=64))
    optimal = data["optimal"]
    assert optimal["proven"] and optimal["word"] == best.word and optimal["total"] == best.total
    assert data["suggestions"][-1]["status"] == "proven" and data["pick"] == best.word
    table = {row["answer"]: row["guesses"] for row in optimal["table"]}
    assert sorted(table) == board["candidates"] and sum(table.values()) == best.total
    assert data["verdict"].startswith("decided:")


def test_the_search_s_history_spelling_is_accepted(client):
    """?history=salet.BBYBB (the --from spelling) is the same game as salet=BBYBB."""
    dotted = game(client, history="salet.BBYBB.clint.BYYBB")
    assert dotted["history"] == "salet=BBYBB,clint=BYYBB"
    assert dotted["boards_state"][0]["count"] == 11
    for history, words in (("salet.GGGGY", "impossible"), ("salet.BBYBBB", "more than 5 marks"),
                           ("zzzzz.BBBBB", "not in the guess list")):
        body = bad(client, 400, "history", url="/api/game", params={"history": history})
        assert words in body["error"], body


def test_the_page_and_the_terminal_share_one_analysis(client, original):
    """The API's suggestions are the terminal assistant's, word for word and note for note."""
    data = game(client, history="salet=BBYBB", seed="4")
    terminal = Assistant(original, seed=4)
    terminal.play("salet", ["BBYBB"])
    lines = terminal.report()
    for row in data["suggestions"]:
        assert f"  {row['label']:<13} {row['word'].upper():<8} {row['note']}" in lines


def test_hard_mode_toggle(client):
    data = game(client, history="salet=BBYBB", hard="1")
    assert data["hard"] and "hard mode" in data["header"]
    body = bad(client, 400, "history", url="/api/game",
               params={"history": "salet=BBYBB,chomp=BBBBB", "hard": "1"})
    assert body["step"] == 2 and "not allowed in hard mode: it must contain L" in body["error"]


def test_several_boards(client, original):
    data = game(client, boards="4", history="salet=BBYBB/GYBBB/BBBBB/BBBBG")
    assert data["name"] == "Quordle" and data["max_guesses"] == 9
    assert [b["count"] for b in data["boards_state"]] == [
        len(original.candidates([("salet", original.parse_reply(r))]))
        for r in ("BBYBB", "GYBBB", "BBBBB", "BBBBG")]
    assert len(data["suggestions"]) == 1 and "bits over 4 unsolved boards" in data["suggestions"][0]["note"]
    assert data["optimal"] is None


def test_octordle_starts_with_the_players_estimate_and_the_proven_bound(client):
    """Eight boards on the page: the note at the start quotes the player's sampled average (an
    estimate) and the proven lower bound, as the assistant does."""
    data = game(client, boards="8")
    assert data["name"] == "Octordle" and data["max_guesses"] == 13
    note = data["suggestions"][0]["note"]
    assert "bits over 8 unsolved boards" in note
    assert "sampled games" in note and "(a proven lower bound)" in note


def dordle_boards(game: Game, history: list[str], answers: tuple[str, str]) -> tuple[str, list]:
    """The page's history for `history` played against two answers, and the boards after it."""
    steps, boards = [], []
    for word in history:
        steps.append(word + "=" + "/".join(game.reply_text(game.reply(word, a)) for a in answers))
    for answer in answers:
        kept = game.all_candidates()
        for word in history:
            row = game.matrix[game.guess_id(word)]
            kept = kept[row[kept] == row[game.answer_index[answer]]]
        boards.append(kept)
    return ",".join(steps), boards


def test_two_boards_get_the_dordle_engines_proven_optimum(client, original):
    """Dordle on the page: the suggestion is the Dordle engine's exact best guess over the pairs
    of answers still possible, marked proven, with its total; the same as the terminal's."""
    dordle = original.with_limits("normal", 7)
    history, (board1, board2) = dordle_boards(dordle, ["salet", "crony"], ("dough", "humph"))
    solver = DordleSolver(dordle)
    value = solver.solve(board1, board2, 5)  # also loads the pair kernel, off the request's budget
    data = game(client, boards="2", history=history)
    (row,) = data["suggestions"]
    games = len(board1) * len(board2)
    assert row["status"] == "proven" and row["total"] == value == data["optimal"]["total"]
    assert data["optimal"]["proven"] and data["optimal"]["games"] == games
    assert f"{value:,} guesses in all for the {games:,} games left" in row["note"]
    assert "proven optimal" in row["note"] and data["pick"] == row["word"]
    assert solver.evaluate(board1, board2, dordle.guess_id(row["word"]), 5)[0] == value
    terminal = Assistant(dordle, boards=2)
    for step in history.split(","):
        word, replies = step.split("=")
        terminal.play(word, replies.split("/"))
    assert terminal.analysis().suggestions[0].as_dict() == row


@pytest.mark.slow  # the quick suite keeps two boards' proven optimum and a search shown running
def test_a_dordle_state_too_big_to_search_gets_the_heuristic(client):
    data = game(client, boards="2")
    (row,) = data["suggestions"]
    assert row["status"] == "heuristic" and "bits over 2 unsolved boards" in row["note"]
    assert data["optimal"] is None


@pytest.mark.slow  # the quick suite keeps the one-board case
def test_over_budget_dordle_gets_the_beams_upper_bound(original, monkeypatch):
    """Past the budget the Dordle suggestion is the beam's, marked an upper bound and not proven,
    with the reason; the exact search goes on, and asking again gets the proof."""
    real = exact.search_dordle

    def slow(game, board1, board2, left, budget, why=""):
        if budget > 0:
            time.sleep(1.0)
        return real(game, board1, board2, left, budget, why)

    monkeypatch.setattr(exact, "search_dordle", slow)
    dordle = original.with_limits("normal", 7)
    history, (board1, board2) = dordle_boards(dordle, ["salet", "crony"], ("dough", "humph"))
    value = DordleSolver(dordle).solve(board1, board2, 5)
    # the request's budget (0.2 s) is what the exact search gets; the beam is waited for up to the
    # server's (10 s), since it sets up a solver of its own, which takes a while on a busy machine
    app = create_app(lambda: Service(original, budget=10.0))
    with TestClient(app) as client:
        data = game(client, boards="2", history=history, budget="0.2")
        (row,) = data["suggestions"]
        assert row["status"] == "upper bound" and "not proven" in row["note"], data["optimal"]
        assert not data["optimal"]["proven"] and data["optimal"]["beam"] == 1
        assert "budget" in data["optimal"]["why"] and data["optimal"]["total"] >= value
        again = game(client, boards="2", history=history)  # waits for the exact search
        assert again["optimal"]["proven"] and again["optimal"]["total"] == value
        assert again["suggestions"][0]["status"] == "proven"


def test_a_solved_board_takes_no_more_replies(client, original):
    model = original.reply_text(original.reply("salet", "model"))
    data = game(client, boards="2", history=f"salet={model}/BBBBB,model=GGGGG/BBBBB")
    assert data["boards_state"][0]["solved_at"] == 2 and data["steps"][1]["boards"][0]["solved"]
    data = game(client, boards="2", history=data["history"] + ",crony=BBBBB")
    assert data["steps"][2]["boards"][0] is None
    bad(client, 400, "history", url="/api/game",
        params={"boards": "2", "history": data["history"] + ",crane=BBBBB/BBBBB"})


def test_absurdle_replies_itself(client, original):
    data = game(client, mode="absurdle", history="salet,crony")
    code, kept = absurdle_reply(original, original.all_candidates(), "salet")
    assert data["steps"][0]["boards"][0]["reply"] == original.reply_text(code)
    assert data["replies_itself"] and data["history"] == "salet,crony"
    assert data["guesses_left"] is None and data["suggestions"][0]["label"] == "smallest largest group"


def test_puzzle_keeps_its_answer_secret_until_the_end(client, original):
    data = game(client, mode="puzzle", seed="7")
    assert data["seed"] == 7 and data["opening"] == len(data["steps"]) >= 2
    assert data["history"] == "" and all(b["answer"] is None for b in data["boards_state"])
    secret = Assistant(original, puzzle=True, seed=7).boards[0].secret
    word = original.answers.words[secret]
    assert word not in json.dumps(data["steps"])  # (it is among the candidates, hidden on the page)
    won = game(client, mode="puzzle", seed="7", history=word)
    assert won["status"] == "won" and won["history"] == word
    assert won["boards_state"][0]["answer"] == word
    fresh = game(client, mode="puzzle")
    assert isinstance(fresh["seed"], int)  # a seed is chosen, for the URL


def test_a_quordle_puzzle_is_the_terminals(client):
    """The same seed gives the page the puzzle `python -m optimal.assist --boards 4 --puzzle
    --seed 3` prints (tests/golden/assist/quordle-puzzle.txt)."""
    data = game(client, mode="puzzle", boards="4", seed="3")
    golden = (ROOT / "tests" / "golden" / "assist" / "quordle-puzzle.txt").read_text().splitlines()
    opening = [line.split(":")[0].lower() for line in golden[2:5]]
    assert [step["guess"] for step in data["steps"]] == opening and data["opening"] == 3
    # the terminal hides a puzzle's suggestion until asked (the page behind its button): asked
    terminal = Assistant(Game.from_lists("original", max_guesses=9), boards=4, puzzle=True, seed=3)
    terminal.start()
    assert f"suggested: {data['suggestions'][0]['word'].upper()}" in terminal.report(hints=True)[-1]
    assert all(b["answer"] is None for b in data["boards_state"])


@pytest.mark.slow  # 2.4 s, a whole game; the quick suite keeps the shorter requests
def test_the_page_guesses_your_word(client, original):
    answer, history, data = "crazy", [], game(client, mode="guess")
    for _ in range(6):
        if data["status"] != "playing":
            break
        guess = data["pick"]
        history.append(f"{guess}={original.reply_text(original.reply(guess, answer))}")
        data = game(client, mode="guess", history=",".join(history))
    assert data["status"] == "won" and data["steps"][-1]["guess"] == answer


def test_lost_and_over(client, original):
    history = ",".join(f"{g}={original.reply_text(original.reply(g, 'girly'))}"
                       for g in ("salet", "crony", "dumpy", "fjord", "whack", "bemix"))
    data = game(client, history=history)
    assert data["status"] == "lost" and data["suggestions"] == [] and data["pick"] is None
    bad(client, 400, "history", url="/api/game",
        params={"history": data["history"] + ",girly=GGGGG"})


@pytest.mark.parametrize("params, field, message", [
    ({"mode": "chess"}, "mode", "unknown mode"),
    ({"boards": "3"}, "boards", "one of 1, 2, 4, 8, 16"),
    ({"boards": "many"}, "boards", "whole number"),
    ({"boards": "99"}, "boards", "between 1 and 16"),
    ({"hard": "maybe"}, "hard", "0 or 1"),
    ({"hard": "1", "boards": "2"}, "hard", "one board"),
    ({"mode": "absurdle", "boards": "2"}, "boards", "one board"),
    ({"mode": "guess", "boards": "4"}, "boards", "one board"),
    ({"seed": "-1", "mode": "puzzle"}, "seed", "between 0 and"),
    ({"seed": "x"}, "seed", "whole number"),
    ({"budget": "-1"}, "budget", "between 0 and"),
    ({"budget": "soon"}, "budget", "number of seconds"),
    ({"budget": "999"}, "budget", "between 0 and 5"),
    ({"history": "salet=BBYBB," * 400}, "history", "too long"),
    ({"history": "zzzzz=BBBBB"}, "history", "'ZZZZZ' is not in the guess list"),
    ({"history": "sale=BBBB"}, "history", "'SALE' is not in the guess list"),
    ({"history": "salet=GGGGY"}, "history", "impossible"),
    ({"history": "salet=BBY"}, "history", "has 3 marks; expected 5"),
    ({"history": "salet=BBQBB"}, "history", "unknown mark(s) Q"),
    ({"history": "salet=GGGGG"}, "history", "no answer fits"),
    ({"history": "salet"}, "history", "type SALET and its colours"),
    ({"history": "salet=BBBBB/BBBBB"}, "history", "takes one reply"),
    ({"history": "salet=BBYBB/GYBBB", "boards": "4"}, "history", "needs 4 replies"),
    ({"history": "salet=BBYBB,clint=GGGGG"}, "history", "no answer fits"),
    ({"mode": "absurdle", "history": "salet=BBBBB"}, "history", "in Absurdle type only the guess"),
    # the terminal's option names say what the page offers ("--lists nyt-extended")
    ({"history": "salet=BYBBB,crump=BBGBB"}, "history",
     "(a server started with --lists nyt-extended)"),
    ({"mode": "puzzle", "seed": "7", "history": "salet=GGGGG"}, "history", "the reply to SALET"),
])
def test_bad_game_input_is_a_400_naming_the_input(client, params, field, message):
    body = bad(client, 400, field, url="/api/game", params=params)
    assert message.lower() in body["error"].lower(), body
    if field == "history" and "history" in params and "too long" not in message:
        assert body["step"] >= 1 and body["error"].startswith(f"step {body['step']}:")


# ---------------------------------------------------------------- the time budget


def test_over_budget_the_page_gets_the_beams_upper_bound(original, monkeypatch):
    real = exact.search_next

    def slow(game, candidates, left, state, setting, table=False):
        if setting.exact:
            time.sleep(1.0)
        return real(game, candidates, left, state, setting, table)

    monkeypatch.setattr(exact, "search_next", slow)
    monkeypatch.setattr(exact, "BEAM_WAIT", 60.0)  # the beam is waited for patiently: on a loaded
    # machine its first call (loading the kernels) outlasted the usual wait, and a pending row came back
    app = create_app(lambda: Service(original, budget=0.2))
    with TestClient(app) as client:
        data = game(client, history="salet=BBYBB")
        assert not data["optimal"]["proven"] and data["optimal"]["beam"] == exact.BEAM
        assert data["suggestions"][-1]["status"] == "upper bound"
        assert "budget" in data["optimal"]["why"]
        deadline = time.monotonic() + 120  # the exact search goes on in the background (1 s
        again = game(client, history="salet=BBYBB")  # here, far longer on a loaded machine)
        while not again["optimal"]["proven"] and time.monotonic() < deadline:
            time.sleep(0.2)
            again = game(client, history="salet=BBYBB")
        assert again["optimal"]["proven"] and again["optimal"]["total"] <= data["optimal"]["total"]


def test_the_gate_refuses_work_beyond_its_queue():
    async def scenario():
        gate = Gate(slots=1, waiting=1)
        release = threading.Event()
        first = asyncio.create_task(gate.run(release.wait, 5))
        second = asyncio.create_task(gate.run(lambda: "second"))
        await asyncio.sleep(0.05)
        with pytest.raises(Busy, match="busy"):
            await gate.run(lambda: "third")
        release.set()
        return await first, await second

    assert asyncio.run(scenario()) == (True, "second")


def test_busy_is_a_503_with_a_message(original):
    app = create_app(lambda: Service(original), Limits(slots=1, waiting=0))
    with TestClient(app) as client:
        gate = client.app.state.gate
        gate.inside = gate.capacity  # as if the slots and the queue were full
        try:
            bad(client, 503, None, url="/api/game", params={"history": "salet=BBYBB"})
        finally:
            gate.inside = 0


# ---------------------------------------------------------------- the tree explorer


def test_tree_list(client):
    trees = client.get("/api/trees").json()["trees"]
    assert {"salet-normal", "salet-hard"} <= {t["id"] for t in trees}
    assert all("7920" in t["label"] for t in trees if t["id"] == "salet-normal")


def test_a_weighted_tree_is_labelled_by_its_expectation_not_its_plain_total(client):
    """The `freq` tree of TRACE is proven for the weighted expectation (3.3440), not for its plain
    total 7980 (TRACE's unweighted optimum is 7926): its label names the weights and the
    expectation, and does not put "proven optimal" beside the plain total alone."""
    trees = {t["id"]: t["label"] for t in client.get("/api/trees").json()["trees"]}
    weighted = [label for tree_id, label in trees.items() if "wfreq" in tree_id]
    assert weighted, sorted(trees)
    for label in weighted:
        assert "weighted by freq" in label and "expected 3.3" in label, label
        assert "under those weights" in label and not re.search(r"total \d+ \(proven", label), label
    assert "weighted" not in trees["salet-normal"] and "7920 (proven optimal" in trees["salet-normal"]


def test_the_bundled_trees_are_the_results_trees():
    for mode in ("normal", "hard"):
        bundled = (BUNDLED / f"salet-{mode}.json").read_bytes()
        original = ROOT / "results" / f"answers-2315-guesses-12972-{mode}-d6" / "salet.json"
        if original.exists():  # a source checkout
            assert bundled == original.read_bytes()


def test_explore_the_normal_tree(client, original):
    tree = read_tree(BUNDLED / "salet-normal.json").tree
    data = client.get("/api/tree", params={"id": "salet-normal"}).json()
    assert data["stats"]["total"] == 7920 and data["stats"]["histogram"] == data["claims"]["histogram"]
    assert data["node"]["guess"] == "salet" and data["node"]["answers"] == 2315
    assert sum(b["answers"] for b in data["node"]["branches"]) == 2315
    assert sum(b["guesses"] for b in data["node"]["branches"]) + 2315 == 7920
    evil = evil_game(tree, original)
    assert [(s["guess"], s["reply"]) for s in data["evil"]] == [
        (g, original.reply_text(c)) for g, c in evil]
    node = client.get("/api/tree", params={"id": "salet-normal", "path": "BBYBB"}).json()["node"]
    assert node["guess"] == "courd" and node["answers"] == 99 and node["guesses"] == 259
    assert node["number"] == 2 and len(node["list"]) == 99


def test_the_path_to_an_answer(client, original):
    tree = read_tree(BUNDLED / "salet-hard.json").tree
    data = client.get("/api/tree", params={"id": "salet-hard", "answer": "CRAZY"}).json()
    steps = path_of(tree, "crazy")
    assert [(s["guess"], s["reply"]) for s in data["answer"]["steps"]] == [
        (g, original.reply_text(c)) for g, c in steps]
    leaf = client.get("/api/tree", params={"id": "salet-hard",
                                           "path": ".".join(data["answer"]["replies"])}).json()
    assert leaf["node"]["guess"] == "crazy" and leaf["node"]["branches"][0].get("found")
    assert data["game"]["mode"] == "hard"


def test_a_results_tree(client):
    data = client.get("/api/tree", params={"id": "results/answers-2315-guesses-12972-hard-d5/palet"})
    assert data.status_code == 200 and data.json()["stats"]["total"] == 8206
    assert data.json()["game"]["max_guesses"] == 5


@pytest.mark.parametrize("params, status, field, message", [
    ({}, 400, "tree", "choose a tree"),
    ({"id": "nope"}, 404, "tree", "no tree 'nope'"),
    ({"id": "../../pyproject.toml"}, 404, "tree", "no tree"),
    ({"id": "/etc/passwd"}, 404, "tree", "no tree"),
    ({"id": "upload-0000000000000000"}, 404, "tree", "no longer kept"),
    ({"id": "salet-normal", "path": "GGGGY"}, 400, "path", "impossible"),
    ({"id": "salet-normal", "path": "BBYB"}, 400, "path", "expected 5"),
    ({"id": "salet-normal", "path": "BBYBB.GGGGG"}, 400, "path", "no branch GGGGG after COURD"),
    # a win ends the path: "no branch GGGGG" misread the answer found as a gap in the tree
    ({"id": "salet-normal", "path": "BBBBB.BYBYB.BBBBB.GGGBB.GGGGG"}, 400, "path",
     "step 5 of the path, BROWN GGGGG, is the answer found"),
    ({"id": "salet-normal", "path": ".".join(["BBBBB"] * 40)}, 400, "path", "too long"),
    ({"id": "salet-normal", "answer": "zzzzz"}, 400, "answer", "not in the answer list"),
])
def test_bad_tree_requests(client, params, status, field, message):
    body = bad(client, status, field, url="/api/tree", params=params)
    assert message in body["error"], body


# ---------------------------------------------------------------- uploads


def upload(client, text, **params):
    return client.post("/api/tree", params=params, content=text.encode() if isinstance(text, str)
                       else text, headers={"content-type": "text/plain"})


def test_upload_a_selby_tree_then_browse_it(client, original):
    tree = read_tree(BUNDLED / "salet-normal.json").tree
    text = "\n".join(selby_lines(tree, original.answers.words)) + "\n"
    response = upload(client, text, name="salet.tree.txt")
    assert response.status_code == 200, response.text
    data = response.json()
    assert data["id"].startswith("upload-") and data["kind"] == "selby"
    assert data["stats"]["total"] == 7920 and "page's options" in data["game"]["from"]
    again = client.get("/api/tree", params={"id": data["id"], "answer": "whiff"}).json()
    assert again["answer"]["guesses"] == len(path_of(tree, "whiff"))
    assert upload(client, text, name="salet.tree.txt").json()["id"] == data["id"]


def test_upload_a_json_tree_in_hard_mode(client):
    response = upload(client, (BUNDLED / "salet-hard.json").read_text(), hard="0")
    assert response.status_code == 200 and response.json()["game"]["mode"] == "hard"  # its own block


def defective_json() -> str:
    document = json.loads((BUNDLED / "salet-normal.json").read_text())
    document["tree"]["branches"].pop("BBBBB")
    return json.dumps(document)


def wrong_total_json() -> str:
    document = json.loads((BUNDLED / "salet-normal.json").read_text())
    document["stats"]["total"] = 7000
    return json.dumps(document)


def other_lists_json() -> str:
    document = json.loads((BUNDLED / "salet-normal.json").read_text())
    document["game"]["answers"]["sha256"] = "0" * 64
    return json.dumps(document)


def jotto_json() -> str:
    document = json.loads((BUNDLED / "salet-normal.json").read_text())
    document["game"]["rule"] = "jotto"
    return json.dumps(document)


@pytest.mark.parametrize("text, params, status, message", [
    ("", {}, 400, "paste a tree"),
    ("   \n", {}, 400, "paste a tree"),
    ('{"tree": ', {}, 400, "not valid JSON"),
    ('{"stats": {}}', {}, 400, "no 'tree' key"),
    (defective_json(), {}, 422, "tree is defective: answer"),
    (wrong_total_json(), {}, 422, "claims total 7000, replay gives 7920"),
    (other_lists_json(), {}, 400, "this server plays answers-2315"),
    (jotto_json(), {}, 400, "Jotto reply"),
    ("salet BBBBB1 nymph GGGGG2\n", {}, 400, "not this server's answers-2315"),
    ("salet BBBBB1 nymph\n", {}, 400, "expected 'word REPLYn' pairs"),
    ("salet BBBBB1 nymph GGGGG\u00b2\n", {}, 400, "bad token"),
    ('{"tree": ' + '{"guess": "salet", "branches": {"BBBBB": ' * 5000 + "{}" + "}}" * 5000 + "}",
     {}, 400, "nested too deeply"),
    (b"\xff\xfe salet", {}, 400, "not UTF-8"),
    ("salet BBBBB1", {"hard": "2"}, 400, "hard must be 0 or 1"),
    ("salet BBBBB1", {"max_guesses": "x"}, 400, "whole number"),
    ("salet BBBBB1", {"max_guesses": "40"}, 400, "between 1 and 12"),
])
def test_bad_uploads_are_refused_with_the_reason(client, text, params, status, message):
    response = upload(client, text, **params)
    assert response.status_code == status, response.text
    body = response.json()
    assert message in body["error"] and "\n" not in body["error"]
    assert body["field"] in ("tree", "hard", "max_guesses")


def test_a_selby_tree_in_the_wrong_mode_is_defective(client, original):
    tree = read_tree(BUNDLED / "salet-normal.json").tree
    text = "\n".join(selby_lines(tree, original.answers.words)) + "\n"
    response = upload(client, text, hard="1")
    assert response.status_code == 422 and "breaks hard mode" in response.json()["error"]


def test_uploads_are_capped(client):
    big = "x" * 300_001
    body = bad(client, 413, "tree", method="post", url="/api/tree", content=big)
    assert "too large" in body["error"]

    def chunks():  # no Content-Length: the cap holds on the bytes actually read
        for _ in range(40):
            yield b"y" * 10_000

    body = bad(client, 413, "tree", method="post", url="/api/tree", content=chunks())
    assert "more than 300,000 bytes" in body["error"]


def test_a_failed_self_check_is_said_plainly_not_shown_as_a_result(original, monkeypatch):
    def broken(self, request):
        raise DefectiveTree("the tree from CRANE needs 41 guesses in all, not the search's 40")

    monkeypatch.setattr(Service, "game_state", broken)
    app = create_app(lambda: Service(original))
    with TestClient(app) as client:
        body = bad(client, 500, None, url="/api/game")
        assert body["error"].startswith("internal check failed: the tree from CRANE")


# ---------------------------------------------------------------- the command line


def test_the_server_listens_on_loopback_unless_told():
    args = build_parser().parse_args([])
    assert args.host == "127.0.0.1" and args.port == 8000


@pytest.mark.parametrize("argv, message", [
    (["--port", "70000"], "--port must be between 0 and 65535"),
    (["--budget", "0"], "--budget must be more than 0"),
    (["--queue", "-1"], "--queue must be at least 0"),
    (["--trees", "/nonexistent/folder"], "--trees /nonexistent/folder: not a folder"),
    (["--answers", "/nonexistent/answers.txt"], "answers.txt"),
])
def test_bad_options_are_one_line_and_exit_2(argv, message, capsys):
    assert web_main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0] and "Traceback" not in err[0]


# ---------------------------------------------------------------- the page's rough edges (issue 25)


@pytest.mark.slow
def test_the_server_says_it_is_ready_only_once_the_kernels_are_warm(original):
    """Item 1: while the kernels load (minutes on a fresh cache) the server answers, says it is
    warming up (health, info and every game position), and says ready only once warm."""
    release = threading.Event()

    class SlowWarmUp(Service):
        def warm_up(self) -> None:
            release.wait(60)
            super().warm_up()

    app = create_app(lambda: SlowWarmUp(original, budget=1.0), warm_up=True)
    with TestClient(app) as client:
        health = client.get("/api/health").json()
        assert health["ok"] and health["ready"] is False
        assert client.get("/api/info").json()["warming"] is True
        assert game(client)["warming"] is True
        release.set()
        deadline = time.monotonic() + 120
        while not client.get("/api/health").json()["ready"]:
            assert time.monotonic() < deadline, "the warm-up did not finish"
            time.sleep(0.2)
        assert client.get("/api/info").json()["warming"] is False
        assert game(client, history="salet=BBYBB")["warming"] is False


@pytest.mark.slow
def test_the_warm_up_loads_every_kernel_a_request_uses(original, monkeypatch):
    """Item 1: warming up runs the single-board exact search (normal and hard mode, with its
    table), the beam, and the Dordle engine's exact and beam searches, each to its end, so no
    player's first request waits for a compile."""
    calls = []
    real_next, real_dordle = exact.search_next, exact.search_dordle

    def next_spy(game, candidates, left, state, setting, table=False):
        calls.append(("one", game.mode, setting.exact, table))
        return real_next(game, candidates, left, state, setting, table)

    def dordle_spy(game, board1, board2, left, budget, why=""):
        calls.append(("two", game.mode, budget > 0, False))
        return real_dordle(game, board1, board2, left, budget, why)

    monkeypatch.setattr(exact, "search_next", next_spy)
    monkeypatch.setattr(exact, "search_dordle", dordle_spy)
    Service(original, budget=1.0).warm_up()
    assert {("one", "normal", True, True), ("one", "hard", True, True),
            ("one", "normal", False, True), ("two", "normal", True, False),
            ("two", "normal", False, False)} <= set(calls)


def test_a_dordle_search_shows_it_is_running(original, monkeypatch):
    """Item 2: while no Dordle search has finished, the page is told a search runs (a pending
    'optimal' row beside the heuristic's, `running` in the optimum), not only the heuristic."""
    release = threading.Event()
    real = exact.search_dordle

    def stuck(game, board1, board2, left, budget, why=""):
        release.wait(30)
        return real(game, board1, board2, left, budget, why)

    monkeypatch.setattr(exact, "search_dordle", stuck)
    dordle = original.with_limits("normal", 7)
    history, _ = dordle_boards(dordle, ["salet", "crony"], ("dough", "humph"))
    app = create_app(lambda: Service(original, budget=0.2))
    with TestClient(app) as client:
        try:
            data = game(client, boards="2", history=history)
        finally:
            release.set()
    assert data["optimal"]["running"] is True and not data["optimal"]["proven"]
    statuses = [row["status"] for row in data["suggestions"]]
    assert statuses == ["heuristic", "pending"], data["suggestions"]
    assert "running" in data["suggestions"][1]["note"]


@pytest.mark.slow  # the quick suite keeps two boards' proven optimum and a search shown running
def test_a_dordle_proof_cut_short_is_searched_again_when_asked_again(original, monkeypatch):
    """Item 2: an exact Dordle search that ran out of its time (a compile, a busy machine) left
    the beam's upper bound cached, so asking again never gave the proof. A result that is not
    proven is not kept: the next ask searches again."""
    monkeypatch.setattr(exact, "DORDLE_EXACT_SECONDS", 0.0)  # the exact lane gives up at once
    dordle = original.with_limits("normal", 7)
    history, (board1, board2) = dordle_boards(dordle, ["salet", "crony"], ("dough", "humph"))
    value = DordleSolver(dordle).solve(board1, board2, 5)
    app = create_app(lambda: Service(original, budget=10.0))
    with TestClient(app) as client:
        first = game(client, boards="2", history=history)
        assert not first["optimal"]["proven"]
        monkeypatch.setattr(exact, "DORDLE_EXACT_SECONDS", 60.0)
        again = game(client, boards="2", history=history)
    assert again["optimal"]["proven"] and again["optimal"]["total"] == value


@pytest.mark.slow  # the quick suite keeps two boards' proven optimum and a search shown running
def test_the_salet_crony_dordle_position_is_proven_after_its_first_guess(original):
    """Item 2, the position of the report: SALET BYBBB/BBBBB, CRONY GYBBB/BBBBG (110 games). The
    exact search of the position after SALET alone (22,542 games) runs for more than ten minutes
    in one uncut kernel call; it held the one Dordle thread, so CRONY's search (0.1 s) waited
    behind it and every ask got the beam. A state too big to prove at a prompt gets the beam only."""
    app = create_app(lambda: Service(original, budget=5.0))
    with TestClient(app) as client:
        game(client, boards="2", history="salet=BYBBB/BBBBB")
        history = "salet=BYBBB/BBBBB,crony=GYBBB/BBBBG"
        deadline, data = time.monotonic() + 30, None
        while time.monotonic() < deadline:
            data = game(client, boards="2", history=history)
            if data["optimal"]["proven"]:
                break
    assert data["optimal"]["proven"] and data["optimal"]["games"] == 110, data["optimal"]


def test_a_guess_of_the_wrong_length_is_refused(client):
    """Item 3 (the server's half): a 6-letter guess is refused, never cut to 5."""
    body = bad(client, 400, "history", url="/api/game", params={"history": "salets=BBBBBB"})
    assert "SALETS" in body["error"]


@pytest.mark.slow
def test_after_sigterm_no_search_runs_on(tmp_path):
    """Item 8: SIGTERM while an exact search runs (1,429 candidates after IMMIX BBBBB: minutes;
    not the opening, which the bundled tree answers): the process exits within seconds, rather
    than closing its port and computing on in a thread."""
    port = free_port()
    log = tmp_path / "server.log"
    with log.open("w") as out:
        process = subprocess.Popen([sys.executable, "-m", "optimal.web", "--port", str(port),
                                    "--budget", "0.5", "--optimal-max", "2315", "--trees",
                                    str(tmp_path)], cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until(lambda: json.loads(fetch(url + "/api/health"))["ready"], 400, process, log)
        threading.Thread(target=fetch, args=(url + "/api/game?history=immix=BBBBB", 60),
                         daemon=True).start()
        wait_until(lambda: json.loads(fetch(url + "/api/health"))["searches"]["exact"] > 0, 60,
                   process, log)
        time.sleep(1.0)  # the exact search is inside its kernel now
        process.send_signal(signal.SIGTERM)
        started = time.monotonic()
        process.wait(timeout=30)
        assert time.monotonic() - started < 10
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fetch(url: str, timeout: float = 5) -> str:
    with urllib.request.urlopen(url, timeout=timeout) as response:
        return response.read().decode()


def wait_until(condition, seconds: float, process, log: Path) -> None:
    """Poll `condition` (errors count as not yet) until it holds; fail with the server's log."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            if condition():
                return
        except OSError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            pytest.fail(f"the server did not get there: {log.read_text()[-800:]}", pytrace=False)
        time.sleep(0.3)


@pytest.mark.parametrize("hard, total", [("0", 7920),
                                         pytest.param("1", 8122, marks=pytest.mark.slow)])  # quick: one
def test_the_first_screen_offers_the_bundled_trees_opening(client, original, hard, total):
    """The first screen offered no opening word ('skipped: 2,315 candidates > 300') although the
    proven SALET trees ship with the page: it offers SALET with the tree's total, proven (the
    bundled exact tables prove it the optimum over every first word; it was labelled "upper
    bound" beside "proven optimal for this first guess"), and the per-answer table."""
    data = game(client, hard=hard)
    row = data["suggestions"][-1]
    assert row["label"] == "optimal" and row["word"] == "salet" and row["total"] == total
    assert row["status"] == "proven" and row["note"].endswith(", proven")
    assert data["optimal"]["proven"]
    assert data["pick"] == "salet"
    mode = "hard" if hard == "1" else "normal"
    tree = read_tree(BUNDLED / f"salet-{mode}.json").tree
    table = {r["answer"]: r["guesses"] for r in data["optimal"]["table"]}
    assert len(table) == 2315 and sum(table.values()) == total
    assert table["whiff"] == len(path_of(tree, "whiff"))
    after = game(client, hard=hard, history="salet=BBYBB")  # a step played: the search's own
    assert "bundled" not in after["suggestions"][-1]["note"]
