import sys

from optimal.search.command import main

sys.exit(main())
