"""The web page under load: 20 concurrent clients send 500 suggestion requests for mid-game
positions to `python -m optimal.web` on 127.0.0.1, with its default limits (2 requests computed at
once, 1 exact-search thread, a 2 s budget per request).

Prints the latency percentiles (p50/p95/p99, max), throughput and the error count (which must be 0),
how many answers carried a proof and how many the beam's upper bound. Baseline, measured in the same
run: the same kind of request sent one at a time (other positions, so no cache helps either side).
Positions: a random answer, one of six common first guesses and a random second guess from the
answer list, with the true replies (seeded, so runs are comparable). Every request is a new
position: the greedy scores and the exact search run each time.

With --played 1 the positions come right after the first guess: up to a few hundred candidates,
where an exact search can outlast the budget (the beam's upper bound answers, the proof follows).

Then --reviews (default 100) review requests (`/api/review`, the Review tab) of whole games, the
same clients at once: each position above finished with its answer, so every review is a new game
of three guesses whose first guess comes from the bundled exact table and the rest by exact search
within the review's 10 s budget. Prints their percentiles, errors (must be 0) and how many reviews
were proven throughout (the others carry bounds).

Usage: python benchmarks/bench_web.py [--clients 20] [--requests 500] [--played 2] [--reviews 100]
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
from pathlib import Path

from optimal.game import Game

ROOT = Path(__file__).resolve().parent.parent
OPENERS = ("salet", "crane", "trace", "slate", "roate", "soare")


def positions(game: Game, count: int, seed: int, played: int = 2) -> list[str]:
    """`count` histories of `played` guesses (an opener, then random answer words) against random
    answers, as the page's URL writes them; with two guesses every one is a different game."""
    rng, out, seen = random.Random(seed), [], set()
    while len(out) < count:
        answer = rng.choice(game.answers.words)
        guesses = [rng.choice(OPENERS)] + [rng.choice(game.answers.words) for _ in range(played - 1)]
        if answer in guesses or (answer, *guesses) in seen:
            continue
        seen.add((answer, *guesses))
        out.append(",".join(f"{g}={game.reply_text(game.reply(g, answer))}" for g in guesses)
                   + f"#{answer}")  # the answer, for the review requests (cut off for /api/game)
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(port: int, options: list[str]) -> subprocess.Popen:
    process = subprocess.Popen([sys.executable, "-m", "optimal.web", "--port", str(port), *options],
                               cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/api/health")
            if connection.getresponse().status == 200:
                return process
        except OSError:
            time.sleep(0.3)
    process.kill()
    raise SystemExit("the server did not start")


def game_path(history: str) -> str:
    """The suggestion request for a position."""
    return "/api/game?" + urllib.parse.urlencode({"history": history})


def review_path(history: str, game: Game) -> str:
    """The review of the position's game finished with its answer (the last guess wins)."""
    answer = history.rsplit("#", 1)[1]
    steps = history.rsplit("#", 1)[0] + f",{answer}={game.reply_text(game.won)}"
    return "/api/review?" + urllib.parse.urlencode({"history": steps, "answer": answer})


def request(connection: http.client.HTTPConnection, path: str) -> tuple[float, int, dict]:
    start = time.perf_counter()
    connection.request("GET", path)
    response = connection.getresponse()
    body = response.read()
    elapsed = time.perf_counter() - start
    return elapsed, response.status, json.loads(body) if response.status == 200 else {}


def run(port: int, paths: list[str], clients: int) -> tuple[list[float], int, list[dict], float]:
    """Send every request, `clients` at a time (one keep-alive connection each)."""
    todo = iter(paths)
    lock = threading.Lock()
    latencies, answers, errors = [], [], [0]

    def client() -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        while True:
            with lock:
                history = next(todo, None)
            if history is None:
                return
            try:
                elapsed, status, body = request(connection, history)
            except (OSError, http.client.HTTPException, ValueError):
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
                with lock:
                    errors[0] += 1
                continue
            with lock:
                latencies.append(elapsed)
                if status == 200:
                    answers.append(body)
                else:
                    errors[0] += 1

    start = time.perf_counter()
    threads = [threading.Thread(target=client) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return latencies, errors[0], answers, time.perf_counter() - start


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--requests", type=int, default=500)
    parser.add_argument("--baseline", type=int, default=40, help="requests sent one at a time")
    parser.add_argument("--played", type=int, default=2, choices=(1, 2, 3),
                        help="guesses already played in each position (default 2)")
    parser.add_argument("--reviews", type=int, default=100, help="review requests under load")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--server", default="", metavar="OPTIONS",
                        help="options for the server, e.g. '--slots 4' (default: its defaults)")
    args = parser.parse_args()
    game = Game.from_lists("original")
    histories = positions(game, args.requests + args.baseline, seed=2026, played=args.played)
    paths = [game_path(h.split("#")[0]) for h in histories]
    reviews = [review_path(h, game) for h in histories[args.baseline:][:args.reviews]]
    port = args.port or free_port()
    server = start_server(port, args.server.split())
    try:
        run(port, paths[:2], 1)  # warm: first scoring of the game, kernels loaded
        serial, serial_errors, _, _ = run(port, paths[2:args.baseline], 1)
        loaded, errors, answers, wall = run(port, paths[args.baseline:], args.clients)
        reviewed = run(port, reviews, args.clients) if reviews else None
    finally:
        server.terminate()
        server.wait(timeout=30)
    proven = sum(1 for a in answers if a["optimal"] and a["optimal"]["proven"])
    bound = sum(1 for a in answers if a["optimal"] and not a["optimal"]["proven"]
                and a["optimal"]["word"])
    known = sum(1 for a in answers if a["boards_state"][0]["count"] == 1)
    skipped = sum(1 for a in answers if a["optimal"] is None) - known
    p50 = percentile(loaded, 50)
    base = statistics.median(serial)
    print(f"{len(loaded)} suggestion requests, {args.clients} concurrent clients, mid-game positions "
          f"({args.played} guess(es) played), server {args.server or 'defaults'}:")
    print(f"  latency p50 {p50 * 1000:.0f} ms, p95 {percentile(loaded, 95) * 1000:.0f} ms, "
          f"p99 {percentile(loaded, 99) * 1000:.0f} ms, max {max(loaded) * 1000:.0f} ms; "
          f"{len(loaded) / wall:.1f} requests/s; errors {errors + serial_errors}")
    print(f"  one at a time (baseline, {len(serial)} other positions): p50 {base * 1000:.0f} ms, "
          f"{1 / base:.1f} requests/s; under load p50 is {p50 / base:.1f}x the baseline, "
          f"throughput {len(loaded) / wall * base:.2f}x")
    print(f"  optimal next guess: proven {proven}, beam upper bound {bound}, answer already "
          f"known {known}, not searched (> 300 candidates) {skipped}")
    if reviewed:
        errors += review_lines(*reviewed, args.clients)
    if errors + serial_errors:
        raise SystemExit(f"{errors + serial_errors} requests failed")


def review_lines(latencies: list[float], errors: int, answers: list[dict], wall: float,
                 clients: int) -> int:
    """Print the review requests' figures; return their errors."""
    proven = sum(1 for a in answers if a["proven"])
    print(f"{len(latencies)} review requests (whole games), {clients} concurrent clients: p50 "
          f"{percentile(latencies, 50) * 1000:.0f} ms, p95 {percentile(latencies, 95) * 1000:.0f} "
          f"ms, max {max(latencies) * 1000:.0f} ms; {len(latencies) / wall:.1f} requests/s; "
          f"errors {errors}; proven throughout {proven} of {len(answers)}")
    return errors


if __name__ == "__main__":
    main()
