"""Test-wide settings.

On CI (``CI`` set, as ``.ci/run`` is run) hypothesis draws the same examples on every run, so
that a submission is judged on the same cases each time; elsewhere it explores new examples
and remembers failures in ``.hypothesis/``.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from ui.words import i18n

ROOT = Path(__file__).resolve().parents[1]

# No example is judged by how long it took: a loaded machine (the suite runs on every core)
# is no failing rule. So there is no deadline and no too-slow health check anywhere.
settings.register_profile("suite", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", parent=settings.get_profile("suite"), derandomize=True,
                          database=None, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "suite")

# The consoles' event lines: the tests written before the lines were words parse the JSON
# form, so every test (and every console a test starts as a subprocess) asks for it with
# ``GIGANTEN_JSON=1`` (``commands/console_text.py``); the tests of the words take it away
# (``tests/test_cli_event_words.py``).
os.environ["GIGANTEN_JSON"] = "1"
# The lines in words fit the terminal's width (``commands.console_text.console_width``):
# 80 columns for every test, whatever terminal runs the suite.
os.environ["COLUMNS"] = "80"

# Side by side (``scripts/test`` runs the suite on every core with pytest-xdist): each test
# process has a data folder of its own, so that a test (or a program it starts) that falls
# back on ``$XDG_DATA_HOME/giganten`` never shares files with another one, nor touches the
# user's ``~/.local/share``. Tests of the folders themselves set their own variables.
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(
    prefix=f"giganten-data-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}-")


@pytest.fixture(autouse=True)
def english_after_each_test() -> Iterator[None]:
    """The language of the screen and the terminal is one setting for the whole process
    (``ui.words.i18n``): a test that switches to German would leave the later tests of its worker
    in German, so every test ends where every test starts, in English."""
    yield
    i18n.set_language("en")


# --- Test tiers ----------------------------------------------------------------------------
# ``scripts/test`` runs everything (CI). ``scripts/test --quick`` runs the tests marked
# ``quick``: the inner loop of rules, scenarios, views, the ledger and the session on the
# simulated board, with no browser, broker, virtual screen or emulated reader bus. The tier
# is chosen here by path so that a new test file in these places joins it by itself.

QUICK_PATHS = (
    "tests/games/",
    "tests/test_architecture.py",
    "tests/test_referee_pin.py",
    "tests/test_deal.py",
    "tests/test_fairplay.py",
    "tests/test_messages.py",
    "tests/test_record.py",
    "tests/test_records.py",
    "tests/test_sensing.py",
    "tests/test_giganten_table.py",
    "tests/test_giganten_table_faults.py",
    "tests/test_toy_game.py",
    "tests/test_game_session_gimmel.py",
    "tests/test_views.py",
    "tests/test_variant_views.py",
    "tests/test_clock.py",
    "tests/test_config.py",
    "tests/test_game_desk_giganten.py",
)
"""The files of the quick tier (a prefix ending in ``/`` takes a whole folder)."""


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "quick: part of the quick tier (scripts/test --quick)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the quick tier's tests (by the path of their file)."""
    for item in items:
        path = item.path.relative_to(ROOT).as_posix()
        if path.startswith(QUICK_PATHS):
            item.add_marker(pytest.mark.quick)
