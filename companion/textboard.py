"""Plain-text rendering of a view, for terminals, logs meant for an audience, and the demo.

``render`` works on a view (``views.view_for``) and nothing else, so it can show only what
that audience may see: a player's own kinds, the public's outcomes, the arbiter's
everything. It is a pure function: it returns text and prints nothing.

The board is drawn as its audience would see it from Yellow's chair: rank 1 at the bottom,
files from ``a`` on the left (``a`` … ``ab`` on the 28-file board of V9). Every square is
five characters wide; land is ``.`` when empty, swamp is ``~~~`` when empty and a figure
standing in a swamp is framed by ``~``; an empty square with a secret trap that this view
shows (the audience's own, or one that has sprung, V5) is ``^``::

    14  ~~~   ~o~    .   ~yTr~   o     yTr    ^

The variants add lines below the board, each only if the view has its part: figures held
by a trap (V5b), the secret traps shown, the reserves (V6: counts, and the audience's own
kinds), and trapped figures waiting to return (V5c).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.game import Geometry, Kind
from companion.games.giganten.squares import file_letters, parse_square_name

JSON = dict[str, Any]

KIND_CODES: dict[str, str] = {
    "tyra1": "T1", "tyra2": "T2", "tri": "Tr", "dilo": "Di", "stego": "St", "docus": "Do",
    "deino6": "D6", "deino7": "D7", "flug": "Fl", "blitz": "Bl", "nest": "Ne", "culak": "Cu",
    "gespenst": "Gh", "falle": "Fa",
}
"""Two-letter codes of the kinds, drawn after the owner's letter (``yTr``: a yellow Tri)."""

CELL = 5
"""Characters per square."""

_OUTCOME_WORDS = {
    "challenger_wins": "challenger wins",
    "challenged_wins": "challenged figure wins",
    "draw": "draw, both stay",
    "both_lose": "both lose",
    "nest_taken": "the Nest is taken",
}

_REASON_WORDS = {
    "nest": "took the enemy Nest [W1]",
    "immobilized": "the opponent had no legal turn [W2]",
    "resignation": "the opponent resigned [W3]",
}


def render(view: JSON) -> str:
    """The view as text: a header, the board, the last turn in words and the figures off the
    board. Works for player, public and arbiter views alike."""
    letters = owner_letters(view["players"])
    lines = [_header(view)]
    lines += _board_lines(view, letters)
    lines += _legend(view, letters)
    lines.append("Last turn: " + describe_last_turn(view))
    lines.append(_off_board_line(view))
    lines += _variant_lines(view)
    if view.get("winner") is not None:
        reason = view.get("reason") or ""
        winner = view["winner"].capitalize()
        if view.get("teams"):
            winner = f"Team {winner}"
        lines.append(f"Game over: {winner} wins — {_REASON_WORDS.get(reason, reason)}")
    elif view.get("reason"):
        lines.append(f"Game over: drawn — the {view['reason']} was reached [W3, R26]")
    return "\n".join(lines)


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


def _header(view: JSON) -> str:
    to_move = "" if view.get("winner") is not None else f" · {view['to_move'].capitalize()} to move"
    return (f"Ply {view['ply']}{to_move} · view: {view['audience']}"
            f" · reveal policy: {view['policy']}")


def _board_lines(view: JSON, letters: dict[str, str]) -> list[str]:
    """File letters on top and bottom, rank numbers both sides, the highest rank on top."""
    board = view["board"]
    files, ranks = int(board["files"]), int(board["ranks"])
    swamp = {parse_square_name(name) for name in board.get("swamp", [])}
    tokens = {parse_square_name(t["square"]): "^" for t in view.get("secret_traps", [])}
    tokens.update({parse_square_name(f["square"]): _token(f, letters) for f in view["figures"]})
    width = len(str(ranks))
    edge = " " * (width + 1) + "".join(file_letters(f).center(CELL) for f in range(files))
    lines = [edge]
    for rank in reversed(range(ranks)):
        cells = "".join(_cell(tokens.get((file, rank)), (file, rank) in swamp)
                        for file in range(files))
        lines.append(f"{rank + 1:>{width}} {cells} {rank + 1}")
    lines.append(edge)
    return lines


def _token(figure: JSON, letters: dict[str, str]) -> str:
    """``o`` for a figure whose kind this view hides, ``yTr`` for one whose kind it shows."""
    letter = letters.get(figure["owner"], "?")
    kind = figure.get("kind")
    return letter if kind is None else letter + KIND_CODES.get(kind, kind[:2].capitalize())


def _cell(token: str | None, swamp: bool) -> str:
    """Five characters: the token centred, framed by ``~`` in a swamp; a gap between cells
    keeps a figure standing in a large swamp easy to spot."""
    if not swamp:
        return (token or ".").center(CELL)
    if token is None:
        return " ~~~ "
    return f"~{token}~".center(CELL)


def _legend(view: JSON, letters: dict[str, str]) -> list[str]:
    """Which letter is whose, and the kind codes that appear on this board."""
    owners = ", ".join(f"{letter} = {name}" for name, letter in letters.items())
    shown = sorted({f["kind"] for f in view["figures"] if "kind" in f},
                   key=lambda kind: list(KIND_CODES).index(kind) if kind in KIND_CODES else 99)
    codes = " ".join(f"{KIND_CODES.get(kind, kind[:2])}={kind}" for kind in shown)
    traps = "; ^ a secret trap" if view.get("secret_traps") else ""
    key = [f"Key: {owners}; a lone letter is a hidden figure; ~ swamp, . land{traps}"]
    teams = view.get("teams")
    if teams:
        key.append("Teams: " + " against ".join(" + ".join(team) for team in teams))
    return key + ([f"Kinds: {codes}"] if codes else [])


def describe_last_turn(view: JSON) -> str:
    """The last turn in words with its squares, e.g. ``Yellow e3→e4, challenges e5:
    challenger wins (K1) — stego beats dilo on land``. Kinds appear only if the view has them.

    The variants' turns are told too: reserve figures placed (V6), a trapped figure brought
    back (V5c), two steps or two figures (V8), and secret traps that sprang (V5).
    """
    last = view.get("last_turn")
    if last is None:
        return "none yet"
    player = str(last["player"]).capitalize()
    if last.get("resigned"):
        return f"{player} resigned"
    parts = []
    if last.get("placed"):
        parts.append("places reserve figures on " + ", ".join(
            _square_and_kind(p) for p in last["placed"]))
    if last.get("returned"):
        parts.append("brings a trapped figure back to " + _square_and_kind(last["returned"]))
    if last.get("paths"):
        parts.append("moves two figures " + " and ".join("→".join(p) for p in last["paths"]))
    elif last.get("path"):
        path = last["path"]
        verb = "flies " if _is_flight(path[0], path[-1]) and len(path) == 2 else ""
        parts.append(f"{verb}{'→'.join(path)}")
    text = f"{player} {', then '.join(parts)}" if parts else player
    combat = last.get("combat")
    # A trap springs where a figure comes to rest: after its move, or after its advance.
    advanced_into = _loser_square(combat) if combat and last.get("advanced") else None
    traps = [t for t in last.get("traps", []) if t["square"] != advanced_into]
    text += _traps_text(traps)
    if combat is None:
        if last.get("challenge") is not None and traps:
            text += " (the challenge does not take place)"
        return text
    outcome = _OUTCOME_WORDS.get(combat["outcome"], combat["outcome"])
    origin = f" from {combat['challenger']}" if last.get("paths") else ""
    text += f", challenges {combat['challenged']}{origin}: {outcome}"
    if "rule" in combat:
        text += f" ({combat['rule']})"
    kinds = _combat_kinds(combat)
    if kinds:
        text += f" — {kinds}"
    if last.get("advanced"):
        text += f"; the winner advances to {_loser_square(combat)}"
        text += _traps_text([t for t in last.get("traps", []) if t["square"] == advanced_into])
    return text


def _traps_text(traps: list[JSON]) -> str:
    """Secret traps that sprang (V5), told after the move that set them off."""
    text = ""
    for trap in traps:
        effect = "is held there" if trap.get("effect") == "frozen" else "leaves the board"
        text += (f"; {str(trap['owner']).capitalize()}'s secret trap on {trap['square']}"
                 f" springs: the figure {effect}")
    return text


def _square_and_kind(entry: JSON) -> str:
    """``e1`` or, where the view shows it, ``e1 (tri)``."""
    kind = entry.get("kind")
    return str(entry["square"]) + (f" ({kind})" if kind else "")


def _is_flight(origin: str, target: str) -> bool:
    (f0, r0), (f1, r1) = parse_square_name(origin), parse_square_name(target)
    return abs(f1 - f0) + abs(r1 - r0) > 1


def _loser_square(combat: JSON) -> str:
    """The square the winner advances into: the one its single loser left [K5]."""
    leaving = combat.get("leaves_board", [])
    return str(combat["challenger"] if leaving == ["challenger"] else combat["challenged"])


def _combat_kinds(combat: JSON) -> str:
    """The combat told with the kinds this view shows; empty if it shows neither."""
    mine, theirs = combat.get("challenger_kind"), combat.get("challenged_kind")
    terrain = "in the swamp" if combat["battleground"] == "swamp" else "on land"
    if mine is None or theirs is None:
        known = [f"{role} is a {kind}" for role, kind in (("challenger", mine),
                                                          ("challenged", theirs)) if kind]
        return ", ".join(known) + (f", fought {terrain}" if known else "")
    outcome = combat["outcome"]
    if outcome == "challenger_wins":
        return f"{mine} beats {theirs} {terrain}"
    if outcome == "challenged_wins":
        return f"{theirs} beats {mine} {terrain}"
    if outcome == "nest_taken":
        return f"{mine} takes the nest"
    if outcome == "both_lose":
        return f"{mine} and {theirs} both leave the board {terrain}"
    return f"{mine} and {theirs} draw {terrain}"


def _off_board_line(view: JSON) -> str:
    """Per player: how many figures left the board and, where the view shows them, which."""
    parts = []
    for name in view["players"]:
        entry = view.get("off_board", {}).get(name, {"count": 0})
        count = int(entry.get("count", 0))
        if not count:
            parts.append(f"{name} none")
        elif "kinds" in entry:
            parts.append(f"{name} {count}: {' '.join(entry['kinds'])}")
        else:
            parts.append(f"{name} {count} (face down)")
    return "Off the board: " + "; ".join(parts)


def _variant_lines(view: JSON) -> list[str]:
    """The variants' parts of the view, one line each, only where the view has them."""
    lines = []
    held = [f"{f['owner']} {f['square']} ({f['frozen']} more turn{'s' * (f['frozen'] != 1)})"
            for f in view["figures"] if f.get("frozen")]
    if held:
        lines.append("Held by a trap (V5b): " + "; ".join(held))
    traps = view.get("secret_traps")
    if traps:
        lines.append("Secret traps: " + "; ".join(
            f"{t['owner']}'s on {t['square']}" + (" (sprung)" if t.get("sprung") else "")
            for t in traps))
    reserve = view.get("reserve")
    if reserve:
        lines.append("Reserve: " + "; ".join(
            f"{name} {entry['count']}" + (f": {' '.join(entry['kinds'])}"
                                          if entry.get("kinds") else "")
            for name, entry in reserve.items()))
    waiting = view.get("waiting_to_return")
    if waiting and any(waiting.values()):
        lines.append("Waiting to return (V5c): " + "; ".join(
            f"{name} {count}" for name, count in waiting.items() if count))
    return lines


# --- The board of any game of the family (``companion.views.games.game_view``) -------

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
