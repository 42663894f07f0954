"""The controller's replay: a saved game's log or record stepped through, as the public
saw it. The logs and records the app writes now are a generic game's
(``ui.game_replay``); an older Giganten log or record still replays through
``companion.archive.replay`` (the old format's reader), and a file neither can replay
gets one line.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from companion.archive.game_records import GENERIC_FORMAT
from companion.archive.replay import Replay, ReplayError
from companion.ledger.record import default_log_dir
from companion.untrusted import loads
from ui import i18n
from ui.control_base import JSON, REPLAY_SCREEN, ControllerBase, ControllerError
from ui.control_game_base import SIDE_FILE
from ui.game_replay import GameReplay

OLD_PUBLIC = "public"
"""The public audience of an older Giganten log's replay (``companion.archive.replay``)."""

REPLAY_CHOICES = 6
"""Saved games the replay screen lists (the newest)."""


class ReplayControl(ControllerBase):
    """The replay screen's model (``ui.controller.Controller``)."""

    replay: Replay | GameReplay | None = None
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
        (issue 17: a path is for the details, not the screen)."""
        choices = []
        for path in self.records()[:REPLAY_CHOICES]:
            kind = "replay_kind_log" if path.suffix == ".log" else "replay_kind_record"
            when = datetime.fromtimestamp(path.stat().st_mtime)
            choices.append((i18n.tr("replay_item", kind=i18n.tr(kind),
                                    when=when.strftime(i18n.tr("replay_time_format"))), path))
        return choices

    def open_replay(self, path: Path) -> None:
        """Step through the game in ``path``: a generic game's log or full record, or an
        older Giganten log or record (public, full or referee)."""
        try:
            replay = _load(path)
        except (ReplayError, ValueError) as err:
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
        if isinstance(replay, GameReplay):
            return replay.at(self.replay_step)
        view = replay.view_at(self.replay_step, OLD_PUBLIC)
        return view, self._replay_line(replay, view)

    def _replay_line(self, replay: Replay, view: JSON) -> str:
        """An older Giganten log's step in the UI's language, worded from the view
        (issue 17: the German replay showed the record's English); a correction or a
        referee's result, which no view tells, in the record's own words."""
        step = self.replay_step
        if step == 0 and view.get("first"):
            return i18n.tr("ev_game_started", player=i18n.player(str(view["first"])))
        last = view.get("last_turn")
        if not replay.is_action_step(step) or not isinstance(last, dict):
            return replay.steps[step].what
        combat = last.get("combat")
        if isinstance(combat, dict):  # told as the record tells it: a past combat's kinds
            # are no longer on the table [I2, I4]
            last = {**last, "combat": {k: v for k, v in combat.items()
                                       if k not in ("challenger_kind", "challenged_kind",
                                                    "rule")}}
        text = i18n.turn_text(last)
        if view.get("winner"):
            text += "; " + i18n.tr("ev_game_over", player=i18n.player(str(view["winner"])),
                                   reason=i18n.reason(str(view["reason"])))
        return text


def _load(path: Path) -> Replay | GameReplay:
    """The replay of ``path``: a generic game's log or record first, else the old
    format's reader (its ``ReplayError`` says what is wrong)."""
    if path.suffix == ".log":
        generic = GameReplay.of_log(path)
        return generic if generic is not None else Replay.load(path)
    try:
        document = loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return Replay.load(path)  # its one line: neither a log nor a JSON record
    if isinstance(document, dict) and document.get("format") == GENERIC_FORMAT:
        return GameReplay.of_record(document)
    return Replay.from_document(document)
