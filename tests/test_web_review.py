"""The Review tab's API (`/api/review`): the same figures as the terminal's review, every input
form (history, guesses with the answer, guesses with the pasted share grid), and bad input as a
400 with one sentence and its field."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from optimal.game import Game, parse_history
from optimal.play.review import ReviewSearch, checked_steps, review_game
from optimal.web.app import Limits, create_app
from optimal.web.service import Service

HISTORY = "soare=BBYYB,radar=BBBGG,cigar=GGGGG"
GRID = "Wordle 1,234 3/6\n\n⬛⬛🟨🟨⬛\n⬛⬛⬛🟩🟩\n🟩🟩🟩🟩🟩"


@pytest.fixture(scope="module")
def original() -> Game:
    return Game.from_lists("original")


@pytest.fixture(scope="module")
def client(original):
    app = create_app(lambda: Service(original, budget=2.0), Limits(slots=2, waiting=8))
    with TestClient(app) as test_client:
        yield test_client


def review(client, **params) -> dict:
    response = client.get("/api/review", params={"budget": "10", **params})
    assert response.status_code == 200, response.text
    return response.json()


def test_the_api_gives_the_terminals_figures(client, original):
    data = review(client, answer="cigar", history=HISTORY)
    steps = checked_steps(original, parse_history(HISTORY, original), "cigar")
    terminal = review_game(original, steps, "cigar", ReviewSearch(), 60).as_dict()
    assert data["proven"] and data["status"] == "won" and data["answer"] == "cigar"
    for key in ("expected_from_start", "lost", "luck", "played"):
        assert data[key] == terminal[key], key
    for mine, theirs in zip(data["turns"], terminal["turns"]):
        assert {k: v for k, v in mine.items() if k != "sources"} == \
            {k: v for k, v in theirs.items() if k != "sources"}
    first = data["turns"][0]
    assert first["optimum"] == {"lower": 7920, "upper": 7920, "proven": True, "none": False}
    assert first["played"]["lower"] == 7997 and first["best"] == ["salet"]
    assert data["history"] == HISTORY
    assert data["searched_up_to"] == 300  # the page's size limit, which its note names


def test_guesses_with_the_answer_or_the_grid_are_the_same_game(client):
    by_history = review(client, history=HISTORY)
    by_answer = review(client, words="soare,radar,cigar", answer="cigar")
    by_grid = review(client, words="soare radar cigar", grid=GRID)
    for data in (by_answer, by_grid):
        assert data["history"] == HISTORY and data["turns"] == by_history["turns"]
    assert by_grid["answer"] == "cigar"  # found: the last row is all green


@pytest.mark.parametrize("params,message", [
    ({}, "give the game"),
    ({"history": "zzzzz=BBBBB"}, "not in the guess list"),
    ({"history": "soare=BBYYB", "answer": "crane"}, "gets"),
    ({"words": "soare,cigar", "grid": GRID}, "2 guesses but 3 rows"),
    ({"history": "cigar=BBBBB,salet=GGGGG"}, "no answer fits"),
    ({"history": HISTORY, "hard": "maybe"}, "hard must be 0 or 1"),
    ({"history": HISTORY, "budget": "-1"}, "between 0 and"),
    ({"history": "x" * 5000}, "too long"),
    ({"words": "soare,radar,cigar", "grid": GRID.replace("3/6", "3/6*")},
     "review it in hard mode (tick hard mode)"),
    ({"words": "soare,radar,cigar", "grid": GRID.replace("3/6", "3/5")},
     "the page reviews games of 6 guesses"),
    ({"words": "salet", "answer": "crema"}, "(a server started with --lists nyt-extended)"),
    ({"words": "salet,,cigar", "answer": "cigar"}, "empty place between commas"),
    ({"words": "planet", "answer": "cigar"}, "(a server started with --lists len6 plays those)"),
    ({"words": "salets", "answer": "cigar"}, "it has 6 letters and this game's words have 5"),
])
def test_bad_input_is_a_400_with_one_sentence(client, params, message):
    response = client.get("/api/review", params=params)
    assert response.status_code == 400, response.text
    body = response.json()
    assert message in body["error"] and "\n" not in body["error"] and body.get("field")
