"""The terminal's own words beside the app's (``commands.console_text``: the console's
event lines in words), in English and German. ``ui.words.i18n`` looks them up like
``ui.words.app_strings``. Data only."""

from __future__ import annotations

CONSOLE_STRINGS: dict[str, dict[str, str]] = {
    "con_setup": {"en": "{player} has set up {placed} of {expected} figures",
                  "de": "{player} hat {placed} von {expected} Figuren aufgestellt"},
    "con_commitments": {"en": " (setups sealed: {values})",
                        "de": " (Aufstellungen versiegelt: {values})"},
    "con_to_move": {"en": "{player} to move", "de": "{player} ist am Zug"},
    "con_choose": {"en": "{player} to choose (choose N): {choices}",
                   "de": "{player} wählt (choose N): {choices}"},
    "con_advance": {"en": "advance", "de": "nachrücken"},
    "con_stay": {"en": "stay", "de": "stehen bleiben"},
    "con_challenges": {"en": "challenges {square}", "de": "fordert {square} heraus"},
    "con_kinds": {"en": " ({one} against {other}{ground})", "de": " ({one} gegen {other}{ground})"},
    "con_on": {"en": " on {ground}", "de": " auf {ground}"},
    "con_head": {"en": " (log {head})", "de": " (Protokoll {head})"},
    "con_sees_player": {"en": "You play {player}: the board shows your figures. Type help"
                              " for the commands.",
                        "de": "Du spielst {player}: das Brett zeigt deine Figuren. help"
                              " zeigt die Befehle."},
    "con_sees_public": {"en": "The board shows what spectators may see. Type help for the"
                              " commands.",
                        "de": "Das Brett zeigt, was Zuschauer sehen dürfen. help zeigt die"
                              " Befehle."},
    "con_sees_arbiter": {"en": "The board shows every figure (the arbiter's view). Type help"
                               " for the commands.",
                         "de": "Das Brett zeigt jede Figur (die Sicht des Schiedsrichters)."
                               " help zeigt die Befehle."},
    "con_teams": {"en": "Teams: {teams}", "de": "Teams: {teams}"},
    "con_and": {"en": " and ", "de": " und "},
    "con_against": {"en": " against ", "de": " gegen "},
    "con_reveal_setups": {"en": "The setups, revealed after the game:",
                          "de": "Die Aufstellungen, nach dem Spiel aufgedeckt:"},
    "con_reveal_none": {"en": "{game} starts on an empty board: no setup was hidden",
                        "de": "{game} beginnt auf leerem Brett: keine Aufstellung war"
                              " verdeckt"},
    "con_reveal_secret": {"en": "{player}'s secret choice: {choice}",
                          "de": "Geheime Wahl von {player}: {choice}"},
    "con_key_hidden": {"en": "hidden", "de": "verdeckt"},
    "con_key_swamp": {"en": "swamp", "de": "Sumpf"},
}
