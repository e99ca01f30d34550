import sys

from optimal.review.command import main

if __name__ == "__main__":
    sys.exit(main())
