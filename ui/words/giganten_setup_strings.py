"""The app's words for Giganten's setups (``ui.giganten.setups``,
``ui.giganten.setup_panel``), in English and German: the secret trap picked in a private
moment [V5], the reserve put down [V6], the four seats and their teams [V9], the reasons a
setup of those variants is refused, by rule. ``ui.words.i18n`` looks them up like
``ui.words.app_strings``. Data only."""

from __future__ import annotations

GIGANTEN_SETUP_STRINGS: dict[str, dict[str, str]] = {
    # --- The private moment (the others look away) [V5]
    "gg_private_no_trap": {"en": "Only {player} looks: tap your trap square. {problems}",
                           "de": "Nur {player} schaut: das Feld deiner Falle antippen."
                                 " {problems}"},
    "gg_private_trap": {"en": "Only {player} looks: your trap is on {trap}. {problems}",
                        "de": "Nur {player} schaut: deine Falle liegt auf {trap}."
                              " {problems}"},
    "gg_err_no_traps": {"en": "No secret traps in this game: choose variant V5 on the"
                              " home screen",
                        "de": "In diesem Spiel gibt es keine geheimen Fallen: auf dem"
                              " Startbildschirm Variante V5 wählen"},
    "gg_now_traps": {"en": "Set up; then each player alone: tap your seat, then your"
                           " trap square",
                     "de": "Aufstellen; dann jeder allein: den eigenen Platz antippen,"
                           " dann das Feld der Falle"},
    # --- The four seats [V9]
    "player_yellow2": {"en": "Yellow 2", "de": "Gelb 2"},
    "player_orange2": {"en": "Orange 2", "de": "Orange 2"},
    "gg_now_setup_ready_all": {"en": "All setups are ready: tap Start",
                               "de": "Alle Aufstellungen sind fertig: Starten tippen"},
    "gg_side_short": {"en": "{player} {placed}/{expected}{ready}",
                      "de": "{player} {placed}/{expected}{ready}"},
    # --- Why such a setup or placement was refused, by Giganten's rule
    "gm_why_giganten_V5": {"en": "Pick your trap on an empty square of your own rows",
                           "de": "Die Falle auf ein freies Feld der eigenen Reihen legen"},
    "gm_why_giganten_V5a": {"en": "No trap right beside your own Nest",
                            "de": "Keine Falle direkt neben dem eigenen Nest"},
    "gm_why_giganten_V6": {"en": "Keep three figures back as the reserve, not the Nest;"
                                 " put them down on your edge from your third turn on",
                           "de": "Drei Figuren als Reserve zurückhalten, nicht das Nest;"
                                 " ab dem dritten Zug an den eigenen Rand setzen"},
    "gm_why_giganten_V6b": {"en": "The reserve is three different kinds",
                            "de": "Die Reserve sind drei verschiedene Arten"},
    "gm_why_giganten_V9": {"en": "Partners' Nests stand at least eight squares apart",
                           "de": "Die Nester der Partner stehen mindestens acht Felder"
                                 " auseinander"},
}
