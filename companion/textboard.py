"""Plain-text boards of any game of the family, for terminals and the demo.

``game_board`` works on a view (``companion.views.games.game_view``) and nothing else, so
it can show only what that audience may see. The board is drawn from the first player's
chair: rank 1 at the bottom, files from ``a`` on the left, in blocks of files when it is
wider than the terminal. It is a pure function: it returns lines and prints nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.game import Geometry, Kind

JSON = dict[str, Any]

SCREEN_WIDTH = 80
"""A terminal's columns: every line of a board fits them (a wider board is drawn in
blocks of files)."""

WIDEST_CELL = 7
"""Characters per square at most (a separating space included)."""

NARROWEST_CELL = 5
"""Characters per square at least: an owner's letter and three more."""

HIDDEN_MARK = "?"
"""A figure whose kind this view hides."""


@dataclass(frozen=True)
class BoardKey:
    """The words a game's board is drawn in (the front end's language): each player's
    name, each kind's name and the number printed on it (``Kind.value``), and the words
    of the key under the board."""

    players: Mapping[str, str]
    """Player id -> the name shown (``red`` -> ``Red``)."""
    kinds: Mapping[str, str]
    """Kind id -> the name shown (``elephant`` -> ``Elephant``)."""
    values: Mapping[str, int | None]
    """Kind id -> the number on the piece, if any (Strategus's ranks, Gimmel's points)."""
    hidden: str = "hidden"
    """The key's word for a figure whose kind is not shown."""
    swamp: str = "swamp"
    """The key's word for a swamp square (Giganten's landscape)."""


def plain_key(players: Sequence[str], kinds: Sequence[Kind]) -> BoardKey:
    """A key in the games' own ids (for output without a language: the demo, logs)."""
    return BoardKey({name: name.capitalize() for name in players},
                    {kind.id: kind.id.capitalize() for kind in kinds},
                    {kind.id: kind.value for kind in kinds})


def game_board(view: JSON, key: BoardKey, width: int = SCREEN_WIDTH) -> list[str]:
    """A view's board as lines no wider than ``width``: rank 1 at the bottom, the files'
    letters under it, each square ``r1 Ele`` (owner's letter, number, name) for a kind
    the view shows, ``r?`` for one it hides, ``.`` when empty, ``~`` before a swamp
    square; then the key to the letters and names on it. Built from the view alone."""
    files, ranks = int(view["board"]["files"]), int(view["board"]["ranks"])
    margin = len(str(ranks)) + 1
    cell = max(NARROWEST_CELL, min(WIDEST_CELL, (width - 2 * margin) // files))
    per_block = max(1, (width - 2 * margin) // cell)
    shown_names = owner_letters(list(key.players.values()))
    owner_of = dict(zip(key.players, shown_names.values(), strict=True))
    labels = kind_labels(key, cell - 2)
    geometry = Geometry(files, ranks)
    swamp = set(view["board"].get("swamp", []))
    tokens = {figure["square"]: owner_of.get(figure["owner"], "?")
              + (labels.get(figure["kind"], figure["kind"]) if "kind" in figure
                 else HIDDEN_MARK)
              for figure in view["figures"]}
    lines: list[str] = []
    for start in range(0, files, per_block):
        block = range(start, min(files, start + per_block))
        for rank in reversed(range(ranks)):
            cells = ""
            for file in block:
                name = geometry.name(geometry.square(file, rank))
                lead = "~" if name in swamp else " "
                token = tokens.get(name, "~~" if name in swamp else ".")
                cells += lead + token.ljust(cell - 1)
            lines.append(f"{rank + 1:>{margin - 1}}{cells.rstrip():<{cell * len(block)}}"
                         f" {rank + 1}".rstrip())
        lines.append(" " * margin + "".join(geometry.name(geometry.square(file, 0))[:-1]
                                            .ljust(cell) for file in block).rstrip())
    return lines + board_key_lines(view, key, owner_of, labels, width)


def kind_labels(key: BoardKey, room: int) -> dict[str, str]:
    """Each kind's label in ``room`` characters: its number and as much of its name as
    fits (``1 Ele``, ``10Mou``: the names start in one column), the digits that end a
    name kept (``Ty1``, ``De6``); a name alone where no number is printed."""
    numbers = [str(value) for value in key.values.values() if value is not None]
    digits = max((len(number) for number in numbers), default=0)
    labels: dict[str, str] = {}
    for kind, name in key.kinds.items():
        value = key.values.get(kind)
        letters = room - digits if value is not None and room - digits >= 3 else room
        number = str(value).ljust(digits) if letters < room else ""
        labels[kind] = number + _short(name, letters)
    return labels


def _short(name: str, room: int) -> str:
    """``name`` in ``room`` characters: its letters first, the digits that end it last."""
    letters = "".join(part for part in name.split() if not part.isdigit())
    tail = "".join(part for part in name.split() if part.isdigit())
    return (letters[:max(1, room - len(tail))] + tail)[:room]


def board_key_lines(view: JSON, key: BoardKey, owner_of: Mapping[str, str],
                    labels: Mapping[str, str], width: int) -> list[str]:
    """The key under a board: whose letter is which, and the names of the kinds on it,
    wrapped to ``width``."""
    parts = [f"{letter}={key.players.get(name, name)}" for name, letter in owner_of.items()]
    shown = {figure["kind"] for figure in view["figures"] if "kind" in figure}
    if any("kind" not in figure for figure in view["figures"]):
        parts.append(f"{HIDDEN_MARK}={key.hidden}")
    if view["board"].get("swamp"):
        parts.append(f"~={key.swamp}")
    parts += [f"{' '.join(labels[kind].split())}={key.kinds[kind]}"
              for kind in key.kinds if kind in shown and labels[kind] != key.kinds[kind]]
    lines, line = [], ""
    for part in parts:
        joined = f"{line}, {part}" if line else part
        if len(joined) > width - 1 and line:
            lines.append(line + ",")
            line = part
        else:
            line = joined
    return [*lines, line] if line else lines


def owner_letters(players: list[str]) -> dict[str, str]:
    """One letter per player: the name's first letter in lowercase; if another player has it
    (the partners of V9: ``yellow2``), in uppercase; else the player's index."""
    letters: dict[str, str] = {}
    for index, name in enumerate(players):
        taken = set(letters.values())
        first = name[:1]
        choices = [first.lower(), first.upper()] if first.isalpha() else []
        letters[name] = next((c for c in choices if c not in taken), str(index))
    return letters
