"""Every sentence the engine and the session say to a player, by stable key.

A refusal (``IllegalTurn``), a setup problem (``Problem``), a refused physical move and a
session notice carry a ``Message``: a key of ``MESSAGES`` and its parameters. The English
sentence is ``Message.text``; a front end words the same key and parameters in its own
language (``ui.words.i18n``) and never parses the English.

Parameters are plain data, never English words, so that every language can word them. What
a parameter holds is fixed by its name (``WORDS`` says how English words it):

- ``square``, ``other``, ``at``: a square's name (``c4``); ``squares``: several;
- ``player``, ``owner``, ``first``: a player's name (``yellow``);
- ``family``: a family id (``tyra``), worded as a name (``Tyra``);
- ``kind``: a kind id (``tyra1``) or family id, worded as the id; ``kinds``, ``agreed``:
  sorted kind ids;
- ``ranks``: 1-based rank numbers; ``direction``: a direction id (``north``, ``southeast``);
- ``ordinal``: a count worded as an ordinal (``6``: sixth);
- ``reason``: why a game ended (``nest``, ``immobilized``, ``resignation``);
- anything else (``turns``, ``rank``, ``count``, ``number``, ``variant`` …): a number or id
  shown as it is.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

Param = str | int | tuple[str, ...] | tuple[int, ...]
"""One parameter's value: a name, an id, a number, or several names, ids or numbers."""

MESSAGES: dict[str, str] = {
    # --- Refused turns [IllegalTurn]: companion/games/giganten/legality.py
    "no_path": "A turn moves one figure: give the square it starts on and the square it ends on",
    "reserve_no_challenge": "Reserve figures are placed without challenging; only a figure"
                            " moved afterwards may challenge",
    "game_over": "The game is over ({reason})",
    "square_off_board": "A turn names a square that is not on the board",
    "no_such_kind": "A turn names a kind of figure that does not exist",
    "one_square": "A figure moves one square, or a Flug flies in one straight line; two steps"
                  " in one turn only with variant V8",
    "no_figure": "There is no figure on {square} to move",
    "not_your_figure": "It is {player}'s turn: the figure on {square} is {owner}'s",
    "two_squares": "The {family} may not move between {square} and {other} a {ordinal} time"
                   " in a row (two-squares rule, ruling R24): move another figure, or this one"
                   " elsewhere",
    "two_squares_range": "The {family} may not move back and forth between {square} and"
                         " {other} a {ordinal} time in a row (two-squares rule, ruling R24):"
                         " move another figure, or this one elsewhere",
    "chasing": "Chasing the figure on {square} may not bring back a position of the chase"
               " (chasing rule, ruling R25): challenge it, or make another move",
    "never_moves": "The {family} never moves",
    "trap_holds_one": "The figure on {square} is held by a trap: it may not move for {turns}"
                      " more turn",
    "trap_holds": "The figure on {square} is held by a trap: it may not move for {turns} more"
                  " turns",
    "no_passing": "A turn must move the figure to another square; passing is not allowed",
    "no_diagonal": "No diagonal moves: a figure moves one square forward, back, left or right",
    "only_flug_flies": "A figure moves one square orthogonally; only a Flug flies further [M6]",
    "step_occupied": "{square} is occupied: figures meet only by challenge",
    "never_forward": "{family} never moves forward",
    "never_swamp": "{family} never enters a swamp",
    "flight_straight": "A Flug flies in a straight line, orthogonally or diagonally",
    "flight_too_short": "A one-square move is a normal move and cannot be diagonal (a flight"
                        " covers more than one square)",
    "flight_blocked": "A Flug flies over empty squares only: {square} is in the way",
    "flight_lands_occupied": "A Flug lands on an empty square: {square} is occupied",
    "no_target": "There is no figure on {square} to challenge",
    "not_enemy": "The figure on {square} is not an enemy",
    "scout_no_enemy": "A Flug must land next to an enemy it can challenge (ahead, left or right"
                      " after flying {direction}); none is next to {square}",
    "scout_no_enemy_diagonal": "A Flug must land next to an enemy it can challenge (diagonally"
                               " ahead after flying {direction}); none is next to {square}",
    "scout_must_challenge": "A scout flight must end in a challenge: challenge {squares}",
    "scout_wrong_target": "After flying {direction} a Flug challenges only ahead, left or"
                          " right: {square} is not",
    "scout_wrong_target_diagonal": "After flying {direction} a Flug challenges only diagonally"
                                   " ahead: {square} is not",
    "never_challenges": "{family} never challenges",
    "no_diagonal_challenge": "Diagonal neighbours cannot be challenged (only a Flug after a"
                             " diagonal flight [M7])",
    "challenger_not_moved": "Only the figure moved this turn may challenge, and from {at} it"
                            " does not touch {square}",
    "not_next_to": "{square} is not next to {at}: a figure challenges an orthogonal neighbour",
    "advance_without_challenge": "Only the winner of a challenge may advance",
    "no_advance_draw": "Nobody advances: the challenge ended in a draw",
    "no_advance_both_lost": "Nobody advances: the challenge ended in both lost",
    "advance_trapped": "The winner is held by a trap and stays where it is [V5b]",
    "never_advances": "{family} never advances",
    "one_figure_only": "A turn moves exactly one figure; two only with variant V8",
    "reserve_then_one_move": "After placing reserve figures a player moves one figure, and only"
                             " one square or one flight",
    "double_not_now": "Double moves are allowed in each player's first three turns, and again"
                      " once only 20 figures are left on the board or one side has only 10",
    "double_no_flight": "A scout flight is a whole turn by itself; a double move is made of"
                        " one-square steps",
    "double_back": "Two steps of one figure may not end on its start square",
    "challenge_from_end": "Only the moved figure may challenge, from where it ended",
    "two_figures_one_square": "When two figures move, each moves one square",
    "two_different_figures": "Two different figures move one square each",
    "challenge_from_moved": "Only one of the two moved figures may challenge, from where it"
                            " ended",
    "placing_needs_v6": "A turn moves one figure; placing reserve figures needs variant V6",
    "reserve_too_early": "Reserve figures come into play from a player's third turn on",
    "reserve_count": "Place one, two or all three reserve figures, each on its own square",
    "not_in_reserve": "There is no {kind} in your reserve",
    "not_edge_square": "{square} is not an edge square of your half: reserve figures go on the"
                       " first rank or the outer files",
    "occupied": "{square} is occupied",
    "reentry_needs_v5c": "A turn moves one figure; bringing a trapped figure back needs variant"
                         " V5c",
    "reentry_whole_turn": "Bringing a trapped figure back is the whole turn, without a challenge",
    "reentry_none_waiting": "No trapped {kind} of yours is waiting to come back",
    "reentry_first_rank": "A trapped figure comes back on your own first rank (rank {rank}),"
                          " not on {square}",
    # --- Refused physical moves (Giganten's former session; its records keep them)
    # --- Setup problems [Problem]: companion/games/giganten/setup.py
    "setup_off_board": "a figure on square {number}, which is off the board",
    "setup_territory": "{family} on {square}: {player} sets up on {ranks}",
    "setup_swamp": "{family} on {square}: Blitz and Nest stand only on land",
    "setup_corner": "Nest on {square}: the Nest never stands on a corner square",
    "set_variant_only": "{player} has a {kind}, which plays only with variant {variant}",
    "set_lacks": "{player}'s set lacks {missing} {kind} ({got} of {need} on the board)",
    "set_too_many": "{player} has {got} {kind} on the board; the set has only {need}",
    "setup_square_taken": "{square} already holds a figure of {player}",
    "falle_near_nest": "Falle on {square}: not next to the own Nest",
    "trap_off_board": "{player}'s secret trap is off the board",
    "trap_without_v5": "secret trap on {square}: a secret trap plays only with variant V5",
    "trap_territory": "secret trap on {square}: {player} picks a square of the own territory,"
                      " {ranks}",
    "trap_near_nest": "secret trap on {square}: not on or next to the own Nest",
    "reserve_needs_v6": "{player} keeps a reserve ({kinds}), which plays only with variant V6",
    "reserve_too_many": "{player} keeps {count} figures in reserve; at most {most}",
    "reserve_forbidden": "{player} keeps the {kind} in reserve; Nest, Blitz, Culak, Gespenst"
                         " and Falle never are",
    "reserve_same_kind": "{player} keeps {count} {kind} in reserve; the reserve is of"
                         " different kinds",
    "reserve_not_agreed": "{player}'s reserve ({kinds}) is not the agreed one ({agreed}, as"
                          " {first}'s)",
    "nests_too_close": "Nest on {square}: at least {distance} files or ranks from the partner's"
                       " Nest on {other} (seven squares between them)",
    # --- Setup problems found by Giganten's former session (its records keep them)
    "choose_trap": "Choose your secret trap square on the screen (in a private moment)",
    # --- Notices of the session (the ledger's notes on a repaired log among them)
    # --- Notices of a resumed game log: companion/ledger/record.py
    "log_tail_dropped": "the last entry (line {line}) was cut off mid-write, probably by a"
                        " power cut; it was never confirmed, so it is ignored and the turn it"
                        " held will be asked for again",
    "log_made_private": "{path} could be read by other users (mode {mode}); it holds the"
                        " secrets of the game, so only its owner may read it now (mode 0600)",
}
"""key -> the English sentence, with ``{param}`` placeholders."""


def placeholders(template: str) -> set[str]:
    """The parameter names a template uses."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _names(values: Any) -> list[str]:
    return [str(value) for value in values]


_ORDINALS = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh",
             "eighth", "ninth", "tenth", "eleventh", "twelfth")


def ordinal(n: int) -> str:
    """``6`` -> ``sixth``, ``23`` -> ``23rd``."""
    if n < len(_ORDINALS):
        return _ORDINALS[n]
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def rank_span(ranks: Iterable[int], run: str = "ranks", listed: str = "ranks") -> str:
    """1-based ranks as ``ranks 1–6`` (a run, named by ``run``) or ``ranks 1, 3`` (named by
    ``listed``)."""
    numbers = sorted(int(r) for r in ranks)
    if numbers and numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"{run} {numbers[0]}–{numbers[-1]}"
    return f"{listed} " + ", ".join(str(r) for r in numbers)


Words = Mapping[str, Callable[[Any], str]]
"""Parameter name -> how one language words its value; other parameters are shown as is."""

WORDS: Words = {
    "square": str, "other": str, "at": str,
    "squares": lambda v: ", ".join(_names(v)),
    "player": lambda v: str(v).capitalize(),
    "owner": lambda v: str(v).capitalize(),
    "first": lambda v: str(v).capitalize(),
    "family": lambda v: str(v).capitalize(),
    "kind": str,
    "kinds": lambda v: ", ".join(_names(v)) or "nothing",
    "agreed": lambda v: ", ".join(_names(v)) or "nothing",
    "ranks": rank_span,
    "ordinal": lambda v: ordinal(int(v)),
}
"""How English words each kind of parameter."""


def render(template: str, params: Mapping[str, Any], words: Words) -> str:
    """Fill ``template`` with ``params``, each worded by ``words`` (by parameter name)."""
    return template.format(**{name: words[name](value) if name in words else str(value)
                               for name, value in params.items()})


def _frozen(value: Any) -> Param:
    if isinstance(value, (list, tuple)):
        return tuple(value)
    if isinstance(value, (str, int)):
        return value
    raise TypeError(f"a message parameter is a name, an id or a number, not {value!r}")


@dataclass(frozen=True, slots=True)
class Message:
    """A sentence for a player: a key of ``MESSAGES`` and its parameters (hashable)."""

    key: str
    args: tuple[tuple[str, Param], ...] = ()
    """The parameters as sorted (name, value) pairs; ``params`` gives them as a dict."""

    @classmethod
    def of(cls, key: str, /, **params: Any) -> Message:
        """The message ``key`` with ``params``; raise ``KeyError`` for an unknown key and
        ``ValueError`` if the parameters are not exactly the template's placeholders."""
        if key not in MESSAGES:
            raise KeyError(f"no message {key!r} in companion.messages.MESSAGES")
        wanted = placeholders(MESSAGES[key])
        if set(params) != wanted:
            raise ValueError(f"message {key!r} takes {sorted(wanted)}, not {sorted(params)}")
        return cls(key, tuple(sorted((name, _frozen(v)) for name, v in params.items())))

    @property
    def params(self) -> dict[str, Param]:
        """The parameters by name."""
        return dict(self.args)

    @property
    def text(self) -> str:
        """The sentence in English."""
        return render(MESSAGES[self.key], self.params, WORDS)

    def json(self) -> dict[str, Any]:
        """``key`` and ``params`` for a view (tuples become lists)."""
        return {"key": self.key,
                "params": {name: list(value) if isinstance(value, tuple) else value
                           for name, value in self.args}}
