"""Why a turn, a board or a setup of Strategus or Gimmel was refused, in plain words of
both languages, by the rule the game or the table named.

The engines word their reasons in English with the rule id (``IllegalMove("T2", …)``,
``SetupProblem(sq, "S1", …)``); the table's own refusals carry a ``table.*`` id
(``companion.table.board_match``, ``game_session``, ``tag_match``). The screens say the
words here, keyed ``gm_why_<game>_<rule>`` and ``gm_why_table_<name>``; the rule id and
the engine's own sentence go to the details drawer. ``tests/ui/test_game_reasons.py``
holds this table to every id the engines and the table can give. Data only.
"""

from __future__ import annotations

RULE_REASONS: dict[str, dict[str, str]] = {
    # --- Strategus (docs/rules/strategus.md)
    "gm_why_strategus_S1": {"en": "A figure stands outside its side's four home rows",
                            "de": "Eine Figur steht außerhalb der eigenen vier Grundreihen"},
    "gm_why_strategus_S2": {"en": "The setup is not the set's 40 figures: a kind too many"
                                  " or missing",
                            "de": "Die Aufstellung sind nicht die 40 Figuren des Satzes:"
                                  " eine Art zu viel oder zu wenig"},
    "gm_why_strategus_M1": {"en": "Move one of your own figures from its square",
                            "de": "Eine eigene Figur von ihrem Feld ziehen"},
    "gm_why_strategus_M2": {"en": "A figure moves one square straight, never diagonally",
                            "de": "Eine Figur zieht ein Feld gerade, nie schräg"},
    "gm_why_strategus_M3": {"en": "A figure never moves onto its own side's figure",
                            "de": "Eine Figur zieht nie auf eine eigene Figur"},
    "gm_why_strategus_M5": {"en": "The Trap and the Apple never move",
                            "de": "Falle und Apfel ziehen nie"},
    "gm_why_strategus_R2": {"en": "The Hare runs straight and never over figures",
                            "de": "Der Hase läuft gerade und nie über Figuren"},
    "gm_why_strategus_R11": {"en": "A figure may not go back and forth that often",
                             "de": "Eine Figur darf nicht so oft hin und her ziehen"},
    "gm_why_strategus_R15": {"en": "Chasing the same figure on and on is not allowed",
                             "de": "Dieselbe Figur endlos zu jagen ist nicht erlaubt"},
    "gm_why_strategus_W1": {"en": "The game is over: the Apple was taken",
                            "de": "Das Spiel ist aus: der Apfel wurde erobert"},
    "gm_why_strategus_W2": {"en": "The game is over: a side cannot move",
                            "de": "Das Spiel ist aus: eine Seite kann nicht ziehen"},
    "gm_why_strategus_R5": {"en": "The game is over: a draw", "de": "Das Spiel ist aus:"
                                                                   " unentschieden"},
    # --- Gimmel (docs/rules/gimmel.md)
    "gm_why_gimmel_S2": {"en": "Gimmel starts on an empty board: take the stone off",
                         "de": "Gimmel beginnt mit leerem Brett: Stein wegnehmen"},
    "gm_why_gimmel_T1": {"en": "A turn places, moves or captures one stone",
                         "de": "Ein Zug setzt, zieht oder schlägt genau einen Stein"},
    "gm_why_gimmel_T2": {"en": "Place a stone from your own hand on an empty square",
                         "de": "Einen Stein aus der eigenen Hand auf ein leeres Feld setzen"},
    "gm_why_gimmel_T3": {"en": "Move one of your own stones",
                         "de": "Einen eigenen Stein ziehen"},
    "gm_why_gimmel_M1": {"en": "A Beetle goes one square in any direction",
                         "de": "Ein Käfer zieht ein Feld in jede Richtung"},
    "gm_why_gimmel_M2": {"en": "A Cat goddess goes exactly two squares or a knight's jump",
                         "de": "Eine Katzengöttin zieht genau zwei Felder oder"
                               " einen Rösselsprung"},
    "gm_why_gimmel_M3": {"en": "A Falcon goes exactly three squares",
                         "de": "Ein Falke zieht genau drei Felder"},
    "gm_why_gimmel_R4": {"en": "A stone never lands on a stone of its own side",
                         "de": "Ein Stein landet nie auf einem eigenen Stein"},
    "gm_why_gimmel_E3": {"en": "The game is over: no more turns",
                         "de": "Das Spiel ist aus: keine Züge mehr"},
    # --- The table, for every game (companion.table)
    "gm_why_table_not-now": {"en": "That is not possible now",
                             "de": "Das geht gerade nicht"},
    "gm_why_table_readers": {"en": "The readers cannot be sure: set the piece in the middle"
                                   " of its square, check the cable",
                             "de": "Die Leser sind unsicher: Figur mittig setzen,"
                                   " Kabel prüfen"},
    "gm_why_table_setup": {"en": "Not every setup is complete and in its home rows",
                           "de": "Noch nicht jede Aufstellung ist vollständig und in"
                                 " den eigenen Grundreihen"},
    "gm_why_table_setup-zone": {"en": "Outside your home rows: take it off",
                                "de": "Außerhalb der eigenen Grundreihen: wegnehmen"},
    "gm_why_table_computer": {"en": "That is not the turn the computer announced",
                              "de": "Das ist nicht der angesagte Zug des Computers"},
    "gm_why_table_unknown-tag": {"en": "A piece the set does not know is on the board:"
                                       " take it off",
                                 "de": "Eine unbekannte Figur steht auf dem Brett:"
                                       " wegnehmen"},
    "gm_why_table_no-turn": {"en": "The board shows no allowed turn",
                             "de": "Das Brett zeigt keinen erlaubten Zug"},
    "gm_why_table_declare": {"en": "An attack is decided in secret: hold the figure beside"
                                   " the square and say it on the screen",
                             "de": "Ein Angriff wird geheim entschieden: Figur neben das"
                                   " Feld halten und ansagen"},
    "gm_why_table_ambiguous": {"en": "The board shows more than one turn: say yours on"
                                     " the screen",
                               "de": "Das Brett zeigt mehr als einen Zug: den eigenen am"
                                     " Bildschirm ansagen"},
    "gm_why_table_wrong-tags": {"en": "These pieces are not the ones the game has there:"
                                      " put each back where it stood",
                                "de": "Diese Figuren gehören nicht dorthin: jede zurück"
                                      " auf ihr Feld"},
    "gm_why_unknown": {"en": "The rules do not allow this",
                       "de": "Die Regeln erlauben das nicht"},
}
"""The reasons' words, keyed by game and rule (``ui.words.view_text.why_text``)."""
