import sys

try:
    from optimal.search.command import main
except KeyboardInterrupt:  # Ctrl-C while numpy and numba load: no traceback for that either
    sys.stderr.write("python -m optimal.search: interrupted\n")
    sys.exit(130)

if __name__ == "__main__":
    from optimal.cli.run import exit_as_script

    exit_as_script(main)
