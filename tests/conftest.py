"""Test-wide settings.

On CI (``CI`` set, as ``.ci/run`` is run) hypothesis draws the same examples on every run, so
that a submission is judged on the same cases each time; elsewhere it explores new examples
and remembers failures in ``.hypothesis/``.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
