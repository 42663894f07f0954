"""The reveal card: a combat shown as a card that stays until tapped.

Both figures are drawn on the battleground's terrain, as the view shows them (a figure
whose kind the view keeps from this audience stays a back), with who challenged whom, who
won and, where the view gives it, the deciding rule in plain words (its id is in the
details drawer).

Use::

    card = RevealCard(on_dismiss=callback)      # a widget: give it a size and a place
    if card.show(view):                         # a board view; True if it shows
        ...                                     # a combat (its last turn's), else hidden
    card.showing                                # shown and not yet tapped away
    card.dismiss()                              # what a tap on the card does

Everything comes from the view's ``last_turn["combat"]``; the card knows no rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.graphics import Color, Ellipse, Line, Rectangle, RoundedRectangle
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from ui import theme
from ui.board.styles import FIELDS, GIGANTEN, style_of
from ui.board.tokens import FADED, token_texture
from ui.words import i18n
from ui.words.i18n import STRINGS
from ui.words.view_text import kind_name

JSON = dict[str, Any]

CHALLENGER, CHALLENGED = "challenger", "challenged"


def combat_of(view: JSON | None) -> JSON | None:
    """The combat of the view's last turn, None when it had none."""
    last = (view or {}).get("last_turn") or {}
    combat = last.get("combat")
    return combat if isinstance(combat, dict) else None


def owners(view: JSON, combat: JSON) -> dict[str, str]:
    """Who owns the challenger (the mover of the last turn) and the challenged figure (the
    other player; with more players, the owner of the figure still on the challenged
    square if it is not the mover's; ``unknown`` otherwise)."""
    mover = str(view["last_turn"].get("player", "unknown"))
    others = [str(p) for p in view.get("players", []) if p != mover]
    challenged = others[0] if len(others) == 1 else "unknown"
    if len(others) > 1:
        for figure in view.get("figures", []):
            if figure.get("square") == combat.get(CHALLENGED) and figure.get("owner") != mover:
                challenged = str(figure["owner"])
    return {CHALLENGER: mover, CHALLENGED: challenged}


def outcome_text(combat: JSON, owned: dict[str, str]) -> str:
    """Who won, in words."""
    outcome = str(combat.get("outcome", ""))
    if outcome == "challenger_wins":
        return i18n.tr("combat_card_wins", player=i18n.player(owned[CHALLENGER]))
    if outcome == "challenged_wins":
        return i18n.tr("combat_card_wins", player=i18n.player(owned[CHALLENGED]))
    if outcome == "nest_taken":
        return i18n.tr("combat_card_nest", player=i18n.player(owned[CHALLENGER]))
    if outcome == "draw":
        return i18n.tr("combat_card_draw")
    if outcome == "both_lose":
        return i18n.tr("combat_card_both_lose")
    return i18n.tr("combat_card_outcome", outcome=outcome)


def rule_text(combat: JSON) -> str | None:
    """The deciding rule in plain words; None when the view does not say. Its id stays
    out of the card: the details drawer lists it with the turn."""
    rule = combat.get("rule")
    if not rule:
        return None
    if combat.get("rule_words"):  # a game of the registry words its own rules
        return str(combat["rule_words"])
    key = f"rule_{rule}"
    return i18n.tr(key) if key in STRINGS else i18n.tr("combat_card_rule_other")


class Duel(Widget):
    """The two figures side by side on the battleground's terrain."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.style = GIGANTEN
        self.ground: str | None = None
        self.figures: list[tuple[str, str | None, bool]] = []
        """(owner, kind or None, leaves the board) of the challenger and the challenged."""
        self.drawn_texts: list[str] = []
        self.drawn_tokens: list[str] = []
        """What each figure shows: ``tokens.BACK`` or ``tokens.FACE``."""
        self.bind(pos=lambda *_: self.redraw(), size=lambda *_: self.redraw())

    def redraw(self) -> None:
        """Draw the terrain and both figures in the current size."""
        self.canvas.clear()
        self.drawn_texts, self.drawn_tokens = [], []
        if not self.figures:
            return
        size = min(self.height * 0.8, self.width / 2.8)
        # rendered before the canvas is opened (``ui.board.tokens``)
        drawings = [token_texture(self.style, owner, kind, size)
                    for owner, kind, _ in self.figures]
        with self.canvas:
            self._terrain()
            for index, ((_, _, leaves), (drawing, shown, texts)) in enumerate(
                    zip(self.figures, drawings, strict=True)):
                cx = self.x + self.width * (0.27 if index == 0 else 0.73)
                # a figure that leaves the board is shown faded: the winner stands out
                Color(1, 1, 1, FADED if leaves else 1)
                Rectangle(texture=drawing.texture, size=(size, size),
                          pos=(cx - size / 2, self.center_y - size / 2))
                self.drawn_tokens.append(shown)
                self.drawn_texts.extend(texts)

    def _terrain(self) -> None:
        """The battleground as on the board: land green; swamp red-brown, a pool, outlined
        red; a board without terrain shows its field."""
        x, y, w, h = self.x, self.y, self.width, self.height
        if self.ground == "swamp":
            Color(*theme.SWAMP)
            RoundedRectangle(pos=(x, y), size=(w, h), radius=[h * 0.1])
            Color(*theme.SWAMP_POOL)
            Ellipse(pos=(x + w * 0.44, y + h * 0.06), size=(w * 0.12, h * 0.12))
            Color(*theme.SWAMP_OUTLINE)
            Line(rounded_rectangle=(x + 2, y + 2, w - 4, h - 4, h * 0.1), width=2.5)
        else:
            Color(*(theme.LAND if self.ground == "land" else FIELDS[self.style]))
            RoundedRectangle(pos=(x, y), size=(w, h), radius=[h * 0.1])


class RevealCard(BoxLayout):
    """A combat as a card: title (square and terrain), both figures, their owners and
    kinds as the view has them, who won, the rule; a tap anywhere on it closes it."""

    def __init__(self, on_dismiss: Callable[[], None] | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("orientation", "vertical")
        kwargs.setdefault("padding", 12)
        kwargs.setdefault("spacing", 4)
        super().__init__(**kwargs)
        self.on_dismiss = on_dismiss
        self.showing = False
        self.title = self._label(bold=True, colour=theme.PROMPT_COLOUR)
        self.duel = Duel(size_hint_y=1.0)
        self.sides = [self._label(), self._label()]
        row = BoxLayout(size_hint_y=None, height=48, spacing=8)
        for label in self.sides:
            label.size_hint_y = 1
            row.add_widget(label)
        self.outcome = self._label(bold=True)
        self.rule = self._label()
        self.close_hint = self._label(colour=(0.8, 0.8, 0.8, 1))
        for widget in (self.title, self.duel, row, self.outcome, self.rule, self.close_hint):
            self.add_widget(widget)
        self.bind(pos=lambda *_: self._frame(), size=lambda *_: self._frame())
        self._hide()

    @staticmethod
    def _label(*, bold: bool = False, colour: tuple[float, ...] = theme.TEXT_COLOUR) -> Label:
        label = Label(size_hint_y=None, height=28, bold=bold, color=colour, halign="center",
                      valign="middle", font_size=theme.TEXT)
        label.bind(width=lambda widget, width: setattr(widget, "text_size", (width, None)),
                   texture_size=lambda widget, size: setattr(widget, "height",
                                                              max(24, size[1] + 4)))
        return label

    def _frame(self) -> None:
        self.canvas.before.clear()
        if not self.showing:
            return
        with self.canvas.before:
            Color(*theme.CARD_BACKGROUND)
            RoundedRectangle(pos=self.pos, size=self.size, radius=[14])
            Color(*theme.CARD_BORDER)
            Line(rounded_rectangle=(self.x + 1, self.y + 1, self.width - 2, self.height - 2, 14),
                 width=2)

    def show(self, view: JSON | None) -> bool:
        """Show the combat of ``view``'s last turn; False (and hidden) when it had none."""
        combat = combat_of(view)
        if view is None or combat is None:
            self._hide()
            return False
        owned = owners(view, combat)
        ground = combat.get("battleground")
        square = str(combat.get(CHALLENGED, "?"))
        self.title.text = (i18n.tr("combat_card_title", square=square,
                                   ground=i18n.tr(f"ground_{ground}"))
                           if ground in ("land", "swamp") else
                           i18n.tr("combat_card_title_plain", square=square))
        for label, role in zip(self.sides, (CHALLENGER, CHALLENGED), strict=True):
            kind = combat.get(f"{role}_kind")
            # each game's own words: a Strategus combat is an attack, Giganten's a challenge
            key = f"combat_card_{role}_{style_of(view)}"
            words = i18n.tr(key if key in STRINGS else f"combat_card_{role}",
                            player=i18n.player(owned[role]))
            label.text = f"{words}: {kind_name(str(kind))}" if kind else words
        self.outcome.text = outcome_text(combat, owned)
        self.rule.text = rule_text(combat) or ""
        self.close_hint.text = i18n.tr("combat_card_close")
        self.duel.style = style_of(view)
        self.duel.ground = ground if ground in ("land", "swamp") else None
        leaving = combat.get("leaves_board") or []
        self.duel.figures = [(owned[role], combat.get(f"{role}_kind"), role in leaving)
                             for role in (CHALLENGER, CHALLENGED)]
        self.showing = True
        self.opacity, self.disabled = 1, False
        self.duel.redraw()
        self._frame()
        return True

    def _hide(self) -> None:
        self.showing = False
        self.opacity, self.disabled = 0, True
        self.duel.figures = []
        self.duel.redraw()
        for label in (self.title, *self.sides, self.outcome, self.rule, self.close_hint):
            label.text = ""
        self._frame()

    def dismiss(self) -> None:
        """Close the card (what a tap on it does) and tell ``on_dismiss``."""
        was_showing = self.showing
        self._hide()
        if was_showing and self.on_dismiss is not None:
            self.on_dismiss()

    def on_touch_down(self, touch: Any) -> bool:
        """A tap anywhere on a shown card closes it; nothing under it gets the tap."""
        if not self.showing or not self.collide_point(*touch.pos):
            return False
        self.dismiss()
        return True
