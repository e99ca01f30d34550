import sys

try:  # (the hook first: a Ctrl-C inside an import callback is raised again, so it ends here too)
    from optimal.cli.run import catch_interrupts_in_callbacks

    catch_interrupts_in_callbacks()
    from optimal.search.command import main
except BaseException as error:  # Ctrl-C while numpy and numba load: no traceback for that either
    # (a class body being built wraps it: "RuntimeError: Error calling __set_name__", 1 run in 450)
    if not isinstance(error, KeyboardInterrupt) and not isinstance(error.__cause__,
                                                                    KeyboardInterrupt):
        raise
    sys.stderr.write("python -m optimal.search: interrupted\n")
    sys.exit(130)

if __name__ == "__main__":
    from optimal.cli.run import exit_as_script

    exit_as_script(main, "python -m optimal.search")
