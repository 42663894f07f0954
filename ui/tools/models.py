"""The models of the app's tool screens: Settings, Enrolment and the Hardware check.

Kivy-free, so that tests drive them without a display; ``ui.screens.tools`` only draws them.

- ``Settings``: language, reveal policy, who starts, the variants (V1–V9 and their options)
  and an optional seed, kept in a small JSON file (mode 0600) in the companion's home
  (``settings_path``) so that the next start remembers them. ``Settings.options()`` is the
  controller's ``GameOptions`` for a new game; an impossible combination of variants is
  refused by ``RuleSet`` and ``rules_problem`` says why, in the UI's language.
- ``Enrolment``: what ``giganten enrol`` does one figure at a time (``registry.OneByOne``)
  over a reader: it names a figure, the owner puts it down, its tag is recorded and the
  registry saved (0600, atomically, by ``Registry.save``) at once.
- ``HardwareCheck``: what ``giganten hw-check`` does, step by step: which readers answer,
  which are missing or faulty, which squares saw a tag.

Both reader tools read through a ``ReadSource``: ``SimSource`` (a simulated board whose
tags the screen puts down, with injectable faults) or ``LiveSource`` (a real reader backend
scanning in its thread, drained on the UI thread).

This module gathers them: ``ui.tools.settings``, ``ui.tools.enrolment``,
``ui.tools.hardware_check``, ``ui.tools.read_sources`` and ``ui.tools.notes`` hold them.
"""

from __future__ import annotations

from typing import Any

from hardware.hwcheck import MISSING
from ui.tools.enrolment import SETTLE_LIMIT, SIM_REGISTRY_NAME, Enrolment, registry_path
from ui.tools.hardware_check import (
    ANSWERING,
    FAULTY,
    READERS_PHASE,
    SCAN_TIME,
    SQUARE_STATES,
    TAG_SEEN,
    WAITING,
    HardwareCheck,
)
from ui.tools.notes import Level, Note, figure_text
from ui.tools.read_sources import LiveSource, ReadSource, SimSource, new_uid, put_game_aside
from ui.tools.settings import (
    SETTINGS_FORMAT,
    SETTINGS_NAME,
    TIME_CONTROLS,
    Settings,
    checked_options,
    rules_problem,
    ruleset_reasons,
    settings_path,
    startup_settings,
    summary,
)

PREPARED: dict[str, Any] = {}
"""Tool models made in advance, by screen name (``enrol``, ``hwcheck``): the screen takes
one instead of starting afresh (the screenshots show a check half done)."""

__all__ = [
    "ANSWERING",
    "FAULTY",
    "MISSING",
    "PREPARED",
    "READERS_PHASE",
    "SCAN_TIME",
    "SETTINGS_FORMAT",
    "SETTINGS_NAME",
    "SETTLE_LIMIT",
    "SIM_REGISTRY_NAME",
    "SQUARE_STATES",
    "TAG_SEEN",
    "TIME_CONTROLS",
    "WAITING",
    "Enrolment",
    "HardwareCheck",
    "Level",
    "LiveSource",
    "Note",
    "ReadSource",
    "Settings",
    "SimSource",
    "checked_options",
    "figure_text",
    "new_uid",
    "put_game_aside",
    "registry_path",
    "rules_problem",
    "ruleset_reasons",
    "settings_path",
    "startup_settings",
    "summary",
]
