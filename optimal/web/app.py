"""The HTTP side: a Starlette app with a JSON API and one page, served from the package itself.

Why Starlette (not FastAPI): the API is a handful of GET endpoints and one upload whose inputs are
validated by hand (`optimal.web.params`) so that every message is the project's own one sentence,
with the input it belongs to; FastAPI's schema layer would add a dependency and a second,
different error format. Why these limits:

- Work runs off the event loop: each request's computation goes to a thread, at most `slots` at
  once, and at most `waiting` more queued; beyond that the request is refused at once with 503
  and a message, so a burst neither blocks the page nor piles up memory. The exact searches have
  their own bound and time budget (`optimal.play.exact.BudgetedSearch`).
- Uploads are read in chunks and refused (413) past `max_upload` bytes, whatever the
  Content-Length header says.
- Bad input is a 4xx JSON `{"error", "field"[, "step"]}`; an unexpected failure is a 500 JSON with
  one line and no traceback, logged on the server's side.
- The page loads nothing from elsewhere; the Content-Security-Policy says so to the browser.
"""

from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from optimal.errors import BadInput, OptimalError
from optimal.web.params import (Busy, FieldError, GameRequest, ReviewRequest, TreeOptions,
                                reply_path)
from optimal.web.service import Service

STATIC = Path(__file__).resolve().parent / "static"
MAX_UPLOAD = 2 * 2**20  # bytes: a full tree is about 140 kB as JSON, 105 kB in Selby's format
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; object-src 'none'; "
                               "base-uri 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


@dataclass(frozen=True)
class Limits:
    """How much work the server accepts at once, and how big an upload may be."""

    slots: int = 4  # a request mostly waits for the search threads; 4 keep 2 cores busy
    waiting: int = 64
    max_upload: int = MAX_UPLOAD


class Gate:
    """At most `slots` computations at once in threads; at most `waiting` more wait for a slot;
    beyond that `Busy`. Created inside the running event loop (the app's lifespan)."""

    def __init__(self, slots: int, waiting: int):
        self._slots = asyncio.Semaphore(slots)
        self.capacity = slots + waiting
        self.inside = 0

    async def run(self, function, *args):
        """The value of `function(*args)`, run in a thread once a slot is free; `Busy` at once when
        `waiting` requests already wait."""
        if self.inside >= self.capacity:
            raise Busy("the server is busy: too many requests are waiting; try again in a moment")
        self.inside += 1
        try:
            async with self._slots:
                return await run_in_threadpool(function, *args)
        finally:
            self.inside -= 1


class SecurityHeaders:
    """Adds HEADERS to every HTTP response (a plain ASGI middleware)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [(k.lower().encode(), v.encode()) for k, v in HEADERS.items()]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def error(status: int, message: str, field: str | None = None) -> JSONResponse:
    """A JSON error response: `{"error": message}`, with the page's input it belongs to as `field`
    when given."""
    body = {"error": message}
    if field:
        body["field"] = field
    return JSONResponse(body, status_code=status)


# ---------------------------------------------------------------- errors as one JSON line each


async def on_field_error(request: Request, exc: FieldError):
    """A bad field: its status and the field named, so the page marks it."""
    return JSONResponse(exc.as_dict(), status_code=exc.status)

async def on_bad_input(request: Request, exc: BadInput):
    """Bad input anywhere else: 400 and its one line."""
    return error(400, str(exc))

async def on_failed_check(request: Request, exc: OptimalError):
    """A self-check of the server's own results failed: 500, said plainly."""
    # not the user's input: a self-check of the server's own results failed (e.g. a search's
    # tree that does not add up to its total); said plainly rather than shown as a result
    return error(500, f"internal check failed: {exc}")

async def on_busy(request: Request, exc: Busy):
    """Every computing slot and the queue are taken: 503, ask again."""
    return error(503, str(exc))

async def on_http(request: Request, exc: HTTPException):
    """Starlette's own errors (404, 405, 413), as the page reads errors."""
    return error(exc.status_code, exc.detail or "error")

async def on_anything(request: Request, exc: Exception):
    """Anything else: 500 and one line; uvicorn logs the traceback."""
    # uvicorn logs the traceback; the page gets one line
    return error(500, f"internal error ({type(exc).__name__}); the server's log has the details")


#: Every error a request can meet, as the page reads it: a field's error (400 naming the field),
#: bad input, a failed self-check, a full queue, HTTP's own, and anything else (500, one line).
EXCEPTION_HANDLERS = {FieldError: on_field_error, BadInput: on_bad_input,
                      OptimalError: on_failed_check, Busy: on_busy, HTTPException: on_http,
                      Exception: on_anything}


def create_app(make_service, limits: Limits = Limits(), warm_up: bool = False) -> Starlette:
    """The app. `make_service()` builds the Service at start-up (in the lifespan, so a test
    client or uvicorn owns its threads and closes them at shutdown)."""

    @asynccontextmanager
    async def lifespan(app: Starlette):
        service = make_service()
        app.state.service, app.state.gate = service, Gate(limits.slots, limits.waiting)
        if warm_up:
            service.warm_in_background()  # /api/health says ready once it is done
        try:
            yield
        finally:
            service.close()

    def service_of(request: Request) -> Service:
        return request.app.state.service

    async def compute(request: Request, function, *args):
        return await request.app.state.gate.run(function, *args)

    async def page(request: Request):
        return FileResponse(STATIC / "index.html", media_type="text/html")

    async def info(request: Request):
        return JSONResponse(service_of(request).info())

    async def health(request: Request):
        service = service_of(request)
        return JSONResponse({"ok": True, "ready": not service.warming,
                             "searches": service.search.busy(),
                             "reviews": service.reviews.busy(),
                             "requests": request.app.state.gate.inside})

    async def game(request: Request):
        service = service_of(request)
        params = GameRequest.from_params(request.query_params, service.budget)
        return JSONResponse(await compute(request, service.game_state, params))

    async def review(request: Request):
        params = ReviewRequest.from_params(request.query_params)
        return JSONResponse(await compute(request, service_of(request).review, params))

    async def trees(request: Request):
        return JSONResponse({"trees": service_of(request).trees.listing()})

    async def tree(request: Request):
        params = request.query_params
        tree_id = params.get("id", "").strip()
        if not tree_id:
            raise FieldError("tree", "choose a tree (id)")
        replies = reply_path(params.get("path", ""))
        answer = params.get("answer", "").strip() or None
        return JSONResponse(await compute(request, service_of(request).explore, tree_id, replies,
                                          answer))

    async def upload(request: Request):
        options = TreeOptions.from_params(request.query_params)
        text = await read_capped(request, limits.max_upload)
        return JSONResponse(await compute(request, service_of(request).upload, text, options))

    routes = [
        Route("/", page),
        Route("/api/info", info),
        Route("/api/health", health),
        Route("/api/game", game),
        Route("/api/review", review),
        Route("/api/trees", trees),
        Route("/api/tree", tree),
        Route("/api/tree", upload, methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(routes=routes, exception_handlers=EXCEPTION_HANDLERS, lifespan=lifespan,
                     middleware=[Middleware(SecurityHeaders)])


async def read_capped(request: Request, cap: int) -> str:
    """The request body as text, refused (413) past `cap` bytes: the declared length is checked
    first, then the bytes actually read."""
    declared = request.headers.get("content-length", "")
    if declared.isdecimal() and int(declared) > cap:
        raise FieldError("tree", f"the tree is too large ({int(declared):,} bytes; at most "
                                 f"{cap:,})", status=413)
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > cap:
            raise FieldError("tree", f"the tree is too large (more than {cap:,} bytes)",
                             status=413)
        chunks.append(chunk)
    try:
        return b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError:
        raise FieldError("tree", "the tree is not UTF-8 text") from None
