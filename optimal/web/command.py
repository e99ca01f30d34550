"""`python -m optimal.web`: the assistant and the tree explorer in a browser.

Serves one page and its JSON API on http://127.0.0.1:8000/ (only this machine can reach it unless
--host says otherwise). The page helps while you play Wordle, Dordle..Sedecordle or Absurdle (the
proven optimal next guess when the exact search finishes within the time budget, otherwise the best
beam result, labelled as an upper bound), guesses a word you have in mind, sets practice puzzles,
and explores optimal trees: the bundled SALET trees, the trees in results/, or one you paste or
upload, verified before it is shown. The state of a game is in the page's address: copy it to
share or reload the game.
"""

from __future__ import annotations

import errno
import socket
import sys
from pathlib import Path

import uvicorn

from optimal.cli.args import GameOptions, Parser, positive_int
from optimal.cli.run import run_cli
from optimal.errors import BadInput, quoted
from optimal.files import release_notes
from optimal.play.exact import BUDGET
from optimal.web.app import Limits, create_app
from optimal.web.service import Service
from optimal.words import LIST_PAIRS

EXAMPLES = """examples:
  python -m optimal.web                          # http://127.0.0.1:8000/
  python -m optimal.web --port 8080 --hard       # hard mode on by default
  python -m optimal.web --lists nyt --budget 5   # NYT lists; wait up to 5 s for a proof
  python -m optimal.web --trees my-results/      # also offer the trees in my-results/
"""

#: the checkout's results/ folder, offered in the tree explorer when the server runs from a
#: source tree (an installed package has no results/; the SALET trees are bundled instead)
RESULTS = Path(__file__).resolve().parent.parent.parent / "results"


def build_parser() -> Parser:
    """The argument parser of `python -m optimal.web`: server address, the game's lists and default
    mode, the limits on work and uploads, and the tree folders."""
    parser = Parser(prog="python -m optimal.web", description=__doc__, epilog=EXAMPLES)
    net = parser.add_argument_group("server")
    net.add_argument("--host", default="127.0.0.1",
                     help="address to listen on (default 127.0.0.1: this machine only; read the "
                          "README's 'Web page' section before exposing it)")
    net.add_argument("--port", type=int, default=8000, help="port (default 8000; 0: any free one)")
    game = parser.add_argument_group("game")
    game.add_argument("--lists", choices=sorted(LIST_PAIRS), default=None,
                      help="named answer/guess lists (default original: 2,315 / 12,972)")
    game.add_argument("--answers", metavar="FILE|NAME", help="answer list: a file or a bundled list")
    game.add_argument("--guesses", metavar="FILE|NAME", help="allowed guesses: a file or a bundled list")
    game.add_argument("--hard", action="store_true", help="the page starts in hard mode")
    limits = parser.add_argument_group("limits")
    limits.add_argument("--budget", type=float, default=BUDGET, metavar="SECONDS",
                        help=f"how long a request waits for the exact search before it answers "
                             f"with the beam's upper bound (default {BUDGET:g})")
    limits.add_argument("--workers", type=positive_int, default=1, metavar="N",
                        help="threads for exact searches (default 1)")
    limits.add_argument("--queue", type=int, default=4, metavar="N",
                        help="exact searches that may wait for a thread (default 4)")
    limits.add_argument("--slots", type=positive_int, default=Limits.slots, metavar="N",
                        help=f"requests computed at once (default {Limits.slots}; more wait, up "
                             f"to --waiting)")
    limits.add_argument("--waiting", type=int, default=Limits.waiting, metavar="N",
                        help=f"requests that may wait; beyond, 503 'busy' (default {Limits.waiting})")
    limits.add_argument("--max-upload-kb", type=positive_int, default=2048, metavar="KB",
                        help="largest tree a user may upload (default 2048)")
    limits.add_argument("--optimal-max", type=positive_int, default=None, metavar="N",
                        help="run the exact search only up to N candidates (default 300)")
    trees = parser.add_argument_group("trees")
    trees.add_argument("--trees", action="append", default=None, metavar="DIR",
                       help="a folder of tree files (JSON) to offer in the explorer; repeatable "
                            "(default: the checkout's results/ when present)")
    return parser


def check_options(args) -> None:
    """Every option checked before the server starts (one line, exit 2)."""
    if not 0 <= args.port <= 65535:
        raise BadInput(f"--port must be between 0 and 65535, not {args.port}")
    if not 0 < args.budget <= 600:
        raise BadInput(f"--budget must be more than 0 and at most 600 seconds, not {args.budget:g}")
    for name in ("queue", "waiting"):
        if getattr(args, name) < 0:
            raise BadInput(f"--{name} must be at least 0, not {getattr(args, name)}")
    for folder in args.trees or []:
        if not Path(folder).is_dir():
            raise BadInput(f"--trees {folder}: not a folder")


def listen(host: str, port: int) -> socket.socket:
    """The server's socket, bound before the server starts. Why here and not in uvicorn: a port
    in use was 28 lines of asyncio traceback and exit 3; now it is one line and exit 2, and with
    --port 0 the port the system chose is known (and said)."""
    try:
        family, kind, proto, _, where = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        sock = socket.socket(family, kind, proto)
    except OSError as error:
        raise BadInput(f"--host {quoted(host)}: cannot listen there ({error.strerror or error})") from None
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(where)
    except OSError as error:
        sock.close()
        why = "the port is in use" if error.errno == errno.EADDRINUSE else error.strerror or error
        raise BadInput(f"cannot listen on {host} port {port}: {why} (choose another --port, or "
                       "0 for any free one)") from None
    return sock


def address(sock: socket.socket) -> str:
    """The page's address, from the socket it is served on (the real port for --port 0)."""
    host, port = sock.getsockname()[:2]
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def main(argv: list[str] | None = None) -> int:
    """Run `python -m optimal.web` on `argv`: check the options, build the service (bad lists fail
    before serving) and serve until stopped; 0 once served, 2 when the server never started."""
    parser = build_parser()
    args = parser.parse_args(argv)

    def body() -> int:
        check_options(args)
        options = GameOptions("wordle", args.lists, args.answers, args.guesses, False, 6)
        game = options.build(default_lists="original")
        folders = [Path(f) for f in args.trees] if args.trees else (
            [RESULTS] if RESULTS.is_dir() else [])
        extra = {} if args.optimal_max is None else {"optimal_max": args.optimal_max}

        service = Service(game, args.budget, args.workers, args.queue, folders,
                          hard_default=args.hard, **extra)  # bad lists fail here, before serving
        app = create_app(lambda: service,
                         Limits(args.slots, args.waiting, args.max_upload_kb * 1024), warm_up=True)
        if args.host not in ("127.0.0.1", "localhost", "::1"):
            sys.stderr.write(f"warning: listening on {args.host}: anyone who can reach this "
                             "machine can use the page (see README, 'Web page')\n")
        listening = listen(args.host, args.port)
        config = uvicorn.Config(app, host=args.host, port=args.port, log_level="warning")
        server = uvicorn.Server(config)
        release_notes()
        sys.stderr.write(f"serving {address(listening)} (Ctrl+C stops); loading the search "
                         "kernels first: the page says 'warming up' until they are ready\n")
        service.on_ready = lambda: sys.stderr.write("ready: the search kernels are loaded\n")
        server.run(sockets=[listening])
        return 0 if server.started else 2

    return run_cli(body, parser.prog, writes=False)


if __name__ == "__main__":
    sys.exit(main())
