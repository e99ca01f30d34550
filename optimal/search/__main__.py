import sys

from optimal.search.command import main

if __name__ == "__main__":
    sys.exit(main())
