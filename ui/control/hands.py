"""The computer's hands on the simulated board (the controller's ``computer_hands``):
its announced turn carried out by itself ``CARRY_S`` after it was said, its figure drawn
on the way, its squares lit until done (on the real board too, where a person carries it
out); "by hand" leaves it to the person, as practice for the real board. Kivy-free."""

from __future__ import annotations

from ui.control.auto import AutoPlay
from ui.control.new_game import CARRY_S
from ui.control.parts import HandsPart


class ComputerHands:
    """The announced turn's squares, its way, and the hands that carry it out."""

    def __init__(self, table: HandsPart, auto: AutoPlay) -> None:
        """``auto``: while it runs, Auto carries out the turns itself."""
        self.table, self.auto = table, auto
        self.by_hand = False
        """The setting: on the simulated board the person carries out the computer's turns
        too (practice for the real board); off: the computer's hands do."""
        self._announced_at: tuple[int, float] | None = None
        """When the announced turn was first seen: the turns played then, and the time (an
        announcement carried out by hand must not leave its time to the next one)."""

    def carry(self) -> None:
        """On the simulated board the computer carries out its announced turn itself,
        ``CARRY_S`` after announcing it (unless the person practises doing it by hand)."""
        sim, hands = self.table.sim, self.table.hands
        if (sim is None or hands is None or self.by_hand or self.auto.running
                or sim.session.chosen is None or sim.session.fixing):
            self._announced_at = None
            return
        turns = sim.session.turns
        if self._announced_at is None or self._announced_at[0] != turns:
            self._announced_at = (turns, sim.now)
        elif sim.now - self._announced_at[1] >= CARRY_S:
            self._announced_at = None
            hands.play(sim.session.chosen.turn)
            self.table.settle()

    def carry_step(self) -> int | None:
        """The announced move's way in tenths: the screen is redrawn as it goes."""
        progress = self.carry_progress()
        return None if progress is None else int(progress[2] * 10)

    def carry_progress(self) -> tuple[str, str, float] | None:
        """The computer's announced move on its way (origin, target, 0–1), while its
        hands carry it out on the simulated board; None otherwise."""
        sim, seen = self.table.sim, self._announced_at
        path = self.announced_path()
        if sim is None or seen is None or path is None or len(path) < 2:
            return None  # a stone put down has no way to go
        return path[0], path[-1], max(0.0, min(1.0, (sim.now - seen[1]) / CARRY_S))

    def announced_path(self) -> list[str] | None:
        """The squares of the computer's announced turn (lit on the screen until it is
        carried out): a move's path, a stone's square; None when nothing is announced."""
        sim = self.table.sim
        if sim is None or sim.session.chosen is None:
            return None
        turn = sim.session.chosen.turn_json
        squares = turn.get("path") or list(turn.get("place") or {})
        return [str(square) for square in squares] or None


__all__ = ["CARRY_S", "ComputerHands"]
