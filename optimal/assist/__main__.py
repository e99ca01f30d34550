import sys

from optimal.assist.command import main

sys.exit(main())
