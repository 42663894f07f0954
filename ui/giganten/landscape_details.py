"""What the landscape screen's details drawer lists, Kivy-free: the
developer text that left the screen, the landscape's tiles by column and row and its
seed (public, as the dealt tiles are). A game's own drawer lists ``ui.words.drawer_details``'.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ui.words import i18n
from ui.words.now_line import now_line

if TYPE_CHECKING:
    from ui.control.shell import Controller


def details_lines(controller: Controller) -> list[str]:
    """Every detail of the shell's screen shown now: its line's rule ids, the landscape's
    tiles and seed."""
    lines: list[str] = []
    now = now_line(controller)
    if now.details:
        lines.append(i18n.tr("details_now", text=now.text, ids=", ".join(now.details)))
    game = controller.game
    if game is None:
        return lines
    lines += [i18n.tr("details_tile", tile=str(t["tile"]).upper(), col=t["col"],
                      row=t["row"], degrees=int(t["rotation"]) * 90)
              for t in controller.tiles()]
    lines.append(i18n.tr("details_seed", seed=game.seed))
    return lines
