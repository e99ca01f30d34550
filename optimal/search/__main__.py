import sys

try:
    from optimal.search.command import main
except KeyboardInterrupt:  # Ctrl-C while numpy and numba load: no traceback for that either
    sys.stderr.write("python -m optimal.search: interrupted\n")
    sys.exit(130)

if __name__ == "__main__":
    code = main()
    from lookahead import close_workers  # after the command: its workers end before the interpreter

    close_workers()
    sys.exit(code)
