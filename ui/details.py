"""What the details drawer lists (issue 17, item 4), Kivy-free: the developer text that
left the message area and the screens. Per message the rule ids it named; the setups'
commitments and the log's head (hashes for the players to note); where the game log and
the record are; the landscape's tiles by column and row and its seed.

Only what the messages' views gave this audience is listed: the drawer shows nothing the
message area would not have shown before the split.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.views import PUBLIC
from ui import i18n
from ui.now_line import now_line
from ui.plain_text import plain, plain_view

if TYPE_CHECKING:
    from ui.controller import Controller


def message_lines(controller: Controller) -> list[str]:
    """The message area's lines: the session's messages as everyone may see them, in plain
    words (their developer text is in ``details_lines``)."""
    if controller.game is None or controller.game.session is None:
        return []
    return [plain_view(m).text for m in controller.messages(PUBLIC)]


def details_lines(controller: Controller) -> list[str]:
    """Every detail of the screen shown now and of the whole game: the messages' (the
    latest last), the landscape's tiles and seed, the log and the record."""
    lines: list[str] = []
    now = now_line(controller)
    if now.details:
        lines.append(i18n.tr("details_now", text=now.text, ids=", ".join(now.details)))
    game = controller.game
    if game is None:
        return lines
    landscape = [i18n.tr("details_tile", tile=str(t["tile"]).upper(), col=t["col"],
                         row=t["row"], degrees=int(t["rotation"]) * 90)
                 for t in controller.tiles()]
    landscape.append(i18n.tr("details_seed", seed=game.seed))
    if game.session is None:
        return [*lines, *landscape]
    # The whole game, not the message area's latest: a long game keeps its setup
    # commitments, its first turns' rule ids and its landscape (issue 17).
    for message in controller.messages(PUBLIC, whole_game=True):
        said = plain_view(message)
        if said.details:
            lines.append(i18n.tr("details_message", text=said.text,
                                 ids=", ".join(said.details)))
    for note in controller.broker_notes[-1:]:
        said = plain(note)
        if said.details:
            lines.append(i18n.tr("details_message", text=said.text, ids=", ".join(said.details)))
    lines += landscape
    if game.session.log_path is not None:
        lines.append(i18n.tr("details_log", path=game.session.log_path))
    if controller.record_path is not None:
        lines.append(i18n.tr("details_record", path=controller.record_path))
    return lines
