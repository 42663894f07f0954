"""The settings screen (``SettingsScreen``): what the next new game uses, saved for the next
start (``ui.tools.settings``)."""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.textinput import TextInput

from companion.games.giganten.ruleset import VARIANTS
from ui.control.shell import HOME, SETTINGS_SCREEN, Controller
from ui.theme import ERROR_COLOUR, TEXT, TEXT_COLOUR, TOUCH_MIN
from ui.tools.models import Note, Settings, rules_problem
from ui.tools.problems import problem_note
from ui.tools.settings import ToolPaths
from ui.widgets.common import (
    GameScreen,
    TouchToggle,
    button,
    button_row,
    label,
    middle_label,
    safely,
)
from ui.words import i18n

VARIANT_HEIGHT = 66
"""A variant's toggle: its id and its name over up to three lines of ``TEXT``."""


class SettingsScreen(GameScreen):
    """Language, reveal policy, who starts, the seed and the variants; every change is what
    the next new game uses (``controller.defaults``) and is saved for the next start."""

    def __init__(self, controller: Controller, paths: ToolPaths, **kwargs: Any) -> None:
        super().__init__(controller, name=SETTINGS_SCREEN, **kwargs)
        self.paths = paths
        self.settings = Settings.from_options(controller.defaults, sound=controller.sound)
        self.notice: Note | None = None
        self._filling = False
        root = BoxLayout(orientation="horizontal", padding=8, spacing=8)
        left = BoxLayout(orientation="vertical", spacing=6, size_hint_x=0.4)
        self.title = label(font_size="22sp", size_hint_y=None, height=40)
        self.language_button = button("", lambda: self._apply(self.settings.next_language()))
        self.policy_button = button("", lambda: self._apply(self.settings.next_policy()))
        self.first_button = button("", lambda: self._apply(self.settings.next_first()))
        self.referee_button = button("", lambda: self._apply(self.settings.next_referee()))
        self.sound_button = button("", lambda: self._apply(self.settings.next_sound()))
        seed_row = BoxLayout(size_hint_y=None, height=TOUCH_MIN, spacing=6)
        self.seed_label = middle_label(size_hint_x=0.35)
        self.seed_input = TextInput(multiline=False, input_filter="int", font_size="18sp",
                                    size_hint_x=0.65, write_tab=False)
        self.seed_input.bind(text=lambda _w, text: self._seed_typed(text))
        seed_row.add_widget(self.seed_label)
        seed_row.add_widget(self.seed_input)
        self.random_button = button("", lambda: self._apply(self.settings.with_seed("")))
        self.info = label(font_size=TEXT)
        self.back = button("", lambda: controller.go(HOME))
        for widget in (self.title, button_row(self.language_button, self.sound_button),
                       self.policy_button, self.first_button, self.referee_button, seed_row,
                       self.random_button, self.info, self.back):
            left.add_widget(widget)
        right = BoxLayout(orientation="vertical", spacing=4, size_hint_x=0.6)
        self.variants_label = label(size_hint_y=None, height=30, bold=True)
        grid = GridLayout(cols=3, spacing=4, size_hint_y=None)
        grid.bind(minimum_height=grid.setter("height"))
        self.toggles: dict[str, Any] = {}
        for variant in VARIANTS:
            toggle = TouchToggle(size_hint_y=None, height=VARIANT_HEIGHT, font_size=TEXT,
                                 padding=(3, 2))
            toggle.bind(on_press=lambda _b, v=variant: safely(
                lambda: self._apply(self.settings.toggle(v))))
            self.toggles[variant] = toggle
            grid.add_widget(toggle)
        self.problem = label(font_size=TEXT)
        for widget in (self.variants_label, grid, self.problem):
            right.add_widget(widget)
        root.add_widget(left)
        root.add_widget(right)
        self.add_widget(root)

    def on_pre_enter(self, *args: Any) -> None:
        """Show what a new game would use now."""
        self.settings = Settings.from_options(self.controller.defaults,
                                              sound=self.controller.sound)
        self.notice = None
        self.refresh()

    def _seed_typed(self, text: str) -> None:
        if self._filling:
            return
        try:
            settings = self.settings.with_seed(text)
        except ValueError as err:
            self.notice = Note("error", "tool_raw", {"text": str(err)})
            self.refresh()
            return
        if settings != self.settings:
            self._apply(settings)

    def _apply(self, settings: Settings) -> None:
        """Use ``settings`` for the next game, save them, redraw (in a new language)."""
        language_changed = settings.language != i18n.language()
        self.settings = settings
        self.controller.defaults = settings.options()
        self.controller.sound = settings.sound
        try:
            settings.save(self.paths.settings)
            self.notice = Note("info", "set_saved", {"path": str(self.paths.settings)})
        except OSError as err:
            self.notice = problem_note("set_not_saved", err, problem=err.strerror or str(err))
        if language_changed:
            self.controller.set_language(settings.language)  # redraws every screen
        self.refresh()

    def refresh(self) -> None:
        """Redraw in the current language."""
        settings = self.settings
        self.title.text = i18n.tr("set_title")
        self.language_button.text = i18n.tr("language")
        self.policy_button.text = i18n.tr("policy", policy=i18n.tr(f"policy_{settings.policy}"))
        self.first_button.text = i18n.tr("first", player=i18n.player(settings.first)
                                         if settings.first else i18n.tr("first_draw"))
        self.referee_button.text = (
            i18n.tr("set_referee", clock=settings.time_control or i18n.tr("set_no_clock"))
            if settings.referee else i18n.tr("set_referee_off"))
        self.sound_button.text = i18n.tr("set_sound_on" if settings.sound else "set_sound_off")
        self.seed_label.text = i18n.tr("set_seed")
        self.seed_input.hint_text = i18n.tr("set_seed_hint")
        seed = "" if settings.seed is None else str(settings.seed)
        if self.seed_input.text.strip() != seed:
            self._filling = True
            self.seed_input.text = seed
            self._filling = False
        self.random_button.text = i18n.tr("set_seed_random")
        self.back.text = i18n.tr("back")
        self.variants_label.text = i18n.tr("variants")
        for variant, toggle in self.toggles.items():
            toggle.text = f"{variant}\n{i18n.tr(f'var_{variant}')}"
            toggle.state = "down" if variant in settings.variants else "normal"
        problem = rules_problem(settings.variants)
        self.problem.text = problem or i18n.tr("set_ok")
        self.problem.color = ERROR_COLOUR if problem else TEXT_COLOUR
        lines = [self.notice.text] if self.notice is not None else []
        lines += self.errors[-1:]
        self.info.text = "\n".join(lines) or i18n.tr("set_tap_variant")
        self.info.color = ERROR_COLOUR if (self.errors or (
            self.notice is not None and self.notice.level == "error")) else TEXT_COLOUR
