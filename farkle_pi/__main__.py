import sys

from farkle_pi.cli import main

sys.exit(main())
