"""The words of the "what to do now" line and of the details drawer,
in English and German: ``ui.words.app_strings`` adds them to its table. Data only."""

from __future__ import annotations

NOW_STRINGS: dict[str, dict[str, str]] = {
    # --- What to do now (``ui.words.now_line``)
    "now_home": {"en": "Tap New game to begin, or Resume to go on with the last game",
                 "de": "Neues Spiel tippen, um zu beginnen, oder Fortsetzen für das letzte"
                       " Spiel"},
    "now_landscape": {"en": "Lay the tiles as shown: Tile swaps one, Turn rotates it;"
                            " then Confirm",
                      "de": "Die Teile wie gezeigt legen: Teil tauscht, Drehen dreht; dann"
                            " Bestätigen"},
    "now_reading": {"en": "Put the figures down firmly; the board is being read",
                    "de": "Figuren fest hinstellen; das Brett wird gelesen"},
    "now_setup_place": {"en": "{player}: put your {needed} figures on rows {first}–{last}"
                              " ({placed} are down)",
                        "de": "{player}: deine {needed} Figuren auf die Reihen {first}–{last}"
                              " stellen ({placed} stehen)"},
    "now_setup_too_many": {"en": "{player}: {placed} figures are down but the set has"
                                 " {needed}: take {extra} off",
                           "de": "{player}: {placed} Figuren stehen, der Satz hat aber"
                                 " {needed}: {extra} wegnehmen"},
    "now_setup_invalid": {"en": "{player}: something in your setup is not right yet: tap"
                                " “{button}” to see what",
                          "de": "{player}: an deiner Aufstellung stimmt etwas noch nicht:"
                                " „{button}“ tippen, um es zu sehen"},
    "now_setup_valid": {"en": "{player}: your setup is valid; wait for the other side",
                        "de": "{player}: deine Aufstellung ist gültig; auf die andere Seite"
                              " warten"},
    "now_start": {"en": "Both setups are valid: tap Start", "de": "Beide Aufstellungen sind"
                                                                 " gültig: Starten tippen"},
    "now_move": {"en": "{player}: lift one of your figures and put it on its new square",
                 "de": "{player}: eine eigene Figur anheben und auf ihr neues Feld stellen"},
    "now_challenge": {"en": "{player}: tap {targets} to challenge, or tap No challenge",
                      "de": "{player}: {targets} antippen zum Herausfordern, oder Keine"
                            " Herausforderung tippen"},
    "now_challenge_must": {"en": "{player}: the scout must challenge: tap {targets}",
                           "de": "{player}: der Kundschafter muss herausfordern: {targets}"
                                 " antippen"},
    "now_continue": {"en": "{player}: move on, or tap Confirm turn",
                     "de": "{player}: weiterziehen, oder Zug bestätigen tippen"},
    "now_advance": {"en": "{player}: move the winner from {source} to {square}, or tap Stay",
                    "de": "{player}: den Sieger von {source} nach {square} ziehen, oder"
                          " Stehen bleiben tippen"},
    "now_in_hand": {"en": "{player}: put the figure from {squares} down on its new square",
                    "de": "{player}: die Figur von {squares} auf ihr neues Feld stellen"},
    "now_fix": {"en": "Put the board right: {fix}", "de": "Das Brett richten: {fix}"},
    "now_readers": {"en": "The readers need a hand: {fix}",
                    "de": "Die Leser brauchen Hilfe: {fix}"},
    "now_more": {"en": " (and {count} more below)", "de": " (und {count} weitere unten)"},
    "now_refused": {"en": "That is not allowed: see the message below, then try again",
                    "de": "Das ist nicht erlaubt: siehe die Meldung unten, dann neu versuchen"},
    "now_refused_back": {"en": "That is not allowed (see below): put the figure back on"
                               " {square}",
                         "de": "Das ist nicht erlaubt (siehe unten): die Figur zurück auf"
                               " {square} stellen"},
    "now_paused": {"en": "The clocks are stopped: the arbiter decides how to go on",
                   "de": "Die Uhren stehen: der Schiedsrichter entscheidet, wie es weitergeht"},
    "now_disputed": {"en": "{player} called the arbiter: the clocks stand until the arbiter"
                           " decides",
                     "de": "{player} hat den Schiedsrichter gerufen: die Uhren stehen, bis er"
                           " entscheidet"},
    "now_draw_offered": {"en": "{player}: accept the draw offered by {offerer}, or play on",
                         "de": "{player}: das Remis von {offerer} annehmen, oder weiterspielen"},
    "now_over": {"en": "{result}. Tap Home for a new game",
                 "de": "{result}. Start tippen für ein neues Spiel"},
    "now_replay_pick": {"en": "Tap a saved game to replay it turn by turn",
                        "de": "Eine gespeicherte Partie antippen, um sie Zug für Zug"
                              " nachzuspielen"},
    "now_replay_none": {"en": "No saved games yet: every game played here is saved; tap Back",
                        "de": "Noch keine gespeicherten Partien: jedes hier gespielte Spiel"
                              " wird gesichert; Zurück tippen"},
    "now_replay_step": {"en": "Tap > for the next turn, < for the one before; Back lists the"
                              " games",
                        "de": "> tippen für den nächsten Zug, < für den vorigen; Zurück zeigt"
                              " die Partien"},
    "reason_dispute_by": {"en": "dispute called by {player}",
                          "de": "Einspruch von {player}"},
    # --- Plain words (``ui.words.plain_text``)
    "plain_variant": {"en": "a variant", "de": "einer Variante"},
    "plain_quoted": {"en": "“{name}”", "de": "„{name}“"},
    "plain_file": {"en": "a file (see Details)", "de": "eine Datei (siehe Details)"},
    # --- The details drawer (``ui.widgets.details_drawer``)
    "details": {"en": "Details", "de": "Details"},
    "details_title": {"en": "Details: rule numbers, checksums, files",
                      "de": "Details: Regelnummern, Prüfsummen, Dateien"},
    "details_close": {"en": "Close", "de": "Schließen"},
    "details_none": {"en": "Nothing to add here yet.", "de": "Hier gibt es noch nichts."},
    "details_now": {"en": "Now: {text} · {ids}", "de": "Jetzt: {text} · {ids}"},
    "details_message": {"en": "{text} · {ids}", "de": "{text} · {ids}"},
    "details_log_head": {"en": "Log head: {head}", "de": "Kopf des Protokolls: {head}"},
    "details_commitment": {"en": "{player}'s setup commitment: {value}",
                           "de": "Versiegelte Aufstellung von {player}: {value}"},
    "details_record": {"en": "Record: {path}", "de": "Spielbericht: {path}"},
    "details_log": {"en": "Game log: {path}", "de": "Spielprotokoll: {path}"},
    "details_tile": {"en": "Tile {tile}: column {col}, row {row}, turned {degrees}°",
                     "de": "Teil {tile}: Spalte {col}, Reihe {row}, gedreht {degrees}°"},
    "details_seed": {"en": "Landscape seed: {seed}", "de": "Landschafts-Startwert: {seed}"},
    "record_kept": {"en": "The game's record is saved on this table (see Details)",
                    "de": "Der Spielbericht ist auf diesem Tisch gesichert (siehe Details)"},
}
"""key -> language -> text with ``{field}`` placeholders."""
