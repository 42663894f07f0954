"""``--event`` for the games of the family (``brettl play --game strategus --event …``,
``brettl referee --game …``): the console publishes the public view of every turn, the
clocks and the result to the club's broker (``club.game_feed``), through the same
publisher and outbox as Giganten's tables (``docs/club.md``)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from club.event_link import EventLinkError, event_target, outbox_path
from club.game_feed import GameEventLink
from commands.play_game import GameConsole
from commands.play_source import Source, _with_usage_errors
from commands.play_start import play, resume
from companion.config import ConfigError, load_config
from companion.game_events import GameEvent
from hardware.assemble import UsageError


class EventGameConsole(GameConsole):
    """``GameConsole`` whose events also go to the club feed (when ``link`` is set)."""

    def __init__(self, base: GameConsole, link: GameEventLink | None) -> None:
        super().__init__(base.game, base.sim, base.hands, base.audience, 0, base.say,
                         computer=base.computer)
        self.rng = base.rng  # the computer players' generator, as seeded
        self.setup_rng = base.setup_rng
        self.link = link

    def tell(self, events: list[GameEvent]) -> None:
        """Print the events for the audience, then publish them for the public."""
        super().tell(events)
        self.publish(events)

    def publish(self, events: Sequence[object]) -> None:
        """Publish ``events`` (session or desk events); print the broker's notices."""
        if self.link is not None:
            for line in self.link.publish(self.session, events):
                self.say(line)

    def run(self, source: Source) -> int:
        """As ``GameConsole.run``; then the link sends what is pending and closes."""
        try:
            return super().run(source)
        finally:
            if self.link is not None:
                for line in self.link.close():
                    self.say(line)


def game_event_link(args: argparse.Namespace, base: GameConsole,
                    log_path: Path) -> GameEventLink | None:
    """The club event of ``--event`` or the config's ``[event]`` for ``base``'s game
    (its outbox beside the log), or None; ``UsageError`` (one line) if it is wrong."""
    try:
        target = event_target(getattr(args, "event", None),
                              load_config(getattr(args, "config", None)))
        if target is None:
            return None
        link = GameEventLink(target, outbox_path(log_path), base.game,
                             base.session.options)
    except (ConfigError, EventLinkError) as err:
        base.sim.close()
        base.session.close()
        raise UsageError(str(err)) from None
    base.say(link.describe())
    return link


def _play_with_event(args: argparse.Namespace) -> int:
    return play(args, lambda base, log_path: EventGameConsole(
        base, game_event_link(args, base, log_path)))


def resume_with_event(args: argparse.Namespace, path: Path) -> int:
    """``brettl resume LOG`` of a game of the family on the simulated board, published
    as a new game is; the outbox beside the log goes on where it stopped."""
    return resume(args, path, lambda base, log_path: EventGameConsole(
        base, game_event_link(args, base, log_path)))


play_command = _with_usage_errors("play", _play_with_event)
"""``brettl play --game NAME`` (not Giganten): the game, published to the club event of
``--event`` or the config's ``[event]`` if there is one."""


__all__ = ["EventGameConsole", "game_event_link", "play_command", "resume_with_event"]
