"""Enrolment: the figures on the board named from their tags, and tags recorded for figures.

``identify`` turns a board snapshot into figures by square, for the game itself (its
messages never name a figure, since they may reach a screen everyone sees). ``OneByOne``
enrols figures one at a time; ``standard_layout`` is where a whole set lies out to be
enrolled at once by ``enrol_layout``, all or nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from companion.games.giganten.board import Board
from companion.games.giganten.ruleset import FOUR_PLAYERS
from companion.reads import Uid
from companion.registry.figures import PLAYER_NAMES, Figure, RegistryError, full_set
from companion.registry.store import Registry

Level = Literal["info", "error"]


@dataclass(frozen=True)
class Message:
    """Something to tell the person at the board. ``square`` is where it happened, if on one
    square (for highlighting it)."""

    level: Level
    text: str
    square: int | None = None


STANDARD_BOARD = Board(14, 14)
"""The board used to name squares when none is given: the 14 × 14 board of B1."""


def _squares_by_uid(tags: Mapping[int, Uid]) -> dict[Uid, list[int]]:
    """Group a snapshot by UID; the squares of each UID in order."""
    found: dict[Uid, list[int]] = {}
    for square in sorted(tags):
        found.setdefault(tags[square], []).append(square)
    return found


def _names(board: Board, squares: Iterable[int]) -> str:
    names = [board.name(sq) for sq in squares]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _duplicate(board: Board, uid: Uid, squares: Sequence[int]) -> Message:
    return Message("error", f"The tag {uid} is seen on {_names(board, squares)}: two tags"
                            " with one UID, or one figure read twice; take one off",
                   squares[0])


def identify(registry: Registry, tags: Mapping[int, Uid], *, board: Board | None = None,
             ) -> tuple[dict[int, Figure], list[Message]]:
    """The figures on the board, by square, and a message for every tag that does not name
    one: an unknown tag, or a UID seen on two squares (then neither square counts, since
    nothing says which holds the figure).

    The messages never name a figure: during a game they may be shown to everyone.
    ``board`` names the squares (default: the 14 × 14 board; pass the game's board when it
    is another size, V1 and V9).
    """
    board = board or STANDARD_BOARD
    figures: dict[int, Figure] = {}
    messages: list[Message] = []
    for uid, squares in _squares_by_uid(tags).items():
        if len(squares) > 1:
            messages.append(_duplicate(board, uid, squares))
            continue
        figure = registry.lookup(uid)
        if figure is None:
            messages.append(Message("error", f"Unknown tag on {board.name(squares[0])}:"
                                             " enrol it or take it off the board", squares[0]))
        else:
            figures[squares[0]] = figure
    messages.sort(key=lambda m: m.square if m.square is not None else -1)
    return figures, messages


class OneByOne:
    """Enrol figures one at a time: the screen names a figure, the owner puts it down on any
    square, the new tag is recorded for it, and the screen names the next.

    Feed it every board snapshot with ``see``. Only a UID that was not on the board at the
    previous snapshot counts as put down, so figures may stay on the board or be lifted off
    freely. Two new tags at once are refused (which is which?), and so is a tag that is
    another figure's; a UID seen twice is reported. ``replace=True`` re-enrols figures that
    got new tags (their old UIDs are forgotten). Putting back a figure enrolled earlier in
    this same run is only an ``info``: it is a slip, not a conflict.
    """

    def __init__(self, registry: Registry, figures: Sequence[Figure], *, replace: bool = False,
                 board: Board | None = None, on_board: Mapping[int, Uid] | None = None) -> None:
        """Enrol ``figures`` in order into ``registry``.

        ``on_board`` are tags already on the board when enrolment starts; they are not new.
        ``board`` names the squares in messages (default: the 14 × 14 board).
        """
        if len(set(figures)) != len(figures):
            raise ValueError("a figure is listed twice for enrolment")
        self.registry = registry
        self.figures: tuple[Figure, ...] = tuple(figures)
        self.replace = replace
        self.board = board or STANDARD_BOARD
        self._next = 0
        self._counts = {uid: len(sq) for uid, sq in _squares_by_uid(on_board or {}).items()}

    @property
    def expected(self) -> Figure | None:
        """The figure to put down next; None when every figure is done."""
        return self.figures[self._next] if self._next < len(self.figures) else None

    @property
    def done(self) -> tuple[Figure, ...]:
        """The figures enrolled (or found already enrolled, or skipped) so far."""
        return self.figures[:self._next]

    def prompt(self) -> Message:
        """What to do now: the figure to put down, or that enrolment is finished."""
        figure = self.expected
        if figure is None:
            return Message("info", f"All {len(self.figures)} figures are enrolled")
        verb = "to give it its new tag" if self.replace else "to enrol it"
        return Message("info", f"Put down {figure} on any square {verb}")

    def skip(self) -> list[Message]:
        """Leave the expected figure out (it is lost, or done later) and go on."""
        figure = self.expected
        if figure is None:
            return [self.prompt()]
        self._next += 1
        return [Message("info", f"{figure} skipped"), self.prompt()]

    def see(self, tags: Mapping[int, Uid]) -> list[Message]:
        """Take the board's latest snapshot (square -> UID) and say what happened."""
        by_uid = _squares_by_uid(tags)
        counts = {uid: len(squares) for uid, squares in by_uid.items()}
        new = [uid for uid in by_uid if uid not in self._counts]
        # A UID on more squares than before: a second tag with the same UID was put down.
        doubled = [uid for uid in by_uid if counts[uid] > max(1, self._counts.get(uid, 0))]
        self._counts = counts
        if doubled:
            return [_duplicate(self.board, uid, by_uid[uid]) for uid in doubled]
        if not new:
            return []
        figure = self.expected
        if figure is None:
            return [Message("info", "Enrolment is finished; nothing was recorded for the tag"
                                    f" on {_names(self.board, by_uid[uid])}", by_uid[uid][0])
                    for uid in new]
        if len(new) > 1:
            squares = sorted(by_uid[uid][0] for uid in new)
            return [Message("error", f"New tags on {_names(self.board, squares)} at once: put"
                                     " the figures down one at a time. Take them off and put"
                                     f" down {figure} alone", squares[0])]
        uid = new[0]
        square = by_uid[uid][0]
        where = self.board.name(square)
        holder = self.registry.lookup(uid)
        if holder == figure:
            self._next += 1
            return [Message("info", f"{figure} is already enrolled (tag {uid})", square),
                    self.prompt()]
        if holder is not None:
            if holder in self.done:
                return [Message("info", f"That is {holder} (on {where}), enrolled already;"
                                        f" put down {figure}", square)]
            return [Message("error", f"The tag on {where} ({uid}) is already {holder}, not"
                                     f" {figure}: take it off and put down {figure}, or"
                                     f" re-enrol {holder} first", square)]
        try:
            old = self.registry.enrol(uid, figure, replace=self.replace)
        except RegistryError as err:
            return [Message("error", f"Nothing recorded for the tag on {where}: {err}",
                            square)]
        self._next += 1
        text = (f"{figure} re-enrolled (tag {uid}; its old tag {old} is forgotten)" if old
                else f"{figure} enrolled (tag {uid})")
        return [Message("info", text, square), self.prompt()]


def standard_layout(board: Board, owner: str) -> dict[int, Figure]:
    """Where to lay out ``owner``'s whole set of 25 to enrol it at once.

    The figures go in the order of the table of rules section F (``full_set``: Tyra 1,
    Tyra 2, Tri #1–#3, Dilo #1–#2, Stego #1–#5, Docus #1–#2, Deino 6, Deino 7, Flug #1–#5,
    Blitz, Nest, Culak, Blank), row by row from the owner's own edge of the board, each row
    from the owner's left. On the 14 × 14 board:

    - Yellow: rank 1 from a1 to n1 (Tyra 1 … Docus #2), then rank 2 from a2 to k2
      (Deino 6 … Blank);
    - Orange (sitting opposite, so their left is file n): rank 14 from n14 to a14, then
      rank 13 from n13 to d13.

    Boards at least 21 files wide are the V9 boards, where partners share a side: each of
    them gets half the files, the first player (``yellow``/``orange``) on their own left,
    the partner (``yellow2``/``orange2``) on their right; rows are as long as that half.
    A narrow board (V1, 7 wide) takes more rows. The layout must fit in the owner's half so
    that both sides can lie out at once; ``ValueError`` if the board is too small.
    """
    players = {player.name: player for player in FOUR_PLAYERS}
    if owner not in players:
        raise ValueError(f"unknown owner {owner!r} (owners are: {', '.join(PLAYER_NAMES)})")
    shared = board.files >= 21
    partner = owner.endswith("2")
    if partner and not shared:
        raise ValueError(f"{owner} plays only in V9, on a board 21 or 28 files wide;"
                         f" this one is {board.files}")
    width = board.files // 2 if shared else board.files
    figures = full_set(owner)
    rows = -(-len(figures) // width)  # rounded up
    if rows > board.ranks // 2:
        raise ValueError(f"a {board.files} × {board.ranks} board has no room to lay out the"
                         f" {len(figures)} figures of a set in {owner.capitalize()}'s half:"
                         f" that takes {rows} ranks of {width} squares")
    forward = players[owner].forward
    layout: dict[int, Figure] = {}
    for index, figure in enumerate(figures):
        row, column = divmod(index, width)
        column += width if partner else 0  # the partner lays out to the first player's right
        if forward > 0:
            file, rank = column, row
        else:  # Orange faces Yellow: their left is the high files, their edge the last rank
            file, rank = board.files - 1 - column, board.ranks - 1 - row
        layout[rank * board.files + file] = figure
    return layout


def enrol_layout(registry: Registry, board: Board, tags: Mapping[int, Uid],
                 layout: Mapping[int, Figure], *, replace: bool = False) -> list[Message]:
    """Enrol every figure of ``layout`` (square -> figure) from the tags seen on its squares.

    All or nothing: if any square of the layout has no tag, a UID is seen on two squares, a
    tag is already another figure's, or (without ``replace``) a figure already has another
    tag, every problem is reported as an ``error`` and nothing is enrolled, so a half-read
    layout never leaves a half-enrolled set. Tags on squares outside the layout (the other
    side, a figure beside the pattern) are reported as ``info`` and ignored.

    With ``replace`` the layout's figures get the tags seen now and their old tags are
    forgotten, so tags may even move between figures of the layout; a tag that belongs to a
    figure outside the layout is still refused.
    """
    figures = list(layout.values())
    if len(set(figures)) != len(figures):
        raise ValueError("the layout puts one figure on two squares")
    for square in layout:
        if not 0 <= square < board.size:
            raise ValueError(f"the layout has a square ({square}) off the board")
    by_uid = _squares_by_uid(tags)
    in_layout = set(layout.values())
    errors: list[Message] = []
    notes: list[Message] = []
    for uid, squares in by_uid.items():
        if len(squares) > 1:
            named = ", ".join(f"{board.name(sq)}" + (f" ({layout[sq]})" if sq in layout else "")
                              for sq in squares)
            errors.append(Message("error", f"The tag {uid} is seen on {named}: two tags with"
                                           " one UID, or one figure read twice; neither is"
                                           " enrolled", squares[0]))
        for square in squares:
            if square not in layout:
                notes.append(Message("info", f"A tag on {board.name(square)} is outside the"
                                             " layout; it is ignored", square))
    planned: dict[Figure, Uid] = {}
    for square, figure in sorted(layout.items(), key=lambda item: item[1].sort_key):
        where = f"{board.name(square)} ({figure})"
        if square not in tags:
            errors.append(Message("error", f"No tag on {where}: put the figure there, or"
                                           " check that square's reader", square))
            continue
        uid = tags[square]
        if len(by_uid[uid]) > 1:
            continue  # reported above
        holder = registry.lookup(uid)
        if holder is not None and holder != figure and not (replace and holder in in_layout):
            errors.append(Message("error", f"The tag on {where} is already {holder}; take"
                                           f" it off or re-enrol {holder} first", square))
            continue
        old = registry.uid_of(figure)
        if old is not None and old != uid and not replace:
            errors.append(Message("error", f"{figure} on {board.name(square)} already has"
                                           f" tag {old}, not {uid}: re-enrol the layout to"
                                           " give it the new tag", square))
            continue
        planned[figure] = uid
    if errors:
        return [*errors, *notes, Message("info", "Nothing was enrolled: fix the above and"
                                                  " read the layout again")]
    # Every check passed, so the enrolments below cannot fail; they are tried on a copy all
    # the same, so the registry changes in one step or not at all.
    trial = registry.copy()
    before = {figure: trial.uid_of(figure) for figure in planned}
    if replace:
        for figure in planned:
            trial.forget(figure)
    for figure, uid in planned.items():
        trial.enrol(uid, figure)
    registry._adopt(trial)
    new = sum(1 for figure, uid in planned.items() if before[figure] is None)
    changed = sum(1 for figure, uid in planned.items() if before[figure] not in (None, uid))
    same = len(planned) - new - changed
    owners = " and ".join(sorted({f.owner.capitalize() for f in planned}))
    summary = f"{len(planned)} figures of {owners} enrolled: {new} new"
    if changed:
        summary += f", {changed} with a new tag"
    if same:
        summary += f", {same} already enrolled"
    return [*notes, Message("info", summary)]
