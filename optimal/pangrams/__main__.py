import sys

from optimal.pangrams.command import main

if __name__ == "__main__":
    sys.exit(main())
