"""Every string of the touchscreen in English and German.

``tr(key, **fields)`` gives the string of ``key`` in the current language
(``set_language("de" | "en")``). The session's messages come from ``companion.views`` as
views with a ``type`` and fields; ``event_text(view)`` words them in the current language
from the type and the fields (never by parsing the English text) and keeps every rule id.
A refusal's reason, a setup problem and a notice come as a message key and parameters
(``companion.messages``): ``message_text`` words them (German templates in ``ui.reasons``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.clock import format_time
from companion.fairplay import SHOWN_DIGITS
from companion.messages import MESSAGES, WORDS, Words, rank_span, render
from ui.reasons import DIRECTIONS_DE, GERMAN

LANGUAGES = ("en", "de")

STRINGS: dict[str, dict[str, str]] = {
    # --- Screens and buttons
    "app_title": {"en": "Giganten companion", "de": "Giganten-Begleiter"},
    "home_title": {"en": "Giganten", "de": "Giganten"},
    "new_game": {"en": "New game", "de": "Neues Spiel"},
    "resume": {"en": "Resume", "de": "Fortsetzen"},
    "enrol": {"en": "Enrol figures", "de": "Figuren anmelden"},
    "settings": {"en": "Settings", "de": "Einstellungen"},
    "hw_check": {"en": "Hardware check", "de": "Hardware prüfen"},
    "language": {"en": "Language: English", "de": "Sprache: Deutsch"},
    "variants": {"en": "Variants", "de": "Varianten"},
    "policy": {"en": "Reveal: {policy}", "de": "Aufdecken: {policy}"},
    "policy_rulebook": {"en": "both figures (rulebook)", "de": "beide Figuren (Regelheft)"},
    "policy_outcome-only": {"en": "outcome only", "de": "nur Ergebnis"},
    "first": {"en": "Starts: {player}", "de": "Beginnt: {player}"},
    "first_draw": {"en": "drawn", "de": "ausgelost"},
    "sim_mode": {"en": "Simulated board: drag the figures on the screen",
                 "de": "Simuliertes Brett: Figuren auf dem Bildschirm ziehen"},
    "real_mode": {"en": "Real board: the readers follow the figures",
                  "de": "Echtes Brett: die Leser folgen den Figuren"},
    "landscape_title": {"en": "Landscape: make the screen match the cardboard",
                        "de": "Landschaft: Bildschirm wie die Pappe legen"},
    "deal_again": {"en": "Deal again", "de": "Neu mischen"},
    "rotate": {"en": "Turn", "de": "Drehen"},
    "tile": {"en": "Tile {tile}", "de": "Teil {tile}"},
    "confirm": {"en": "Confirm", "de": "Bestätigen"},
    "back": {"en": "Back", "de": "Zurück"},
    "setup_title": {"en": "Set up the figures", "de": "Figuren aufstellen"},
    "setup_progress": {"en": "{player}: {placed} of {needed}{ready}",
                       "de": "{player}: {placed} von {needed}{ready}"},
    "ready": {"en": " - ready", "de": " - bereit"},
    "setup_side": {"en": "Set up {player}", "de": "{player} aufstellen"},
    "setup_all": {"en": "Set up all", "de": "Alle aufstellen"},
    "start": {"en": "Start", "de": "Starten"},
    "to_move_now": {"en": "{player} to move", "de": "{player} ist am Zug"},
    "last_turn": {"en": "Last turn: {text}", "de": "Letzter Zug: {text}"},
    "no_challenge": {"en": "No challenge", "de": "Keine Herausforderung"},
    "confirm_turn": {"en": "Confirm turn", "de": "Zug bestätigen"},
    "challenge_sq": {"en": "Challenge {square}", "de": "{square} herausfordern"},
    "stay": {"en": "Stay", "de": "Stehen bleiben"},
    "auto": {"en": "Auto", "de": "Automatisch"},
    "auto_one": {"en": "Auto 1", "de": "Auto 1"},
    "resign": {"en": "Resign", "de": "Aufgeben"},
    "off_board": {"en": "{player} off the board: {figures}",
                  "de": "{player} vom Brett: {figures}"},
    "face_down": {"en": "{count} face down", "de": "{count} verdeckt"},
    "none": {"en": "none", "de": "keine"},
    "nothing": {"en": "nothing", "de": "nichts"},
    "remove": {"en": "Remove", "de": "Entfernen"},
    "place_here": {"en": "Place", "de": "Setzen"},
    "hand": {"en": "In the hand: {count}", "de": "In der Hand: {count}"},
    "selected": {"en": "Selected: {square}", "de": "Gewählt: {square}"},
    "private_for": {"en": "Private: {player}", "de": "Privat: {player}"},
    "look_away": {"en": "Only {player} looks now: everyone else, please look away.",
                  "de": "Nur {player} schaut jetzt: alle anderen bitte wegsehen."},
    "hold_to_see": {"en": "Hold to see", "de": "Halten zum Ansehen"},
    "done": {"en": "Done", "de": "Fertig"},
    "your_problems": {"en": "Your setup problems:", "de": "Probleme deiner Aufstellung:"},
    "no_problems": {"en": "Your setup is valid.", "de": "Deine Aufstellung ist gültig."},
    "your_trap": {"en": "Your secret trap: {square}", "de": "Deine geheime Falle: {square}"},
    "your_reserve": {"en": "Your reserve: {kinds}", "de": "Deine Reserve: {kinds}"},
    "set_trap_hint": {"en": "Tap a square to set your secret trap [V5]",
                      "de": "Feld antippen, um die geheime Falle zu setzen [V5]"},
    "over_title": {"en": "Game over", "de": "Spielende"},
    "err_not_referee": {"en": "This game has no arbiter: start it in referee mode",
                        "de": "Dieses Spiel hat keinen Schiedsrichter: im Schiedsrichtermodus"
                              " starten"},
    "dispute": {"en": "Dispute", "de": "Einspruch"},
    "offer_draw": {"en": "Offer draw", "de": "Remis bieten"},
    "accept_draw_by": {"en": "{player}: accept draw", "de": "{player}: Remis annehmen"},
    "arbiter": {"en": "Arbiter", "de": "Schiedsrichter"},
    "arbiter_title": {"en": "Arbiter: PIN for every action; looks are told to both players",
                      "de": "Schiedsrichter: PIN für jede Aktion; Einsicht wird beiden"
                            " Spielern angezeigt"},
    "pin": {"en": "PIN", "de": "PIN"},
    "reason": {"en": "Reason", "de": "Grund"},
    "pause": {"en": "Pause", "de": "Anhalten"},
    "resume_clocks": {"en": "Clocks on", "de": "Uhren an"},
    "take_back": {"en": "Take back a turn", "de": "Zug zurücknehmen"},
    "look": {"en": "Look", "de": "Einsehen"},
    "arbiter_done": {"en": "Done: logged and shown to both players",
                     "de": "Erledigt: protokolliert und beiden Spielern angezeigt"},
    "result_draw": {"en": "A draw ({reason})", "de": "Remis ({reason})"},
    "result_both_lose": {"en": "Both players lose ({reason})",
                         "de": "Beide Spieler verlieren ({reason})"},
    "ev_committed": {"en": "; setups committed: {digits}",
                     "de": "; Aufstellungen versiegelt: {digits}"},
    "ev_log_head": {"en": " · log {head}", "de": " · Protokoll {head}"},
    "ev_clocks": {"en": "Clocks: {faces}", "de": "Uhren: {faces}"},
    "ev_clock_running": {"en": " (running)", "de": " (läuft)"},
    "ev_clock_paused": {"en": " — paused: {reason}", "de": " — angehalten: {reason}"},
    "ev_offence": {"en": "{player}: illegal move no. {count}{rule}",
                   "de": "{player}: regelwidriger Zug Nr. {count}{rule}"},
    "ev_penalty": {"en": ": {seconds} s added to the opponent's clock",
                   "de": ": {seconds} s mehr auf der Uhr des Gegners"},
    "ev_entered": {"en": "The arbiter entered the turn {turn} ({reason})",
                   "de": "Der Schiedsrichter hat den Zug {turn} eingetragen ({reason})"},
    "ev_took_back": {"en": "The arbiter took the game back to turn {turns} ({reason}):"
                           " put the board back as listed",
                     "de": "Der Schiedsrichter hat das Spiel auf Zug {turns} zurückgesetzt"
                           " ({reason}): das Brett wie angegeben zurückstellen"},
    "ev_result_draw": {"en": "Game over: a draw ({reason})",
                       "de": "Spielende: Remis ({reason})"},
    "ev_result_both_lose": {"en": "Game over: both players lose ({reason}) [ISF 4.3]",
                            "de": "Spielende: beide Spieler verlieren ({reason}) [ISF 4.3]"},
    "ev_paused_by": {"en": "{player} called the arbiter: the clocks are stopped",
                     "de": "{player} hat den Schiedsrichter gerufen: die Uhren stehen"},
    "ev_paused": {"en": "The arbiter stopped the clocks ({reason})",
                  "de": "Der Schiedsrichter hat die Uhren angehalten ({reason})"},
    "ev_resumed": {"en": "The arbiter let the clocks run again",
                   "de": "Der Schiedsrichter lässt die Uhren weiterlaufen"},
    "ev_adjusted": {"en": "The arbiter gave {player} {seconds} s ({reason})",
                    "de": "Der Schiedsrichter gab {player} {seconds} s ({reason})"},
    "ev_setup_time_up": {"en": "The setup time is up: the arbiter decides how to go on [S]",
                         "de": "Die Aufstellzeit ist um: der Schiedsrichter entscheidet [S]"},
    "ev_arbiter_looked": {"en": "The arbiter looked at the position ({reason})",
                          "de": "Der Schiedsrichter hat die Stellung eingesehen ({reason})"},
    "ev_pin_refused": {"en": "Wrong arbiter PIN ({wrong} in a row): nothing was done",
                       "de": "Falsche Schiedsrichter-PIN ({wrong} in Folge): nichts geändert"},
    "ev_pin_wait": {"en": "; try again in {seconds} s",
                    "de": "; erneut versuchen in {seconds} s"},
    "ev_draw_offered": {"en": "{player} offers a draw: the opponent may accept it before the"
                              " next turn [W3]",
                        "de": "{player} bietet Remis an: der Gegner kann vor dem nächsten Zug"
                              " annehmen [W3]"},
    "ev_setting_changed": {"en": "The arbiter changed the {name} to {value}",
                           "de": "Der Schiedsrichter hat {name} auf {value} geändert"},
    "err_no_replay": {"en": "Open a game to replay first", "de": "Zuerst ein Spiel öffnen"},
    "replay": {"en": "Replay a game", "de": "Partie nachspielen"},
    "replay_title": {"en": "Replay: step {step} of {last}", "de": "Nachspielen: Schritt {step}"
                                                                  " von {last}"},
    "replay_pick": {"en": "Pick a game log or record:", "de": "Protokoll oder Aufzeichnung"
                                                             " wählen:"},
    "replay_none": {"en": "No saved games in {folder}", "de": "Keine gespeicherten Partien in"
                                                             " {folder}"},
    "set_referee": {"en": "Referee mode: {clock}", "de": "Schiedsrichtermodus: {clock}"},
    "set_referee_off": {"en": "Referee mode: off", "de": "Schiedsrichtermodus: aus"},
    "set_no_clock": {"en": "no clocks", "de": "ohne Uhren"},
    "set_summary_referee": {"en": "; referee mode ({clock})",
                            "de": "; Schiedsrichtermodus ({clock})"},
    "whole_board": {"en": "Whole board", "de": "Ganzes Brett"},
    "winner": {"en": "{winner} wins ({reason})", "de": "{winner} gewinnt ({reason})"},
    "reveal_title": {"en": "The setups, revealed", "de": "Die Aufstellungen, aufgedeckt"},
    "record_saved": {"en": "Record saved: {path}", "de": "Spielbericht gespeichert: {path}"},
    "home": {"en": "Home", "de": "Start"},
    "reason_nest": {"en": "the Nest was taken", "de": "das Nest wurde erobert"},
    "reason_turn limit": {"en": "the turn limit [W3]", "de": "das Zuglimit [W3]"},
    "reason_no-challenge limit": {"en": "no challenge for too long [W3]",
                                  "de": "zu lange keine Herausforderung [W3]"},
    "reason_resignation": {"en": "resignation", "de": "Aufgabe"},
    "reason_immobilized": {"en": "no figure can move", "de": "keine Figur kann ziehen"},
    "player_yellow": {"en": "Yellow", "de": "Gelb"},
    "player_orange": {"en": "Orange", "de": "Orange"},
    "player_green": {"en": "Green", "de": "Grün"},
    "player_blue": {"en": "Blue", "de": "Blau"},
    # --- Errors of the controller
    "err_no_game": {"en": "There is no game: start a new one",
                    "de": "Es läuft kein Spiel: ein neues beginnen"},
    "err_landscape_first": {"en": "Confirm the landscape first",
                            "de": "Zuerst die Landschaft bestätigen"},
    "err_landscape_fixed": {"en": "The landscape is fixed once the setup began",
                            "de": "Die Landschaft steht fest, sobald aufgestellt wird"},
    "err_unknown_player": {"en": "{name} does not play in this game",
                           "de": "{name} spielt in diesem Spiel nicht mit"},
    "err_real_board": {"en": "This is the real board: move the figures by hand",
                       "de": "Das ist das echte Brett: Figuren von Hand bewegen"},
    "err_empty": {"en": "{square} is empty", "de": "{square} ist leer"},
    "err_taken": {"en": "{square} already holds a figure",
                  "de": "Auf {square} steht schon eine Figur"},
    "err_hand_empty": {"en": "The hand is empty", "de": "Die Hand ist leer"},
    "err_started": {"en": "The game has started", "de": "Das Spiel hat begonnen"},
    "err_half_taken": {"en": "Clear {player}'s half first",
                       "de": "Zuerst die Hälfte von {player} räumen"},
    "err_private_only": {"en": "Only in {player}'s private moment",
                         "de": "Nur im privaten Moment von {player}"},
    "err_not_running": {"en": "There is no game running", "de": "Es läuft kein Spiel"},
    "err_board_first": {"en": "The board must match the game first",
                        "de": "Das Brett muss zuerst zum Spiel passen"},
    "err_no_private": {"en": "Nobody asked for a private moment",
                       "de": "Niemand hat einen privaten Moment verlangt"},
    "private_moment": {"en": "{player} looks at their own setup in a private moment: the"
                             " others look away",
                       "de": "{player} sieht sich die eigene Aufstellung in einem privaten"
                             " Moment an: die anderen schauen weg"},
    "err_nothing_private": {"en": "A private moment is for your own setup: in the game your"
                                  " figures show you their kinds",
                            "de": "Ein privater Moment ist für die eigene Aufstellung: im"
                                  " Spiel zeigen dir deine Figuren ihre Art"},
    "err_no_log": {"en": "There is no saved game to resume",
                   "de": "Es gibt kein gespeichertes Spiel zum Fortsetzen"},
    # --- Session events (by view type)
    "ev_reading": {"en": "Reading the board … ({count} squares not settled yet)",
                   "de": "Das Brett wird gelesen … ({count} Felder noch unsicher)"},
    "ev_duplicate": {"en": "The same tag is seen on {squares}: take one of them off",
                     "de": "Derselbe Tag auf {squares}: einen davon wegnehmen"},
    "ev_flicker": {"en": "The reader under {squares} keeps changing: centre the figure",
                   "de": "Der Leser unter {squares} schwankt: Figur mittig stellen"},
    "ev_dead": {"en": "The reader under {squares} does not answer: check its cable",
                "de": "Der Leser unter {squares} antwortet nicht: Kabel prüfen"},
    "ev_unknown": {"en": "Unknown tag on {square}: take it off, or enrol it",
                   "de": "Unbekannter Tag auf {square}: wegnehmen oder anmelden"},
    "ev_put_back_from": {"en": "Put the figure from {source} back on {square}",
                         "de": "Die Figur von {source} zurück auf {square} stellen"},
    "ev_put_back": {"en": "Put the figure back on {square}",
                    "de": "Die Figur zurück auf {square} stellen"},
    "ev_swap_from": {"en": "The wrong figure stands on {square}: put back the one from {source}",
                     "de": "Auf {square} steht die falsche Figur: die von {source} zurückstellen"},
    "ev_swap": {"en": "The wrong figure stands on {square}: put back the one that stood there",
                "de": "Auf {square} steht die falsche Figur: die frühere zurückstellen"},
    "ev_off_lost": {"en": "Take the figure off {square}: it lost the challenge",
                    "de": "Figur von {square} nehmen: sie hat die Herausforderung verloren"},
    "ev_off_trap": {"en": "Take the figure off {square}: a secret trap caught it [V5]",
                    "de": "Figur von {square} nehmen: eine geheime Falle hat sie gefangen [V5]"},
    "ev_off_unknown": {"en": "Unknown tag on {square}: take it off the board, or enrol it",
                       "de": "Unbekannter Tag auf {square}: vom Brett nehmen oder anmelden"},
    "ev_off_gone": {"en": "Take the figure off {square}: it has left the board [K6]",
                    "de": "Figur von {square} nehmen: sie hat das Brett verlassen [K6]"},
    "ev_off_reserve": {"en": "Take the figure off {square}: it is not in play",
                       "de": "Figur von {square} nehmen: sie ist nicht im Spiel"},
    "ev_off_moved": {"en": "Take the figure off {square}", "de": "Figur von {square} nehmen"},
    "ev_refused_reason": {"en": "{reason} [{rule}]{way_back}",
                          "de": "{reason} [{rule}]{way_back}"},
    "ev_refused": {"en": "That is not allowed{way_back}", "de": "Das ist nicht erlaubt{way_back}"},
    "ev_way_back": {"en": ": put it back on {square}", "de": ": zurück auf {square}"},
    "ev_prompt": {"en": "{player}: challenge {targets}?",
                  "de": "{player}: {targets} herausfordern?"},
    "ev_prompt_must": {"en": "{player}: a scout flight must challenge: {targets} [M7]",
                       "de": "{player}: ein Erkundungsflug muss herausfordern: {targets} [M7]"},
    "ev_prompt_continue": {"en": "{player}: move on or confirm the turn",
                           "de": "{player}: weiterziehen oder den Zug bestätigen"},
    "ev_turn": {"en": "{player} played {moves}", "de": "{player} zog {moves}"},
    "ev_placed": {"en": "placed on {square}", "de": "setzte auf {square}"},
    "ev_returned": {"en": "brought back on {square}", "de": "zurückgebracht auf {square}"},
    "ev_combat": {"en": ", challenged {square}: {outcome}",
                  "de": ", forderte {square} heraus: {outcome}"},
    "ev_combatants": {"en": " — {challenger} against {challenged}",
                      "de": " — {challenger} gegen {challenged}"},
    "ev_rule": {"en": " [{rule}]", "de": " [{rule}]"},
    "ev_leaves": {"en": " ({who} leaves the board)", "de": " ({who} verlässt das Brett)"},
    "ev_leave": {"en": " ({who} leave the board)", "de": " ({who} verlassen das Brett)"},
    "ev_and": {"en": " and ", "de": " und "},
    "role_challenger": {"en": "challenger", "de": "Herausforderer"},
    "role_challenged": {"en": "challenged", "de": "Herausgeforderter"},
    "outcome_challenger_wins": {"en": "the challenger wins", "de": "der Herausforderer gewinnt"},
    "outcome_challenged_wins": {"en": "the challenged wins", "de": "der Herausgeforderte gewinnt"},
    "outcome_draw": {"en": "draw", "de": "unentschieden"},
    "outcome_both_lose": {"en": "both lose", "de": "beide verlieren"},
    "outcome_nest_taken": {"en": "the Nest is taken", "de": "das Nest ist erobert"},
    "ev_setup": {"en": "{player}: {placed} of {needed} figures, {state}",
                 "de": "{player}: {placed} von {needed} Figuren, {state}"},
    "ev_setup_ready": {"en": "complete and valid", "de": "vollständig und gültig"},
    "ev_setup_not_ready": {"en": "not ready yet", "de": "noch nicht bereit"},
    "ev_problem": {"en": "{where}problem [{rule}]: {reason}",
                   "de": "{where}Problem [{rule}]: {reason}"},
    "ev_in_hand": {"en": "{player} is moving the figure from {squares}",
                   "de": "{player} bewegt die Figur von {squares}"},
    "ev_advance_offer": {"en": "{player} may advance from {source} to {square}: move it there,"
                               " or choose Stay [K5]",
                         "de": "{player} darf von {source} nach {square} nachrücken: hinziehen"
                               " oder Stehen bleiben wählen [K5]"},
    "ev_advanced": {"en": "{player} advanced", "de": "{player} ist nachgerückt"},
    "ev_stays": {"en": "{player} stays", "de": "{player} bleibt stehen"},
    "ev_to_move": {"en": "{player} to move", "de": "{player} ist am Zug"},
    "ev_resigned": {"en": "{player} resigns", "de": "{player} gibt auf"},
    "ev_game_over": {"en": "Game over: {player} wins ({reason})",
                     "de": "Spielende: {player} gewinnt ({reason})"},
    "ev_game_started": {"en": "The game begins: {player} moves first [S5]",
                        "de": "Das Spiel beginnt: {player} zieht zuerst [S5]"},
    "ev_notice": {"en": "{text}", "de": "{text}"},
}
"""key -> language -> text with ``{field}`` placeholders."""

TOOL_STRINGS: dict[str, dict[str, str]] = {
    # --- The tool screens (ui.tool_screens, ui.tools): settings, enrolment, hardware check
    "tool_figure": {"en": "{player} {kind}", "de": "{player} {kind}"},
    "tool_raw": {"en": "{text}", "de": "{text}"},
    "tool_reader_stopped": {"en": "The readers stopped: {problem}",
                            "de": "Die Leser haben aufgehört: {problem}"},
    "lang_en": {"en": "English", "de": "Englisch"},
    "lang_de": {"en": "German", "de": "Deutsch"},
    "set_title": {"en": "Settings", "de": "Einstellungen"},
    "set_seed": {"en": "Seed", "de": "Startwert"},
    "set_seed_hint": {"en": "new each game", "de": "jedes Spiel neu"},
    "set_seed_random": {"en": "New each game", "de": "Jedes Spiel neu"},
    "set_bad_seed": {"en": "The seed must be a whole number of 0 or more, not {text!r}",
                     "de": "Der Startwert muss eine ganze Zahl ab 0 sein, nicht {text!r}"},
    "set_saved": {"en": "Saved for the next start: {path}",
                  "de": "Für den nächsten Start gespeichert: {path}"},
    "set_not_saved": {"en": "The settings could not be saved ({problem}): they hold until"
                            " the app closes",
                      "de": "Die Einstellungen ließen sich nicht speichern ({problem}): sie"
                            " gelten, bis die App schließt"},
    "set_unreadable": {"en": "The settings file {path} could not be read ({problem}): the"
                             " defaults are used; changing a setting saves a new file",
                       "de": "Die Einstellungsdatei {path} ist nicht lesbar ({problem}): es"
                             " gelten die Grundeinstellungen; eine Änderung speichert eine"
                             " neue Datei"},
    "set_impossible": {"en": "These variants cannot be played together: {reason}",
                       "de": "Diese Varianten gehen nicht zusammen: {reason}"},
    "set_ok": {"en": "These variants can be played together.",
               "de": "Diese Varianten passen zusammen."},
    "set_no_variants": {"en": "no variants", "de": "keine Varianten"},
    "set_summary": {"en": "{language} · Reveal: {policy} · Starts: {first} · {variants}",
                    "de": "{language} · Aufdecken: {policy} · Beginnt: {first} · {variants}"},
    "set_summary_seed": {"en": " · seed {seed}", "de": " · Startwert {seed}"},
    "set_tap_variant": {"en": "Tap a variant to switch it on or off.",
                        "de": "Eine Variante antippen, um sie ein- oder auszuschalten."},
    "rs_V5a": {"en": "V5a needs V4 or V5: the trap options apply to the Falle (V4) or the"
                     " secret trap (V5)",
               "de": "V5a braucht V4 oder V5: die Fallen-Optionen gelten für die Falle (V4)"
                     " oder die geheime Falle (V5)"},
    "rs_V5b": {"en": "V5b needs V4 or V5: the trap options apply to the Falle (V4) or the"
                     " secret trap (V5)",
               "de": "V5b braucht V4 oder V5: die Fallen-Optionen gelten für die Falle (V4)"
                     " oder die geheime Falle (V5)"},
    "rs_V5c": {"en": "V5c needs V4 or V5: the trap options apply to the Falle (V4) or the"
                     " secret trap (V5)",
               "de": "V5c braucht V4 oder V5: die Fallen-Optionen gelten für die Falle (V4)"
                     " oder die geheime Falle (V5)"},
    "rs_V6a": {"en": "V6a needs V6: V6a is an option of the reserve (V6)",
               "de": "V6a braucht V6: V6a ist eine Option der Reserve (V6)"},
    "rs_V6b": {"en": "V6b needs V6: V6b is an option of the reserve (V6)",
               "de": "V6b braucht V6: V6b ist eine Option der Reserve (V6)"},
    "rs_V1_V9": {"en": "V1 and V9 do not combine: the stacked landscape is a two-player board;"
                       " V9 has its own",
                 "de": "V1 und V9 gehen nicht zusammen: die gestapelte Landschaft ist ein Brett"
                       " für zwei; V9 hat ein eigenes"},
    "rs_V2_V9": {"en": "V2 and V9 do not combine: paired drawing groups the four tiles of one"
                       " set; V9 lays eight or six",
                 "de": "V2 und V9 gehen nicht zusammen: das Ziehen in Paaren gruppiert die vier"
                       " Teile eines Satzes; V9 legt acht oder sechs"},
    "rs_V3_V4": {"en": "V3 and V4 do not combine: the one blank figure plays either as the"
                       " Gespenst or as the Falle",
                 "de": "V3 und V4 gehen nicht zusammen: die eine leere Figur spielt entweder als"
                       " Gespenst oder als Falle"},
    "rs_V5b_V5c": {"en": "V5b and V5c do not combine: a trapped figure either stays put (V5b)"
                         " or leaves to come back (V5c)",
                   "de": "V5b und V5c gehen nicht zusammen: eine gefangene Figur bleibt entweder"
                         " stehen (V5b) oder geht und kommt zurück (V5c)"},
    "var_V1": {"en": "Stacked landscape", "de": "Gestapelte Landschaft"},
    "var_V2": {"en": "Paired drawing", "de": "Paarweise ziehen"},
    "var_V3": {"en": "Gespenst", "de": "Gespenst"},
    "var_V4": {"en": "Falle", "de": "Falle"},
    "var_V5": {"en": "Secret trap", "de": "Geheime Falle"},
    "var_V5a": {"en": "No trap by the Nest", "de": "Keine Falle am Nest"},
    "var_V5b": {"en": "Trapped stay 2 turns", "de": "Gefangene warten 2 Züge"},
    "var_V5c": {"en": "Trapped come back", "de": "Gefangene kehren zurück"},
    "var_V6": {"en": "Reserve", "de": "Reserve"},
    "var_V6a": {"en": "Reserve agreed", "de": "Reserve abgesprochen"},
    "var_V6b": {"en": "Reserve all different", "de": "Reserve verschieden"},
    "var_V7": {"en": "Hidden setup", "de": "Verdeckter Aufbau"},
    "var_V8": {"en": "Double moves", "de": "Doppelzüge"},
    "var_V9": {"en": "Four players", "de": "Vier Spieler"},
    "enr_title": {"en": "Enrol figures", "de": "Figuren anmelden"},
    "enr_set": {"en": "Set: {player}", "de": "Satz: {player}"},
    "enr_missing_mode": {"en": "Figures without a tag", "de": "Figuren ohne Tag"},
    "enr_all_mode": {"en": "Whole set, new tags", "de": "Ganzer Satz, neue Tags"},
    "enr_skip": {"en": "Skip", "de": "Überspringen"},
    "enr_reenrol": {"en": "Re-enrol previous", "de": "Vorige neu anmelden"},
    "enr_put": {"en": "Put {figure} on any square", "de": "{figure} auf ein beliebiges Feld"
                                                         " stellen"},
    "enr_put_new": {"en": "Put {figure} with its new tag on any square",
                    "de": "{figure} mit dem neuen Tag auf ein beliebiges Feld stellen"},
    "enr_all_done": {"en": "Done: {owner}'s set ({count} figures) is enrolled",
                     "de": "Fertig: der Satz von {owner} ({count} Figuren) ist angemeldet"},
    "enr_none_missing": {"en": "Every figure of {owner}'s set has a tag; choose Whole set to"
                               " give them new ones",
                         "de": "Jede Figur im Satz von {owner} hat ein Tag; Ganzer Satz wählen,"
                               " um neue zu vergeben"},
    "enr_progress": {"en": "{done} of {total} done: {enrolled} enrolled, {skipped} skipped",
                     "de": "{done} von {total} erledigt: {enrolled} angemeldet,"
                           " {skipped} übersprungen"},
    "enr_skipped": {"en": "{figure} skipped", "de": "{figure} übersprungen"},
    "enr_nothing_before": {"en": "No figure was enrolled yet in this round",
                           "de": "In dieser Runde wurde noch keine Figur angemeldet"},
    "enr_again": {"en": "{figure} again: put it down with its tag",
                  "de": "{figure} noch einmal: mit seinem Tag hinstellen"},
    "enr_enrolled": {"en": "{figure} enrolled", "de": "{figure} angemeldet"},
    "enr_reenrolled": {"en": "{figure} re-enrolled: its old tag is forgotten",
                       "de": "{figure} neu angemeldet: das alte Tag ist vergessen"},
    "enr_already": {"en": "{figure} is already enrolled with this tag",
                    "de": "{figure} ist mit diesem Tag schon angemeldet"},
    "enr_duplicate": {"en": "The same tag is seen on {squares}: two tags with one UID, or"
                            " one figure read twice; take one off",
                      "de": "Dasselbe Tag steht auf {squares}: zwei Tags mit einer UID oder"
                            " eine Figur doppelt gelesen; eins wegnehmen"},
    "enr_two_at_once": {"en": "New tags on {squares} at once: take them off and put {figure}"
                              " down alone",
                        "de": "Neue Tags auf {squares} zugleich: wegnehmen und {figure} allein"
                              " hinstellen"},
    "enr_finished_extra": {"en": "Enrolment is finished: nothing was recorded for the tag on"
                                 " {squares}",
                           "de": "Die Anmeldung ist fertig: für das Tag auf {squares} wurde"
                                 " nichts gespeichert"},
    "enr_put_back": {"en": "That is {holder} (on {square}), enrolled already; put {figure}"
                           " down",
                     "de": "Das ist {holder} (auf {square}), schon angemeldet; {figure}"
                           " hinstellen"},
    "enr_other_figure": {"en": "The tag on {square} is already {holder}, not {figure}: take"
                               " it off, or re-enrol {holder} first",
                         "de": "Das Tag auf {square} ist schon {holder}, nicht {figure}:"
                               " wegnehmen oder zuerst {holder} neu anmelden"},
    "enr_not_saved": {"en": "Not saved: {problem}", "de": "Nicht gespeichert: {problem}"},
    "enr_saved_to": {"en": "Saved after each figure (only you can read it): {path}",
                     "de": "Nach jeder Figur gespeichert (nur für dich lesbar): {path}"},
    "enr_sim_hint": {"en": "Simulated board: tap an empty square to put a new tag down, tap"
                           " a tag to lift it",
                     "de": "Simuliertes Brett: leeres Feld antippen setzt ein neues Tag, ein"
                           " Tag antippen hebt es hoch"},
    "enr_real_hint": {"en": "Put each figure on any square of the board",
                      "de": "Jede Figur auf ein beliebiges Feld des Bretts stellen"},
    "hw_title": {"en": "Hardware check", "de": "Hardware-Prüfung"},
    "hw_again": {"en": "Check again", "de": "Neu prüfen"},
    "hw_fill": {"en": "Tags on all squares", "de": "Tags auf alle Felder"},
    "hw_scanning": {"en": "Looking for the {count} readers … {seconds} s",
                    "de": "Suche die {count} Leser … {seconds} s"},
    "hw_tags": {"en": "Move a tag over every square: {seen} of {total} saw a tag",
                "de": "Ein Tag über jedes Feld führen: {seen} von {total} haben ein Tag"
                      " gesehen"},
    "hw_never_read": {"en": "never answered", "de": "nie geantwortet"},
    "hw_no_answer": {"en": "no answer from the reader", "de": "keine Antwort vom Leser"},
    "hw_missing": {"en": "{square}: reader missing ({fault})",
                   "de": "{square}: Leser fehlt ({fault})"},
    "hw_faulty": {"en": "{square}: {faults} of {reads} reads failed ({fault})",
                  "de": "{square}: {faults} von {reads} Lesungen fehlgeschlagen ({fault})"},
    "hw_more": {"en": "… and {count} more", "de": "… und {count} weitere"},
    "hw_state_answering": {"en": "answering", "de": "antwortet"},
    "hw_state_missing": {"en": "missing", "de": "fehlt"},
    "hw_state_faulty": {"en": "faulty", "de": "fehlerhaft"},
    "hw_state_tag": {"en": "tag seen", "de": "Tag gesehen"},
    "hw_state_waiting": {"en": "not read yet", "de": "noch nicht gelesen"},
    "hw_count": {"en": "{state}: {count}", "de": "{state}: {count}"},
    "hw_sim_hint": {"en": "Simulated board: tap a square to move the test tag there",
                    "de": "Simuliertes Brett: Feld antippen, um das Test-Tag dorthin zu"
                          " legen"},
    "hw_game_aside": {"en": "The game in progress was put aside for this: Resume continues it",
                      "de": "Das laufende Spiel ruht dafür: Fortsetzen setzt es fort"},
}
"""The tool screens' strings, kept apart so that they merge cleanly; part of ``STRINGS``."""

STRINGS.update(TOOL_STRINGS)

_current = "en"


def set_language(language: str) -> None:
    """Use ``language`` (``en`` or ``de``) from now on."""
    global _current
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; languages are {', '.join(LANGUAGES)}")
    _current = language


def language() -> str:
    """The current language."""
    return _current


def tr(key: str, **fields: Any) -> str:
    """The string ``key`` in the current language, with ``fields`` filled in."""
    return STRINGS[key][_current].format(**fields)


def player(name: str) -> str:
    """A player's name (``yellow``) as shown (``Yellow``, ``Gelb``)."""
    key = f"player_{name}"
    return tr(key) if key in STRINGS else name.capitalize()


def reason(text: str) -> str:
    """Why a game ended, in words."""
    key = f"reason_{text}"
    return tr(key) if key in STRINGS else text


def kind(kind_id: str) -> str:
    """A figure's kind as printed on it (``tyra1`` -> ``Tyra 1``); the names are the
    game's own in both languages."""
    name = kind_id.rstrip("0123456789").capitalize()
    number = kind_id[len(kind_id.rstrip("0123456789")):]
    return f"{name} {number}".strip()


def _kinds(kinds: Any) -> str:
    return ", ".join(kind(str(k)) for k in kinds) or tr("nothing")


_WORDS: dict[str, Words] = {
    "en": WORDS,
    "de": {"square": str, "other": str, "at": str,
           "squares": lambda v: ", ".join(str(s) for s in v),
           "player": lambda v: player(str(v)), "owner": lambda v: player(str(v)),
           "first": lambda v: player(str(v)),
           "family": lambda v: kind(str(v)), "kind": lambda v: kind(str(v)),
           "kinds": _kinds, "agreed": _kinds,
           "ranks": lambda v: rank_span(v, "Reihe", "Reihen"),
           "direction": lambda v: DIRECTIONS_DE.get(str(v), str(v)),
           "reason": lambda v: reason(str(v)),
           "ordinal": lambda v: f"{int(v)}."},
}
"""Per language: how each kind of message parameter is worded (``companion.messages``)."""

MESSAGE_TEMPLATES: dict[str, Mapping[str, str]] = {"en": MESSAGES, "de": GERMAN}
"""Per language: every refusal, setup problem and notice of the session, by message key."""


def message_text(key: str, params: Mapping[str, Any]) -> str | None:
    """The session's message ``key`` with ``params`` (from a view) in the current language,
    or None if this screen does not know the key or its parameters (a newer engine)."""
    template = MESSAGE_TEMPLATES[_current].get(key)
    if template is None:
        return None
    try:
        return render(template, params, _WORDS[_current])
    except (KeyError, IndexError, TypeError, ValueError):
        return None


def _said(view: Mapping[str, Any]) -> str | None:
    """A view's message in the current language, if it carries one this screen knows."""
    return message_text(str(view["key"]), view.get("params") or {}) if "key" in view else None


def _log_head(view: Mapping[str, Any]) -> str:
    """The log's head after a turn or at the end, for the players to note (issue 18)."""
    return tr("ev_log_head", head=view["log_head"]) if view.get("log_head") else ""


def _squares(squares: Any) -> str:
    return tr("ev_and").join(str(s) for s in squares or ())


def _fix(fix: Mapping[str, Any]) -> str:
    square, source = fix["square"], fix.get("source")
    if fix["action"] == "put_back":
        return tr("ev_put_back_from", square=square, source=source) if source \
            else tr("ev_put_back", square=square)
    if fix["action"] == "swap":
        return tr("ev_swap_from", square=square, source=source) if source \
            else tr("ev_swap", square=square)
    return tr(f"ev_off_{fix.get('why') or 'moved'}", square=square)


def _turn(action: Mapping[str, Any]) -> str:
    paths = action.get("paths") or ([action["path"]] if "path" in action else [])
    moves = [f"{path[0]}-{path[-1]}" for path in paths]
    moves += [tr("ev_placed", square=p["square"]) for p in action.get("placed", [])]
    if "returned" in action:
        moves.append(tr("ev_returned", square=action["returned"]["square"]))
    text = tr("ev_turn", player=player(str(action["player"])), moves=tr("ev_and").join(moves))
    combat = action.get("combat")
    if combat:
        text += tr("ev_combat", square=combat["challenged"],
                   outcome=tr(f"outcome_{combat['outcome']}"))
        if "challenger_kind" in combat and "challenged_kind" in combat:
            text += tr("ev_combatants", challenger=kind(combat["challenger_kind"]),
                       challenged=kind(combat["challenged_kind"]))
        if "rule" in combat:
            text += tr("ev_rule", rule=combat["rule"])
        gone = combat["leaves_board"]
        if gone:
            who = tr("ev_and").join(tr(f"role_{role}") for role in gone)
            text += tr("ev_leaves" if len(gone) == 1 else "ev_leave", who=who)
    return text


def event_text(view: Mapping[str, Any]) -> str:
    """A session event's view (``companion.views.event_view``) in words of the current
    language, rule ids kept. Unknown types fall back to the view's own text."""
    kind_ = view.get("type")
    who = player(str(view.get("player", "")))
    if kind_ == "readers":
        problems = [tr(f"ev_{p['kind']}", squares=_squares(p["squares"]))
                    for p in view.get("problems", [])]
        problems += [tr("ev_unknown", square=sq) for sq in view.get("unknown_tags", [])]
        return "; ".join(problems) or tr("ev_reading", count=len(view.get("unsettled", [])))
    if kind_ == "board_differs":
        fixes = view["fixes"]
        named = {f["source"] for f in fixes if f.get("source")}
        shown = [f for f in fixes if not (f.get("why") == "moved" and f["square"] in named)]
        return "; ".join(_fix(f) for f in shown)
    if kind_ == "refused":
        way_back = tr("ev_way_back", square=view["put_back"]) if view.get("put_back") else ""
        if "rule" in view:
            said = _said(view)
            if said is None:
                return str(view["text"])  # an unknown key: the engine's words, rule id included
            return tr("ev_refused_reason", reason=said, rule=view["rule"], way_back=way_back)
        return tr("ev_refused", way_back=way_back)
    if kind_ == "challenge_prompt":
        targets = ", ".join(view["targets"])
        if view["targets"]:
            return tr("ev_prompt" if view["may_decline"] else "ev_prompt_must", player=who,
                      targets=targets)
        return tr("ev_prompt_continue", player=who)
    if kind_ == "turn":
        return _turn(view["action"]) + _log_head(view)
    if kind_ == "setup":
        state = tr("ev_setup_ready" if view["ready"] else "ev_setup_not_ready")
        return tr("ev_setup", player=who, placed=view["placed"], needed=view["needed"],
                  state=state)
    if kind_ == "in_hand":
        return tr("ev_in_hand", player=who, squares=_squares(view["squares"]))
    if kind_ == "advance_offer":
        return tr("ev_advance_offer", player=who, source=view["from"], square=view["into"])
    if kind_ == "advance_done":
        return tr("ev_advanced" if view["advanced"] else "ev_stays", player=who)
    if kind_ in ("to_move", "resigned"):
        return tr(f"ev_{kind_}", player=who)
    if kind_ == "game_over":
        return tr("ev_game_over", player=player(str(view["winner"])),
                  reason=reason(str(view["reason"]))) + _log_head(view)
    if kind_ == "game_started":
        text = tr("ev_game_started", player=player(str(view["first"])))
        commitments = view.get("commitments") or {}
        if commitments:  # the first digits of each side's sealed setup, to note down
            text += tr("ev_committed", digits=", ".join(
                f"{player(name)} {str(value)[:SHOWN_DIGITS]}"
                for name, value in commitments.items()))
        return text
    if kind_ in _REFEREE_TEXTS:
        return str(_REFEREE_TEXTS[kind_](view))
    if kind_ == "notice":
        said = _said(view)
        if said is not None:
            return said
    return str(view.get("text", ""))


def _clocks_text(view: Mapping[str, Any]) -> str:
    faces = []
    for name, left in view["remaining"].items():
        running = tr("ev_clock_running") if name == view.get("running") else ""
        faces.append(f"{player(name)} {format_time(float(left))}{running}")
    paused = tr("ev_clock_paused", reason=view["paused"]) if view.get("paused") else ""
    return tr("ev_clocks", faces=" · ".join(faces)) + paused


def _offence_text(view: Mapping[str, Any]) -> str:
    rule = f" [{view['rule']}]" if view.get("rule") else ""
    penalty = tr("ev_penalty", seconds=f"{view['penalty_s']:g}") if view.get("penalty_s") else ""
    return tr("ev_offence", player=player(str(view["player"])), count=view["count"],
              rule=rule) + penalty


def _correction_text(view: Mapping[str, Any]) -> str:
    if view.get("turn"):
        turn = view["turn"]
        paths = turn.get("paths") or [turn.get("path", [])]
        what = tr("ev_and").join(f"{p[0]}-{p[-1]}" for p in paths if p)
        return tr("ev_entered", turn=what, reason=view["reason"])
    return tr("ev_took_back", turns=view["turns"], reason=view["reason"])


def _result_text(view: Mapping[str, Any]) -> str:
    if view.get("winner"):
        return tr("ev_game_over", player=player(str(view["winner"])),
                  reason=str(view["reason"]))
    return tr(f"ev_result_{view['result']}", reason=str(view["reason"]))


_REFEREE_TEXTS: dict[str, Any] = {
    "clocks": _clocks_text,
    "offence": _offence_text,
    "correction": _correction_text,
    "result": _result_text,
    "paused": lambda v: (tr("ev_paused_by", player=player(str(v["by"])))
                         if v.get("by") else tr("ev_paused", reason=v.get("reason", ""))),
    "resumed": lambda v: tr("ev_resumed"),
    "clock_adjusted": lambda v: tr("ev_adjusted", player=player(str(v["player"])),
                                   seconds=f"{v['seconds']:+g}", reason=v["reason"]),
    "setup_time_up": lambda v: tr("ev_setup_time_up"),
    "arbiter_looked": lambda v: tr("ev_arbiter_looked", reason=v["reason"]),
    "pin_refused": lambda v: tr("ev_pin_refused", wrong=v["wrong"]) + (
        tr("ev_pin_wait", seconds=f"{v['wait']:g}") if v.get("wait") else ""),
    "draw_offered": lambda v: tr("ev_draw_offered", player=player(str(v["player"]))),
    "setting_changed": lambda v: tr("ev_setting_changed", name=v["name"], value=v["value"]),
}
"""Referee mode's events [W3] in the current language."""


def problem_text(problem: Mapping[str, Any]) -> str:
    """A setup problem (owner only) with its square, rule id and reason in the current
    language; the engine's English reason only for a message key this screen does not know."""
    where = f"{problem['square']}: " if problem.get("square") else ""
    said = _said(problem)
    reason_ = said if said is not None else str(problem["reason"])
    return tr("ev_problem", where=where, rule=problem["rule"], reason=reason_).rstrip(": ")
