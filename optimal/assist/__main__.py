import sys

from optimal.assist.command import main

if __name__ == "__main__":
    sys.exit(main())
