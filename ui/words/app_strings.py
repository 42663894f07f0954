"""The app's words in English and German: the screens, the buttons and the session's
events (``ui.words.i18n`` looks them up). Data only."""

from __future__ import annotations

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
    "no_challenge": {"en": "No challenge", "de": "Verzichten"},
    "confirm_turn": {"en": "Confirm turn", "de": "Zug bestätigen"},
    "challenge_sq": {"en": "Challenge {square}", "de": "{square} herausfordern"},
    "stay": {"en": "Stay", "de": "Stehen bleiben"},
    "auto": {"en": "Computer: to the end", "de": "Computer: bis zum Ende"},
    "auto_one": {"en": "Computer: 1 turn", "de": "Computer: 1 Zug"},
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
    "err_no_clocks": {"en": "This game has no clocks: there is nothing to pause or resume."
                            " Choose a time control in Settings for the next game",
                      "de": "Dieses Spiel hat keine Uhren: es gibt nichts anzuhalten oder"
                            " weiterlaufen zu lassen. Für das nächste Spiel in den"
                            " Einstellungen eine Bedenkzeit wählen"},
    "err_nothing_to_take_back": {"en": "No turn has been played yet: there is nothing to"
                                       " take back",
                                 "de": "Es wurde noch kein Zug gespielt: es gibt nichts"
                                       " zurückzunehmen"},
    "err_not_started": {"en": "The game has not started yet: the arbiter acts once it has",
                        "de": "Das Spiel hat noch nicht begonnen: der Schiedsrichter handelt"
                              " erst danach"},
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
    "ev_clocks": {"en": "Clocks: {faces}", "de": "Uhren: {faces}"},
    "ev_clock_running": {"en": " (running)", "de": " (läuft)"},
    "ev_clock_paused": {"en": " — paused: {reason}", "de": " — angehalten: {reason}"},
    "ev_offence": {"en": "{player}: illegal move no. {count}{rule}",
                   "de": "{player}: regelwidriger Zug Nr. {count}{rule}"},
    "ev_penalty": {"en": ": {seconds} s added to the opponent's clock",
                   "de": ": {seconds} s mehr auf der Uhr des Gegners"},
    "ev_took_back": {"en": "The arbiter took the game back to turn {turns} ({reason}):"
                           " put the board back as listed",
                     "de": "Der Schiedsrichter hat das Spiel auf Zug {turns} zurückgesetzt"
                           " ({reason}): das Brett wie angegeben zurückstellen"},
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
    "ev_draw_declined": {"en": "{player} declined the draw {offerer} offered: play on [W3]",
                         "de": "{player} lehnt das Remis von {offerer} ab: es wird"
                               " weitergespielt [W3]"},
    "ev_setting_changed": {"en": "The arbiter changed the {name} to {value}",
                           "de": "Der Schiedsrichter hat {name} auf {value} geändert"},
    "setting_policy": {"en": "reveal policy", "de": "die Aufdeck-Regel"},
    "setting_time": {"en": "time control", "de": "die Bedenkzeit"},
    "setting_penalty": {"en": "time penalty per illegal move (seconds)",
                        "de": "die Zeitstrafe je Regelverstoß (Sekunden)"},
    "setting_lose-after": {"en": "number of illegal moves that lose the game",
                           "de": "die Regelverstöße bis zum Verlust"},
    "err_no_replay": {"en": "Open a game to replay first", "de": "Zuerst ein Spiel öffnen"},
    "replay": {"en": "Replay a game", "de": "Partie nachspielen"},
    "replay_item": {"en": "{kind} of {when}", "de": "{kind} vom {when}"},
    "replay_kind_log": {"en": "Game log", "de": "Spielprotokoll"},
    "replay_kind_record": {"en": "Record", "de": "Spielbericht"},
    "replay_time_format": {"en": "%Y-%m-%d %H:%M:%S", "de": "%d.%m.%Y %H:%M:%S"},
    "replay_start": {"en": "The start: every figure set up", "de": "Der Anfang: alle Figuren"
                                                                  " aufgestellt"},
    "err_replay_public": {"en": "This record is the public one: replay the game's log or its"
                                " full record instead",
                          "de": "Dies ist der öffentliche Bericht: das Protokoll der Partie"
                                " oder ihren vollständigen Bericht nachspielen"},
    "err_replay_no_record": {"en": "{name} is neither a game's log nor a JSON record",
                             "de": "{name} ist weder das Protokoll eines Spiels noch ein"
                                   " JSON-Bericht"},
    "err_replay_no_game": {"en": "{name} names no game: it is not the log of a game this"
                                 " companion plays",
                           "de": "{name} nennt kein Spiel: es ist nicht das Protokoll eines"
                                 " Spiels dieses Begleiters"},
    "replay_title": {"en": "Replay: step {step} of {last}", "de": "Nachspielen: Schritt {step}"
                                                                  " von {last}"},
    "set_referee": {"en": "Referee mode: {clock}", "de": "Schiedsrichtermodus: {clock}"},
    "set_referee_off": {"en": "Referee mode: off", "de": "Schiedsrichtermodus: aus"},
    "set_sound_on": {"en": "Sound: on", "de": "Ton: an"},
    "set_sound_off": {"en": "Sound: off", "de": "Ton: aus"},
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
    "err_private_computer": {"en": "{player} is the computer's side: its setup stays hidden",
                             "de": "{player} spielt der Computer: seine Aufstellung bleibt"
                                   " verborgen"},
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
    # The engine's reason is English: the English screen shows it, the German one says what
    # it means and what to do (no English in the German UI).
    "err_resume_failed": {"en": "The last game cannot be resumed: {reason}",
                          "de": "Das letzte Spiel lässt sich nicht fortsetzen: sein Protokoll"
                                " ist unvollständig oder beschädigt. Ein neues Spiel beginnen;"
                                " das Protokoll bleibt für den Schiedsrichter erhalten"},
    "err_replay_failed": {"en": "This file cannot be replayed: {reason}",
                          "de": "Diese Datei lässt sich nicht nachspielen: sie ist kein"
                                " Spielprotokoll oder Spielbericht dieses Begleiters, oder sie"
                                " ist beschädigt. Eine andere Partie wählen"},
    # --- A challenge's outcome, and "and" in a list of words
    "ev_and": {"en": " and ", "de": " und "},
    "outcome_challenger_wins": {"en": "the challenger wins", "de": "der Herausforderer gewinnt"},
    "outcome_challenged_wins": {"en": "the challenged wins", "de": "der Herausgeforderte gewinnt"},
    "outcome_draw": {"en": "draw", "de": "unentschieden"},
    "outcome_both_lose": {"en": "both lose", "de": "beide verlieren"},
    "outcome_nest_taken": {"en": "the Nest is taken", "de": "das Nest ist erobert"},
    # --- The computer players (Giganten's old "Auto"; the strings stay for the logs' words)
    "auto_progress": {"en": "Computer players: {made} turns made",
                      "de": "Computerspieler: {made} Züge gemacht"},
    "auto_progress_of": {"en": "Computer players: {made} of {wanted} turns made",
                         "de": "Computerspieler: {made} von {wanted} Zügen gemacht"},
    "auto_stop": {"en": "Stop", "de": "Anhalten"},
    "err_auto_running": {"en": "The computer players are playing: tap Stop first",
                         "de": "Die Computerspieler spielen: zuerst Anhalten tippen"},
    "err_auto_board": {"en": "The computer players stopped: the board was changed by hand"
                             " and no longer matches their game. Put the board right, then"
                             " tap Computer again",
                       "de": "Die Computerspieler haben aufgehört: das Brett wurde von Hand"
                             " verändert und passt nicht mehr zu ihrem Spiel. Das Brett"
                             " richten, dann wieder Computer tippen"},
    # --- The fixed controls, the simulation drawer, the confirmations
    "simulation": {"en": "Simulation", "de": "Simulation"},
    "sim_title": {"en": "Simulated board", "de": "Simuliertes Brett"},
    "select_square": {"en": "Tap a square on the board", "de": "Ein Feld auf dem Brett tippen"},
    "place_player": {"en": "{player} figure here", "de": "Figur von {player} hierher"},
    "drawer_close": {"en": "Close the simulation", "de": "Simulation schließen"},
    "challenge": {"en": "Challenge", "de": "Herausfordern"},
    "accept_draw": {"en": "Accept draw", "de": "Remis annehmen"},
    "cancel": {"en": "Cancel", "de": "Abbrechen"},
    "confirm_resign": {"en": "Who resigns? The game ends.",
                       "de": "Wer gibt auf? Das Spiel endet."},
    "resigns_player": {"en": "{player} resigns", "de": "{player} gibt auf"},
    "confirm_dispute": {"en": "Who calls the arbiter? The clocks stop.",
                        "de": "Wer ruft den Schiedsrichter? Die Uhren halten an."},
    "disputes_player": {"en": "{player} disputes", "de": "{player} erhebt Einspruch"},
    "confirm_offer": {"en": "Who offers a draw? It stands until the next turn.",
                      "de": "Wer bietet Remis? Das Angebot gilt bis zum nächsten Zug."},
    "offers_player": {"en": "{player} offers", "de": "{player} bietet an"},
    "confirm_accept": {"en": "Who accepts the draw? The game ends drawn.",
                       "de": "Wer nimmt das Remis an? Das Spiel endet unentschieden."},
    "accepts_player": {"en": "{player} accepts", "de": "{player} nimmt an"},
    # --- Referee mode on touch (``ui.screens.referee``, ``ui.widgets.pin_pad``,
    # ``ui.screens.arbiter_look``)
    "err_no_pin": {"en": "No arbiter PIN is set, so no arbiter action can be done. The"
                         " organiser sets one on the table's computer with"
                         " 'brettl referee --set-pin' and starts the game again.",
                   "de": "Es ist keine Schiedsrichter-PIN festgelegt, daher ist keine"
                         " Schiedsrichter-Aktion möglich. Die Veranstalter legen sie am"
                         " Rechner des Tisches mit 'brettl referee --set-pin' fest und"
                         " starten das Spiel neu."},
    "err_wrong_pin": {"en": "Wrong arbiter PIN: nothing was done",
                      "de": "Falsche Schiedsrichter-PIN: nichts wurde getan"},
    "pin_typed": {"en": "PIN: {dots}", "de": "PIN: {dots}"},
    "pin_clear": {"en": "Clear", "de": "Löschen"},
    "pin_back": {"en": "Back", "de": "Zurück"},
    "reason_chosen": {"en": "Reason: {reason}", "de": "Grund: {reason}"},
    "reason_dispute": {"en": "Dispute", "de": "Einspruch"},
    "reason_reader": {"en": "Reader fault", "de": "Lesefehler"},
    "reason_request": {"en": "Player asked", "de": "Spielerwunsch"},
    "arbiter_close": {"en": "Close", "de": "Schließen"},
    "arbiter_is": {"en": "Arbiter: {arbiter}", "de": "Schiedsrichter: {arbiter}"},
    "confirm_takeback": {"en": "Take the game back one turn? This cannot be undone.",
                         "de": "Das Spiel um einen Zug zurücksetzen? Das lässt sich nicht"
                               " rückgängig machen."},
    "arbiter_does": {"en": "{arbiter} takes it back", "de": "{arbiter} setzt zurück"},
    "look_away_arbiter": {"en": "Only the arbiter looks now: players, please look away."
                                " Hold the button to see the whole position.",
                          "de": "Nur der Schiedsrichter sieht jetzt hin: Spieler, bitte"
                                " wegsehen. Zum Ansehen der ganzen Stellung die Taste"
                                " halten."},
    # --- Referee results' reasons (``i18n.referee_reason``)
    "reason_agreed_draw": {"en": "agreed draw [W3]", "de": "Remis vereinbart [W3]"},
    "reason_lost_on_time": {"en": "{player} lost on time [W3]",
                            "de": "{player} hat die Zeit überschritten [W3]"},
    "reason_illegal": {"en": "{player} made {count} illegal moves",
                       "de": "{player} hat {count} regelwidrige Züge gemacht"},
    "reason_arbiter": {"en": "arbiter: {reason}", "de": "Schiedsrichter: {reason}"},
    # --- The error screen (``ui.guard``): never a silent exit
    "crash_title": {"en": "Something went wrong", "de": "Etwas ist schiefgegangen"},
    "crash_what": {"en": "The app could not finish what was asked.",
                   "de": "Die App konnte das nicht zu Ende führen."},
    "crash_todo": {"en": "The game so far is saved in its log. Tap Continue to go on, or"
                         " Home and then Resume. Please tell the organisers.",
                   "de": "Das Spiel ist bis hierher im Protokoll gesichert. Weiter tippen"
                         " zum Fortfahren, oder Start und dann Fortsetzen. Bitte den"
                         " Veranstaltern Bescheid geben."},
    "crash_kept": {"en": "Details for the organisers ({error}): {path}",
                   "de": "Details für die Veranstalter ({error}): {path}"},
    "crash_not_kept": {"en": "The details could not be saved ({problem}).",
                       "de": "Die Details konnten nicht gesichert werden ({problem})."},
    "crash_continue": {"en": "Continue", "de": "Weiter"},
}
"""key -> language -> text with ``{field}`` placeholders."""

# --- The reveal card (``ui.widgets.reveal_card``) ---------------------------------
# Kept in its own block so that other changes to the table above merge cleanly. A rule's
# words name no kind that is not in the combat: they are shown only where both kinds are.
REVEAL_CARD_STRINGS: dict[str, dict[str, str]] = {
    "combat_card_title": {"en": "Combat on {square}: {ground}",
                          "de": "Kampf auf {square}: {ground}"},
    "combat_card_title_plain": {"en": "Combat on {square}", "de": "Kampf auf {square}"},
    "ground_land": {"en": "land", "de": "Land"},
    "ground_swamp": {"en": "swamp", "de": "Sumpf"},
    "combat_card_challenger": {"en": "{player} challenges", "de": "{player} fordert heraus"},
    "combat_card_challenged": {"en": "{player} is challenged",
                               "de": "{player} wird herausgefordert"},
    "combat_card_challenger_strategus": {"en": "{player} attacks", "de": "{player} greift an"},
    "combat_card_challenged_strategus": {"en": "{player} is attacked",
                                         "de": "{player} wird angegriffen"},
    "combat_card_wins": {"en": "{player} wins", "de": "{player} gewinnt"},
    "combat_card_draw": {"en": "A draw: both figures stay",
                         "de": "Unentschieden: beide bleiben stehen"},
    "combat_card_both_lose": {"en": "Both figures leave the board",
                              "de": "Beide Figuren verlassen das Brett"},
    "combat_card_nest": {"en": "{player} takes the nest", "de": "{player} erobert das Nest"},
    "combat_card_outcome": {"en": "Outcome: {outcome}", "de": "Ergebnis: {outcome}"},
    "combat_card_rule_other": {"en": "Decided by the combat rules",
                               "de": "Entschieden nach den Kampfregeln"},
    "combat_card_close": {"en": "Tap to close", "de": "Tippen zum Schließen"},
    "rule_K1": {"en": "The higher number on this ground wins",
                "de": "Die höhere Zahl auf diesem Gelände gewinnt"},
    "rule_K2": {"en": "Same kind, same number: a draw",
                "de": "Gleiche Art, gleiche Zahl: unentschieden"},
    "rule_K3": {"en": "Different kinds, same number: both lose",
                "de": "Verschiedene Arten, gleiche Zahl: beide verlieren"},
    "rule_K4.1": {"en": "A challenged Blitz beats every challenger",
                  "de": "Ein herausgeforderter Blitz schlägt jeden Herausforderer"},
    "rule_K4.2": {"en": "A challenged Nest is taken; only a Culak draws against it",
                  "de": "Ein herausgefordertes Nest ist erobert; nur ein Culak spielt"
                        " unentschieden"},
    "rule_K4.3": {"en": "Flug against Flug: both lose", "de": "Flug gegen Flug: beide verlieren"},
    "rule_K4.4": {"en": "Flug against Stego: the Flug loses, on any ground",
                  "de": "Flug gegen Stego: der Flug verliert, in jedem Gelände"},
    "rule_K4.5": {"en": "Flug against Culak: a draw", "de": "Flug gegen Culak: unentschieden"},
    "rule_K4.6": {"en": "A Flug against this kind: a draw",
                  "de": "Ein Flug gegen diese Art: unentschieden"},
    "rule_K4.7": {"en": "Culak against Tyra: the Tyra loses, on any ground",
                  "de": "Culak gegen Tyra: der Tyra verliert, in jedem Gelände"},
    "rule_K4.8": {"en": "Culak against Deino: on land the Culak loses, in the swamp the Deino",
                  "de": "Culak gegen Deino: auf Land verliert der Culak, im Sumpf der Deino"},
    "rule_K4.9": {"en": "Culak against this kind: on land the Culak loses, in the swamp a draw",
                  "de": "Culak gegen diese Art: auf Land verliert der Culak, im Sumpf"
                        " unentschieden"},
    "rule_K4.10": {"en": "Culak against Culak: a draw", "de": "Culak gegen Culak: unentschieden"},
    "rule_V3": {"en": "The ghost loses to every challenger",
                "de": "Das Gespenst verliert gegen jeden Herausforderer"},
    "rule_V4": {"en": "The trap beats whoever challenges it",
                "de": "Die Falle schlägt jeden, der sie herausfordert"},
}
assert not REVEAL_CARD_STRINGS.keys() & STRINGS.keys(), "a reveal card key is taken"
STRINGS.update(REVEAL_CARD_STRINGS)

# --- What to do now and the details drawer (``ui.words.now_line``, ``ui.widgets.details_drawer``)
from ui.words.now_strings import NOW_STRINGS  # noqa: E402  (a block of its own: merges cleanly)

assert not NOW_STRINGS.keys() & STRINGS.keys(), "a now-line key is taken"
STRINGS.update(NOW_STRINGS)
