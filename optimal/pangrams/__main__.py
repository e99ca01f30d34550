import sys

from optimal.pangrams.command import main

sys.exit(main())
