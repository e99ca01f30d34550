"""`python -m optimal.web`: the assistant and the tree explorer as a web page (a command).

One page (HTML, CSS and plain JavaScript in `static/`, nothing from elsewhere) over a JSON API.
The game logic is the terminal assistant's (`optimal.play`); this package replays the URL's game,
returns the assistant's analysis as JSON, verifies and shows trees, and keeps the server's limits.
Needs the `web` extra (`pip install "optimal[web]"`): Starlette and uvicorn.
"""
