"""The controller's replay: a saved game's log or full record stepped through, as the
public saw it (``ui.control.replay_steps``); a file that cannot be replayed gets one line.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from companion.archive.game_records import RECORD_FORMAT
from companion.ledger.record import default_log_dir
from companion.untrusted import loads
from ui.control.new_game import SIDE_FILE
from ui.control.replay_steps import GameReplay
from ui.control.shell_state import JSON, REPLAY_SCREEN, ControllerBase, ControllerError
from ui.words import i18n

REPLAY_CHOICES = 6
"""Saved games the replay screen lists (the newest)."""


class ReplayControl(ControllerBase):
    """The replay screen's model (``ui.control.shell.Controller``)."""

    replay: GameReplay | None = None
    """The record being stepped through on the replay screen."""
    replay_step = 0
    replay_path: Path | None = None

    def records(self) -> list[Path]:
        """Game logs and saved records in the log folder, the newest first (the app's
        side files, which say who the computer played, are no games)."""
        folder = self.log_dir if self.log_dir is not None else default_log_dir()
        if not folder.is_dir():
            return []
        found = [p for p in folder.iterdir()
                 if p.is_file() and (p.suffix == ".log" or p.name.endswith(".json"))
                 and not p.name.endswith(SIDE_FILE)]
        return sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)

    def replay_choices(self) -> list[tuple[str, Path]]:
        """The saved games to pick from (the newest first, ``REPLAY_CHOICES`` at most), each
        named for the players: what it is and when it was last written, never its file name
        (a path is for the details, not the screen)."""
        choices = []
        for path in self.records()[:REPLAY_CHOICES]:
            kind = "replay_kind_log" if path.suffix == ".log" else "replay_kind_record"
            when = datetime.fromtimestamp(path.stat().st_mtime)
            choices.append((i18n.tr("replay_item", kind=i18n.tr(kind),
                                    when=when.strftime(i18n.tr("replay_time_format"))), path))
        return choices

    def open_replay(self, path: Path) -> None:
        """Step through the game in ``path``: a game's log or full record."""
        try:
            replay = _load(path)
        except ValueError as err:
            raise ControllerError(i18n.tr("err_replay_failed", reason=str(err))) from None
        self.replay, self.replay_step = replay, 0
        self.replay_path = path
        self.screen = REPLAY_SCREEN
        self._changed()

    def step_replay(self, delta: int | None = None, *, to: int | None = None) -> None:
        """Move ``delta`` steps (or ``to`` a step) through the open replay."""
        replay = self.replay
        if replay is None:
            raise ControllerError(i18n.tr("err_no_replay"))
        target = to if to is not None else self.replay_step + (delta or 0)
        self.replay_step = max(0, min(len(replay) - 1, target))
        self._changed()

    def close_replay(self) -> None:
        """Back to the list of saved games."""
        self.replay, self.replay_path, self.replay_step = None, None, 0
        self._changed()

    def replay_view(self) -> tuple[JSON, str] | None:
        """The board at the current step as the public may see it (``views`` through the
        replay), and the step's one line; None when no replay is open."""
        replay = self.replay
        if replay is None:
            return None
        return replay.at(self.replay_step)


def _load(path: Path) -> GameReplay:
    """The replay of ``path``, a game's log or full record; ``ValueError`` (one line)
    for anything else."""
    if path.suffix == ".log":
        return GameReplay.of_log(path)
    try:
        document = loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        raise ValueError(i18n.tr("err_replay_no_record", name=path.name)) from None
    if not isinstance(document, dict) or document.get("format") != RECORD_FORMAT:
        raise ValueError(i18n.tr("err_replay_no_record", name=path.name))
    return GameReplay.of_record(document)
