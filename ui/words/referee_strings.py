"""The app's words for referee mode of every game (Strategus, Gimmel,
Giganten through its adapter): ``ui.control.referee`` and
``ui.screens.referee``, in English and German. ``ui.words.i18n`` looks them up like
``ui.words.app_strings``. Data only."""

from __future__ import annotations

REFEREE_STRINGS: dict[str, dict[str, str]] = {
    # --- The home screen's summary line
    "gr_summary": {"en": "{title}, referee mode: {clock}, arbiter {arbiter}",
                   "de": "{title}, Schiedsrichtermodus: {clock}, Schiedsrichter {arbiter}"},
    "gr_clock": {"en": "clocks {control}", "de": "Uhren {control}"},
    # --- The screens
    "gr_setup_left": {"en": "{title}: setup - {left} left",
                      "de": "{title}: Aufstellung - noch {left}"},
    "gr_setup_over": {"en": "{title}: setup - time is up",
                      "de": "{title}: Aufstellung - Zeit abgelaufen"},
    "gr_arbiter": {"en": "Arbiter", "de": "Schiedsrichter"},
    "gr_put_back": {"en": "Put back", "de": "Zurückstellen"},
    "gr_answer_draw": {"en": "Answer draw", "de": "Remis: Antwort"},
    "gr_confirm_answer": {"en": "{player} offers a draw: accept it, or play on?",
                          "de": "{player} bietet Remis an: annehmen oder weiterspielen?"},
    "gr_declines_player": {"en": "{player} declines", "de": "{player} lehnt ab"},
    "gr_no_clocks": {"en": "No clocks", "de": "Ohne Uhren"},
    # --- What to do now
    "gr_now_paused": {"en": "The clocks are stopped: the arbiter lets them run (Arbiter,"
                            " PIN, Clocks on)",
                      "de": "Die Uhren stehen: der Schiedsrichter lässt sie weiterlaufen"
                            " (Schiedsrichter, PIN, Uhren an)"},
    # --- The arbiter's panel
    "gr_panel_title": {"en": "Arbiter: type the PIN, then choose",
                       "de": "Schiedsrichter: PIN eingeben, dann wählen"},
    "gr_take_back": {"en": "Take back 1", "de": "1 zurück"},
    "gr_draw": {"en": "Draw", "de": "Remis"},
    "gr_adjust": {"en": "Adjust", "de": "Uhr korrigieren"},
    "gr_confirm_adjust": {"en": "Adjust a clock (FIDE 7.5): whose, and by how much?",
                          "de": "Eine Uhr korrigieren (FIDE 7.5): wessen, und um wie viel?"},
    "gr_adjust_more": {"en": "{player} +1 min", "de": "{player} +1 Min."},
    "gr_adjust_less": {"en": "{player} -1 min", "de": "{player} -1 Min."},
    "gr_wins": {"en": "{player} wins", "de": "{player} gewinnt"},
    "gr_both_lose": {"en": "Both lose", "de": "Beide verlieren"},
    "gm_both_lose": {"en": "Both sides lose: the arbiter decided",
                     "de": "Beide Seiten verlieren: Entscheidung der Schiedsperson"},
    "gr_lost_on_time": {"en": "{player}: lost on time", "de": "{player}: verliert auf Zeit"},
    "gr_confirm_take_back": {"en": "Take the game back one turn? The board is then put back"
                                   " square by square.",
                             "de": "Das Spiel einen Zug zurücksetzen? Danach wird das Brett"
                                   " Feld für Feld zurückgestellt."},
    "gr_confirm_result": {"en": "End the game: {result}? This cannot be undone.",
                          "de": "Das Spiel beenden: {result}? Das kann nicht rückgängig"
                                " gemacht werden."},
    "gr_arbiter_ends": {"en": "{arbiter} decides", "de": "{arbiter} entscheidet"},
    "gr_err_board": {"en": "The board does not match the game yet: put the pieces back as"
                           " the line says, then let the clocks run",
                     "de": "Das Brett stimmt noch nicht mit dem Spiel überein: stellt die"
                           " Steine zurück wie die Zeile sagt, dann die Uhren an"},
    "gr_err_not_referee": {"en": "This game has no arbiter: choose referee mode in the"
                                 " settings before a new game",
                           "de": "Dieses Spiel hat keinen Schiedsrichter: Schiedsrichtermodus"
                                 " vor einem neuen Spiel in den Einstellungen wählen"},
    "gr_reason_agreed": {"en": "agreed at the table", "de": "am Tisch vereinbart"},
    # --- The end after too many illegal moves (the club's illegal-move policy) [W3]
    "gm_reason_illegal": {"en": "the other side made too many illegal moves",
                          "de": "die andere Seite hat zu viele regelwidrige Züge gemacht"},
    "gr_err_paused": {"en": "The clocks are stopped already: Clocks on lets them run",
                      "de": "Die Uhren stehen schon: Uhren an lässt sie laufen"},
    "gr_err_running": {"en": "The clocks are running: nothing to let run",
                       "de": "Die Uhren laufen: es gibt nichts anzustellen"},
    "gr_err_over": {"en": "The game is over: nothing more to decide",
                    "de": "Das Spiel ist vorbei: nichts mehr zu entscheiden"},
    "gr_err_event": {"en": "The club event could not be joined: {reason}",
                     "de": "Das Vereinsturnier ist nicht erreichbar: {reason}"},
}
