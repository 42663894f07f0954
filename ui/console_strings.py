"""The terminal's own words beside the app's (``commands.console_text``: the console's
event lines in words), in English and German. ``ui.i18n`` looks them up like
``ui.strings``. Data only."""

from __future__ import annotations

CONSOLE_STRINGS: dict[str, dict[str, str]] = {
    "con_setup": {"en": "{player} has set up {placed} of {expected} figures",
                  "de": "{player} hat {placed} von {expected} Figuren aufgestellt"},
    "con_commitments": {"en": " (setup commitments: {values})",
                        "de": " (Zusagen der Aufstellungen: {values})"},
    "con_to_move": {"en": "{player} to move", "de": "{player} ist am Zug"},
    "con_choose": {"en": "{player} to choose (choose N): {choices}",
                   "de": "{player} wählt (choose N): {choices}"},
    "con_advance": {"en": "advance", "de": "nachrücken"},
    "con_stay": {"en": "stay", "de": "stehen bleiben"},
    "con_challenges": {"en": "challenges {square}", "de": "fordert {square} heraus"},
    "con_kinds": {"en": " ({one} against {other}{ground})", "de": " ({one} gegen {other}{ground})"},
    "con_on": {"en": " on {ground}", "de": " auf {ground}"},
    "con_head": {"en": " (log {head})", "de": " (Protokoll {head})"},
}
