"""``python -m pseudonymizer …`` (see pseudonymizer.cli)."""

import sys

from pseudonymizer.cli import main

sys.exit(main())
