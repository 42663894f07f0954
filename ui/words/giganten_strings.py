"""The app's words for Giganten (``ui.words.giganten_text``,
``ui.giganten.control``), in English and German: the challenge and the advance asked on
the screen, the computer's announced challenge, a turn's challenge in the messages, the
reasons a game ends. The words are the rulebook's (herausfordern, nachrücken, Nest).
``ui.words.i18n`` looks them up like ``ui.words.app_strings``. Data only."""

from __future__ import annotations

GIGANTEN_STRINGS: dict[str, dict[str, str]] = {
    # --- What the screen asks of the player to move
    "gg_now_challenge": {"en": "{player}: tap the figure to challenge ({squares})"
                               " or No challenge",
                         "de": "{player}: die Figur antippen, die herausgefordert wird"
                               " ({squares}), oder Verzichten"},
    "gg_now_must_challenge": {"en": "{player}: tap the figure to challenge ({squares})",
                              "de": "{player}: die Figur antippen, die herausgefordert"
                                    " wird ({squares})"},
    "gg_now_go_on": {"en": "{player}: move on, or tap Done",
                     "de": "{player}: weiterziehen oder Fertig antippen"},
    "gg_now_advance": {"en": "{player}: advance (move it on, or tap Advance) or Stay",
                       "de": "{player}: nachrücken (weiterziehen oder Nachrücken antippen)"
                             " oder Stehen bleiben"},
    "gg_now_done": {"en": "{words}: tap Done, then carry it out on the board",
                    "de": "{words}: Fertig antippen, dann auf dem Brett ausführen"},
    # --- The choice buttons (fixed places; disabled when there is nothing to choose)
    "gg_no_challenge": {"en": "No challenge", "de": "Verzichten"},
    "gg_stay": {"en": "Stay", "de": "Stehen bleiben"},
    "gg_done": {"en": "Done", "de": "Fertig"},
    "gg_advance": {"en": "Advance", "de": "Nachrücken"},
    # --- The computer's turn and the messages
    "gg_challenges": {"en": "challenges {square}", "de": "fordert {square} heraus"},
    "gg_computer_advance": {"en": "Computer: advances", "de": "Computer: rückt nach"},
    "gg_computer_stay": {"en": "Computer: stays", "de": "Computer: bleibt stehen"},
    "gg_turn_advance": {"en": "{number}. {player}: advances", "de": "{number}. {player}:"
                                                                     " rückt nach"},
    "gg_turn_stay": {"en": "{number}. {player}: stays", "de": "{number}. {player}: bleibt"
                                                               " stehen"},
    "gg_turn_challenge": {"en": " - challenges {square}: {outcome}",
                          "de": " - fordert {square} heraus: {outcome}"},
    # --- Why a setup, a move or a tap was refused, by Giganten's rule (docs/rules/giganten.md)
    "gm_why_giganten_S1": {"en": "Every figure stands on an empty square of its own"
                                 " territory (Yellow ranks 1-6, Orange 9-14)",
                           "de": "Jede Figur steht auf einem freien Feld des eigenen"
                                 " Gebiets (Gelb Reihen 1-6, Orange 9-14)"},
    "gm_why_giganten_S2": {"en": "The Blitz and the Nest stand on land only",
                           "de": "Blitz und Nest stehen nur auf Land"},
    "gm_why_giganten_S3": {"en": "The Nest never stands on a corner square",
                           "de": "Das Nest steht nie auf einem Eckfeld"},
    "gm_why_giganten_B4": {"en": "That square is not on the board",
                           "de": "Dieses Feld liegt nicht auf dem Brett"},
    "gm_why_giganten_M1": {"en": "Move exactly one of your own figures; no passing",
                           "de": "Genau eine eigene Figur ziehen; Aussetzen gibt es nicht"},
    "gm_why_giganten_M2": {"en": "A figure moves one square straight to an empty square,"
                                 " never diagonally",
                           "de": "Eine Figur zieht ein Feld gerade auf ein freies Feld,"
                                 " nie schräg"},
    "gm_why_giganten_M3": {"en": "The Nest never moves", "de": "Das Nest zieht nie"},
    "gm_why_giganten_M4": {"en": "The Blitz never moves forward and never into a swamp",
                           "de": "Der Blitz zieht nie vorwärts und nie in den Sumpf"},
    "gm_why_giganten_M6": {"en": "A flight goes straight over empty squares to an empty"
                                 " square",
                           "de": "Ein Flug geht gerade über freie Felder auf ein freies"
                                 " Feld"},
    "gm_why_giganten_M7": {"en": "A flight must end next to an enemy and challenge it",
                           "de": "Ein Flug muss neben einem Gegner enden und ihn"
                                 " herausfordern"},
    "gm_why_giganten_C1": {"en": "The moved figure challenges an enemy right beside it,"
                                 " never diagonally",
                           "de": "Die gezogene Figur fordert einen Gegner direkt neben"
                                 " sich heraus, nie schräg"},
    "gm_why_giganten_C2": {"en": "Only the figure moved this turn may challenge, once",
                           "de": "Nur die in diesem Zug gezogene Figur darf herausfordern,"
                                 " einmal"},
    "gm_why_giganten_C3": {"en": "This figure never challenges",
                           "de": "Diese Figur fordert nie heraus"},
    "gm_why_giganten_K5": {"en": "Only the winner of the challenge may advance, into the"
                                 " loser's empty square",
                           "de": "Nur der Sieger der Herausforderung darf nachrücken, auf"
                                 " das freie Feld des Verlierers"},
    "gm_why_giganten_V7": {"en": "Every figure stands on an empty square of its own"
                                 " territory",
                           "de": "Jede Figur steht auf einem freien Feld des eigenen"
                                 " Gebiets"},
    "gm_why_giganten_V8": {"en": "A double move is allowed in the first three turns only",
                           "de": "Ein Doppelzug ist nur in den ersten drei Zügen erlaubt"},
    "gm_why_giganten_W1": {"en": "The game is over", "de": "Das Spiel ist vorbei"},
    # --- Why the game ended
    "gm_reason_nest": {"en": "the Nest was taken", "de": "das Nest wurde erobert"},
}
"""Key -> {language: text}."""
