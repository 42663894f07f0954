"""The app's words for Giganten on the generic path (``ui.giganten_words``,
``ui.control_giganten``), in English and German: the challenge and the advance asked on
the screen, the computer's announced challenge, a turn's challenge in the messages, the
reasons a game ends. The words are the rulebook's (herausfordern, nachrücken, Nest).
``ui.i18n`` looks them up like ``ui.strings``. Data only."""

from __future__ import annotations

GIGANTEN_STRINGS: dict[str, dict[str, str]] = {
    # --- What the screen asks of the player to move
    "gg_now_challenge": {"en": "{player}: tap the figure to challenge ({squares})"
                               " or No challenge",
                         "de": "{player}: die Figur antippen, die herausgefordert wird"
                               " ({squares}), oder Keine Herausforderung"},
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
    "gg_no_challenge": {"en": "No challenge", "de": "Keine Herausforderung"},
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
    # --- Why the game ended
    "gm_reason_nest": {"en": "the Nest was taken", "de": "das Nest wurde erobert"},
}
"""Key -> {language: text}."""
