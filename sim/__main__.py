"""``python -m sim`` runs the command line."""

import sys

from sim.cli import main

sys.exit(main())
