"""What a tool tells the person at the board (``Note``), worded when it is shown.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from companion.registry import Figure, full_set, kind_name
from ui.words import i18n

Level = Literal["info", "error"]


@dataclass(frozen=True)
class Note:
    """A message of a tool: an ``i18n`` key and its fields, worded in the language shown
    (so that switching the language re-words it). Figures, square lists and notes in
    ``fields`` are worded too."""

    level: Level
    key: str
    fields: Mapping[str, Any] = field(default_factory=dict)

    @property
    def text(self) -> str:
        """The note in the current language."""
        return i18n.tr(self.key, **{k: _word(v) for k, v in self.fields.items()})


def _word(value: Any) -> Any:
    if isinstance(value, Note):  # a cause inside a note (``ui.tools.problems``)
        return value.text
    if isinstance(value, Figure):
        return figure_text(value)
    if isinstance(value, tuple | list):
        return i18n.tr("ev_and").join(str(_word(v)) for v in value)
    return value


def figure_text(figure: Figure) -> str:
    """A figure as the screen names it: ``Yellow Tri #2``, ``Gelb Tri #2``, ``Orange
    Nest`` (the kinds are the game's own names in both languages)."""
    number = f" #{figure.number}" if sum(1 for f in full_set(figure.owner)
                                         if f.kind == figure.kind) > 1 else ""
    return i18n.tr("tool_figure", player=i18n.player(figure.owner),
                   kind=kind_name(figure.kind) + number)
