"""The session's refusals, setup problems and notices in German, by message key.

``companion.messages.MESSAGES`` holds the English sentence of every key; ``GERMAN`` holds
the German one with the same ``{param}`` placeholders. The words are the rulebook's
(``/work/shared/seeds/giganten-rulebook-de.txt``): Feld, Reihe, Randfeld, Sumpf, Land, Nest,
herausfordern, nachrücken, Kundschafter (a Flug flying further than one square), Reserve,
geheime Falle, Partei. ``ui.words.i18n.message_text`` fills them in, wording each parameter in
the current language.
"""

from __future__ import annotations

GERMAN: dict[str, str] = {
    # --- Refused turns
    "no_path": "Ein Zug bewegt eine Figur: Start- und Zielfeld angeben",
    "reserve_no_challenge": "Reservefiguren werden ohne Herausforderung eingesetzt; nur eine"
                            " danach gezogene Figur darf herausfordern",
    "game_over": "Das Spiel ist vorbei ({reason})",
    "square_off_board": "Der Zug nennt ein Feld, das nicht auf dem Brett liegt",
    "no_such_kind": "Der Zug nennt eine Figurenart, die es nicht gibt",
    "one_square": "Eine Figur zieht ein Feld weit, oder ein Flug fliegt in gerader Linie;"
                  " zwei Schritte in einem Zug nur mit Variante V8",
    "no_figure": "Auf {square} steht keine Figur, die ziehen könnte",
    "not_your_figure": "{player} ist am Zug: die Figur auf {square} gehört {owner}",
    "two_squares": "{family} darf nicht zum {ordinal} Mal in Folge zwischen {square} und"
                   " {other} ziehen (Zwei-Felder-Regel, Entscheidung R24): eine andere Figur"
                   " ziehen oder diese woandershin",
    "two_squares_range": "{family} darf nicht zum {ordinal} Mal in Folge zwischen {square}"
                         " und {other} hin und her fliegen (Zwei-Felder-Regel, Entscheidung"
                         " R24): eine andere Figur ziehen oder diese woandershin",
    "chasing": "Die Jagd auf die Figur auf {square} darf keine Stellung der Jagd wiederholen"
               " (Jagdregel, Entscheidung R25): sie herausfordern oder anders ziehen",
    "never_moves": "{family} ist unbeweglich",
    "trap_holds_one": "Die Figur auf {square} sitzt in einer Falle: sie darf noch {turns} Zug"
                      " lang nicht ziehen",
    "trap_holds": "Die Figur auf {square} sitzt in einer Falle: sie darf noch {turns} Züge"
                  " lang nicht ziehen",
    "no_passing": "Ein Zug muss die Figur auf ein anderes Feld bringen; Aussetzen ist nicht"
                  " erlaubt",
    "no_diagonal": "Nicht schräg ziehen: eine Figur zieht ein Feld vor, zurück, nach links oder"
                   " nach rechts",
    "only_flug_flies": "Eine Figur zieht ein Feld weit und nicht schräg; nur ein Flug fliegt"
                       " weiter [M6]",
    "step_occupied": "{square} ist besetzt: Figuren begegnen sich nur durch Herausforderung",
    "never_forward": "{family} zieht nie vorwärts",
    "never_swamp": "{family} betritt nie den Sumpf",
    "flight_straight": "Ein Flug fliegt in gerader Linie, geradeaus oder schräg",
    "flight_too_short": "Ein Zug um ein Feld ist ein gewöhnlicher Zug und geht nicht schräg"
                        " (ein Kundschafter fliegt weiter als ein Feld)",
    "flight_blocked": "Ein Flug fliegt nur über leere Felder: {square} ist im Weg",
    "flight_lands_occupied": "Ein Flug landet auf einem leeren Feld: {square} ist besetzt",
    "no_target": "Auf {square} steht keine Figur zum Herausfordern",
    "not_enemy": "Die Figur auf {square} ist kein Gegner",
    "scout_no_enemy": "Ein Kundschafter muss bei einem Gegner landen, den er herausfordern kann"
                      " (vor, links oder rechts neben ihm nach dem Flug {direction}); neben"
                      " {square} steht keiner",
    "scout_no_enemy_diagonal": "Ein Kundschafter muss bei einem Gegner landen, den er"
                               " herausfordern kann (schräg vor ihm nach dem Flug"
                               " {direction}); neben {square} steht keiner",
    "scout_must_challenge": "Ein Kundschafter muss herausfordern: {squares} herausfordern",
    "scout_wrong_target": "Nach dem Flug {direction} fordert ein Kundschafter nur vor, links"
                          " oder rechts neben sich heraus: {square} nicht",
    "scout_wrong_target_diagonal": "Nach dem Flug {direction} fordert ein Kundschafter nur"
                                   " schräg vor sich heraus: {square} nicht",
    "never_challenges": "{family} fordert nie heraus",
    "no_diagonal_challenge": "Schräge Nachbarn können nicht herausgefordert werden (nur von"
                             " einem Flug nach einem Schrägflug [M7])",
    "challenger_not_moved": "Nur die in diesem Zug gezogene Figur darf herausfordern, und von"
                            " {at} aus berührt sie {square} nicht",
    "not_next_to": "{square} liegt nicht neben {at}: eine Figur fordert nur einen Nachbarn vor,"
                   " hinter oder neben sich heraus",
    "advance_without_challenge": "Nur der Sieger einer Herausforderung darf nachrücken",
    "no_advance_draw": "Niemand rückt nach: der Kampf ging unentschieden aus",
    "no_advance_both_lost": "Niemand rückt nach: beide haben verloren",
    "advance_trapped": "Der Sieger sitzt in einer Falle und bleibt stehen [V5b]",
    "never_advances": "{family} rückt nie nach",
    "one_figure_only": "Ein Zug bewegt genau eine Figur; zwei nur mit Variante V8",
    "reserve_then_one_move": "Nach dem Einsetzen von Reservefiguren zieht man eine Figur, und"
                             " zwar ein Feld weit oder einen Flug",
    "double_not_now": "Doppelzüge gibt es in den ersten drei Zügen jedes Spielers, und wieder,"
                      " sobald nur noch 20 Figuren auf dem Brett stehen oder eine Partei nur"
                      " noch 10 hat",
    "double_no_flight": "Ein Kundschafterflug ist ein ganzer Zug für sich; ein Doppelzug besteht"
                        " aus Schritten um ein Feld",
    "double_back": "Zwei Schritte einer Figur dürfen nicht auf ihrem Startfeld enden",
    "challenge_from_end": "Nur die gezogene Figur darf herausfordern, und zwar von ihrem"
                          " Zielfeld aus",
    "two_figures_one_square": "Wenn zwei Figuren ziehen, zieht jede ein Feld weit",
    "two_different_figures": "Zwei verschiedene Figuren ziehen je ein Feld weit",
    "challenge_from_moved": "Nur eine der beiden gezogenen Figuren darf herausfordern, von"
                            " ihrem Zielfeld aus",
    "placing_needs_v6": "Ein Zug bewegt eine Figur; Reservefiguren einsetzen nur mit"
                        " Variante V6",
    "reserve_too_early": "Reservefiguren kommen erst ab dem dritten Zug eines Spielers ins"
                         " Spiel",
    "reserve_count": "Eine, zwei oder alle drei Reservefiguren einsetzen, jede auf ein eigenes"
                     " Feld",
    "not_in_reserve": "In deiner Reserve ist kein {kind}",
    "not_edge_square": "{square} ist kein Randfeld deiner Hälfte: Reservefiguren kommen auf"
                       " die erste Reihe oder die äußeren Spalten",
    "occupied": "{square} ist besetzt",
    "reentry_needs_v5c": "Ein Zug bewegt eine Figur; eine gefangene Figur zurückbringen nur mit"
                         " Variante V5c",
    "reentry_whole_turn": "Eine gefangene Figur zurückzubringen ist ein ganzer Zug, ohne"
                          " Herausforderung",
    "reentry_none_waiting": "Keine gefangene Figur der Art {kind} wartet bei dir auf die"
                            " Rückkehr",
    "reentry_first_rank": "Eine gefangene Figur kommt auf deiner ersten Reihe (Reihe {rank})"
                          " zurück, nicht auf {square}",
    # --- Refused physical moves
    # --- Setup problems
    "setup_off_board": "Eine Figur auf Feld {number}, das nicht auf dem Brett liegt",
    "setup_territory": "{family} auf {square}: das eigene Gebiet von {player} ist {ranks}",
    "setup_swamp": "{family} auf {square}: Blitz und Nest stehen nur auf Land",
    "setup_corner": "Nest auf {square}: das Nest steht nie auf einem Eckfeld",
    "set_variant_only": "{player} hat eine Figur {kind}, die nur mit Variante {variant}"
                        " mitspielt",
    "set_lacks": "Im Satz von {player} fehlen {missing} × {kind} ({got} von {need} auf dem"
                 " Brett)",
    "set_too_many": "{player} hat {got} × {kind} auf dem Brett; der Satz hat nur {need}",
    "setup_square_taken": "Auf {square} steht schon eine Figur von {player}",
    "falle_near_nest": "Falle auf {square}: nicht neben dem eigenen Nest",
    "trap_off_board": "Die geheime Falle von {player} liegt nicht auf dem Brett",
    "trap_without_v5": "Geheime Falle auf {square}: eine geheime Falle gibt es nur mit"
                       " Variante V5",
    "trap_territory": "Geheime Falle auf {square}: {player} wählt ein Feld des eigenen Gebiets,"
                      " {ranks}",
    "trap_near_nest": "Geheime Falle auf {square}: nicht auf oder neben dem eigenen Nest",
    "reserve_needs_v6": "{player} behält eine Reserve zurück ({kinds}), die es nur mit"
                        " Variante V6 gibt",
    "reserve_too_many": "{player} behält {count} Figuren als Reserve zurück; höchstens {most}",
    "reserve_forbidden": "{player} behält {kind} als Reserve zurück; Nest, Blitz, Culak,"
                         " Gespenst und Falle nie",
    "reserve_same_kind": "{player} behält {count} × {kind} als Reserve zurück; die Reserve"
                         " besteht aus verschiedenartigen Sauriern",
    "reserve_not_agreed": "Die Reserve von {player} ({kinds}) ist nicht die abgemachte"
                          " ({agreed}, wie bei {first})",
    "nests_too_close": "Nest auf {square}: mindestens {distance} Spalten oder Reihen vom Nest"
                       " des Partners auf {other} entfernt (sieben Felder dazwischen)",
    "choose_trap": "Das Feld deiner geheimen Falle auf dem Bildschirm wählen (in einem"
                   " privaten Moment)",
    # --- Notices
    "log_tail_dropped": "Der letzte Eintrag (Zeile {line}) wurde beim Schreiben abgeschnitten,"
                        " wohl durch einen Stromausfall; er war nie bestätigt, wird darum"
                        " übergangen, und sein Zug wird noch einmal verlangt",
    "log_made_private": "{path} war für andere Benutzer lesbar (Modus {mode}); die Datei"
                        " enthält die Geheimnisse des Spiels, darum darf sie jetzt nur noch"
                        " ihr Besitzer lesen (Modus 0600)",
}
"""message key -> the German sentence, with the English one's ``{param}`` placeholders."""

DIRECTIONS_DE: dict[str, str] = {
    "north": "nach Norden", "south": "nach Süden", "east": "nach Osten", "west": "nach Westen",
    "northeast": "nach Nordosten", "northwest": "nach Nordwesten",
    "southeast": "nach Südosten", "southwest": "nach Südwesten",
}
"""A flight's direction id (``companion.games.giganten.board.DIRECTION_NAMES``) in German."""
