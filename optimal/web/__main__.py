"""`python -m optimal.web`: serve the page (see optimal.web.command)."""
import sys

try:
    from optimal.web.command import main
except ModuleNotFoundError as error:  # the `web` extra (Starlette, uvicorn) is not installed
    if error.name not in ("starlette", "uvicorn", "anyio"):
        raise
    sys.stderr.write(f"python -m optimal.web: error: {error.name} is not installed; install the "
                     "web extra: pip install 'optimal[web]'\n")
    sys.exit(2)

if __name__ == "__main__":
    sys.exit(main())
