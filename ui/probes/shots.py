"""``giganten ui`` and ``giganten shots``: start the touchscreen, or render its main screens
to PNG files.

Kivy cannot run two apps in one interpreter reliably, so ``shots`` renders each screen in
a fresh process (``python -m ui.probes.shots SCREEN DIR WxH``), a few at once; without a
display it runs them all on one virtual screen of ``xvfb-run``. Each screenshot is taken
after the app has drawn a few frames.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

LOOK_SHOTS = ("board-zoomed", "board-strategus", "board-gimmel", "reveal")
"""The looks of the boards and the reveal card, each alone on the screen: Yellow's view of
the ``combat`` game zoomed into Yellow's corner, and (from the hand-made views of
``ui.probes.look_samples``) Strategus and Gimmel, and a combat's reveal card."""

GAME_SHOTS = ("strategus-setup", "strategus-play", "strategus-over", "gimmel-play",
              "gimmel-legal", "gimmel-over", "giganten-setup", "giganten-choice",
              "giganten-combat", "giganten-over", "giganten-referee")
"""Strategus, Gimmel and Giganten against the computer (``ui.probes.moments``,
``ui.probes.giganten_shots``; ``gimmel-legal``: a stone lifted, its legal squares shown by the
setting; ``giganten-choice``: the challenge asked on the screen; ``giganten-combat``: its
reveal card; ``giganten-referee``: referee mode's clocks)."""

SHOTS = ("home", "landscape", "replay", "settings", "enrol", "hwcheck", *LOOK_SHOTS,
         *GAME_SHOTS)
"""The screens ``giganten shots`` renders, one PNG each (``settings``, ``enrol`` and
``hwcheck`` are the tool screens, shown in the middle of their work; then ``LOOK_SHOTS``
and ``GAME_SHOTS``)."""

SHOT_SEED = 3
"""The seed of the game in the screenshots."""


def parse_size(text: str) -> tuple[int, int]:
    """``800x480`` -> (800, 480)."""
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 800x480") from None
    if width < 320 or height < 240:
        raise argparse.ArgumentTypeError(f"{text} is too small: at least 320x240")
    return width, height


def configure_kivy(size: tuple[int, int]) -> None:
    """Settings Kivy reads at import: no argument parsing, a window of ``size``."""
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
    os.environ.setdefault("KIVY_NO_FILELOG", "1")
    os.environ.setdefault("KIVY_HOME", str(Path(tempfile.gettempdir()) / "giganten-kivy"))
    from kivy.config import Config

    Config.set("graphics", "width", str(size[0]))
    Config.set("graphics", "height", str(size[1]))
    Config.set("graphics", "resizable", "0")
    Config.set("input", "mouse", "mouse,disable_multitouch")


def scenario(name: str, log_dir: Path) -> Any:
    """The shell's controller showing screen ``name`` (home, the landscape of a game of
    ``SHOT_SEED``, the replay, a tool screen)."""
    from ui.control.shell import Controller, GameOptions

    controller = Controller(log_dir=log_dir)
    if name == "replay":
        from ui.probes.giganten_shots import replayed

        controller.open_replay(replayed(log_dir, SHOT_SEED))
        controller.step_replay(to=5)
    elif name in TOOL_SHOTS:
        tool_scenario(name, controller, log_dir)
    elif name == "landscape":
        controller.new_game(GameOptions(seed=SHOT_SEED))
    return controller


TOOL_SHOTS = ("settings", "enrol", "hwcheck")


def tool_scenario(name: str, controller: Any, log_dir: Path) -> Any:
    """``controller`` showing tool screen ``name`` in the middle of its work: impossible
    variants chosen; a set half enrolled with a duplicate tag; a check with a dead and a
    faulty reader. The models are made here and handed to the screens (``tools.PREPARED``)."""
    from companion.registry import Registry
    from ui.control.shell import GameOptions
    from ui.tools.models import PREPARED, Enrolment, HardwareCheck

    if name == "settings":
        controller.defaults = GameOptions(variants=("V3", "V4", "V8"), first="orange", seed=7)
    elif name == "enrol":
        enrolment = Enrolment.simulated(Registry(), log_dir / "registry.json", seed=SHOT_SEED)
        for square in (0, 1, 2):
            enrolment.tap(square)
            enrolment.settle()
        enrolment.put(20, enrolment.tags()[1])  # the same tag again: a duplicate
        enrolment.settle()
        PREPARED["enrol"] = enrolment
    else:
        check = HardwareCheck.simulated(dead=[3, 47], faulty={100: 0.3}, seed=SHOT_SEED)
        check.run_scan()
        for square in range(0, 196, 5):
            check.tap(square)
            check.poll(0.2)
        PREPARED["hwcheck"] = check
    controller.open_tool(name)
    return controller


def look_root(name: str, log_dir: Path) -> Any:
    """The widget of look shot ``name`` (of ``LOOK_SHOTS``), its view shown."""
    from ui.board.widget import BoardWidget
    from ui.control.shell import Controller
    from ui.probes import look_samples
    from ui.widgets.reveal_card import RevealCard

    if name == "reveal":
        card = RevealCard()
        card.show(look_samples.giganten_combat_view())
        return card
    if name == "board-zoomed":
        from ui.probes.giganten_shots import giganten_scenario

        games = giganten_scenario("giganten-combat", log_dir, SHOT_SEED)
        board = BoardWidget(games.pieces)
        board.show(games.board_view(0), targets=["a9"])  # Yellow's view
        board.selected = "c3"
        board.bind(size=lambda *_: board.zoom_to("c4") if board.width > 100 else None)
    else:
        board = BoardWidget(Controller(log_dir=log_dir))
        board.show(look_samples.strategus_view() if name == "board-strategus"
                   else look_samples.gimmel_view())
    return board


def shot_app(name: str, log_dir: Path, language: str = "en") -> Any:
    """The app (not run yet) showing shot ``name`` of ``SHOTS`` (not a look shot), in
    ``language``."""
    from ui.app import build_app
    from ui.control.shell import Controller

    if name in GAME_SHOTS:
        from ui.probes.moments import game_scenario

        controller = Controller(log_dir=log_dir)
        games = game_scenario(name, log_dir)
        controller.set_language(language)
        return build_app(controller, games)
    controller = scenario(name, log_dir)
    controller.set_language(language)  # after the game: a new game takes its own language
    return build_app(controller)


def render_one(name: str, directory: Path, size: tuple[int, int],
               language: str = "en") -> Path:
    """Render screen ``name`` to ``directory/name.png`` in ``language`` (in this process:
    once only)."""
    configure_kivy(size)
    from kivy.clock import Clock
    from kivy.core.window import Window

    from ui.words import i18n

    i18n.set_language(language)

    with tempfile.TemporaryDirectory() as logs:
        if name in LOOK_SHOTS:
            from kivy.app import App

            root = look_root(name, Path(logs))

            class Look(App):
                def build(self) -> Any:
                    return root

            app = Look()
        else:
            app = shot_app(name, Path(logs), language)
        target = directory / f"{name}.png"
        frames = [0]

        def capture(dt: float) -> None:
            frames[0] += 1
            if frames[0] < 5:
                return
            saved = Window.screenshot(name=str(directory / f"{name}-.png"))
            if saved:
                Path(saved).replace(target)
            app.stop()

        Clock.schedule_interval(capture, 0.2)
        app.run()
    return target


SHOT_JOBS = 3
"""Screens rendered at once by default: each process waits a second for its frames, so a
few side by side keep two cores busy."""


def shots_command(args: argparse.Namespace) -> int:
    """``giganten shots DIR``: one PNG per main screen, each in a fresh process, ``--jobs`` of
    them at once on one display (without a display, on one virtual screen of ``xvfb-run``
    for them all)."""
    directory: Path = args.directory
    directory.mkdir(parents=True, exist_ok=True)
    size = f"{args.size[0]}x{args.size[1]}"
    names = list(args.screens or SHOTS)
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        xvfb = shutil.which("xvfb-run")
        if xvfb is None:
            print("brettl shots: there is no display and no xvfb-run to make one (install"
                  " the xvfb package)", file=sys.stderr)
            return 2
        # This command again, on a virtual screen of the shots' size.
        return subprocess.run([xvfb, "-a", "-s", f"-screen 0 {size}x24", sys.executable, "-m",
                               "commands.main", "shots", str(directory), "--size", size,
                               "--lang", args.lang, "--jobs", str(args.jobs),
                               "--screens", *names], check=False).returncode

    def render(name: str) -> tuple[str, subprocess.CompletedProcess[str]]:
        return name, subprocess.run([sys.executable, "-m", "ui.probes.shots", name,
                                     str(directory), size, args.lang], check=False,
                                    capture_output=True, text=True)

    failed = []
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for name, done in pool.map(render, names):
            target = directory / f"{name}.png"
            if done.returncode != 0 or not target.exists():
                failed.append(name)
                print(f"brettl shots: {name} failed:\n{done.stderr[-2000:]}", file=sys.stderr)
            else:
                print(target)
    return 1 if failed else 0


def ui_command(args: argparse.Namespace) -> int:
    """``giganten ui``: the touchscreen app on the simulated board or a real one."""
    from club.event_link import EventLinkError, event_target
    from companion.config import ConfigError, load_config
    from hardware.assemble import UsageError, load_registry, open_backend

    try:
        config = load_config(getattr(args, "config", None))
        event = event_target(args.event, config)
        reader = open_backend(args)
        registry = None if reader is None and args.registry is None else \
            load_registry(args.registry, ("yellow", "orange"))[0]
    except (UsageError, ConfigError, EventLinkError) as err:
        print(f"brettl ui: {err}", file=sys.stderr)
        return 2
    configure_kivy(args.size)
    if args.fullscreen:
        from kivy.config import Config

        Config.set("graphics", "fullscreen", "auto")
        Config.set("graphics", "borderless", "1")
    from ui.app import build_app
    from ui.control.shell import Controller
    from ui.screens.tools import ToolPaths
    from ui.tools.models import settings_path, startup_settings
    from ui.words import i18n

    settings, notice = startup_settings(settings_path(), args.lang, args.variants,
                                        seed=args.seed, policy=args.policy)
    i18n.set_language(settings.language)
    if notice is not None:
        print(f"brettl ui: {notice.text}", file=sys.stderr)
    controller = Controller(registry=registry, reader=reader, log_dir=args.log_dir)
    controller.referee_defaults = config.referee
    controller.event = event
    controller.defaults, controller.sound = settings.options(), settings.sound
    if args.referee or args.time:
        controller.defaults = replace(controller.defaults, referee=True, time_control=args.time)
    from ui.control.referee import RefereeGameController

    # Strategus and Gimmel on the same readers, through their layouts in the config (in
    # referee mode when the settings choose it: the app wires it).
    games = RefereeGameController(log_dir=args.log_dir, reader=reader, config=config,
                                  background=True)
    app = build_app(controller, games)
    app.tool_paths = ToolPaths(settings_path(), args.registry)
    if notice is not None:
        app.bind(on_start=lambda *_: app.show_error(notice.text))
    app.run()
    return 0


def add_commands(commands: Any, add_backend: Callable[[argparse.ArgumentParser], None],
                 ) -> None:
    """Add ``ui`` and ``shots`` to the subcommands."""
    ui = commands.add_parser(
        "ui", help="the touchscreen app (simulated board unless hardware is configured)",
        description="The Kivy touchscreen: home, landscape, setup, play, game over, and the"
                    " settings (saved in $GIGANTEN_HOME/settings.json), enrolment and"
                    " hardware check. On the simulated board, drag the figures on the"
                    " screen.")
    add_backend(ui)
    ui.add_argument("--lang", choices=("en", "de"), default=None,
                    help="the language (default: the one saved in the settings, else en)")
    ui.add_argument("--variants", default=None, metavar="V3,V8,…",
                    help="variants to preselect for a new game (default: the saved"
                         " settings)")
    ui.add_argument("--seed", type=int, default=None,
                    help="deal and play new games from this seed (default: the saved"
                         " settings, else a new one each)")
    ui.add_argument("--policy", choices=("rulebook", "outcome-only"), default=None,
                    help="the reveal policy preselected for a new game [I2] (default: the"
                         " saved settings, else rulebook)")
    ui.add_argument("--referee", action="store_true",
                    help="referee mode: clocks, dispute button, arbiter's PIN (docs/referee.md)")
    ui.add_argument("--time", default=None, metavar="MIN+SEC",
                    help="referee mode's time control, e.g. 30+10 (default: [referee] of the"
                         " config)")
    ui.add_argument("--event", default=None, metavar="HOST:PORT/EVENT/TABLE",
                    help="publish every game's public feed to a club event's broker"
                         " (default: the config's [event]); see docs/club.md")
    ui.add_argument("--registry", type=Path, default=None, metavar="PATH",
                    help="the tag registry (default: the simulated sets)")
    ui.add_argument("--log-dir", type=Path, default=None, metavar="DIR",
                    help="where game logs and records go")
    ui.add_argument("--size", type=parse_size, default=(800, 480), metavar="WxH",
                    help="window size (default 800x480, the 7\" display)")
    ui.add_argument("--fullscreen", action="store_true", help="fill the screen (kiosk)")
    ui.set_defaults(run=ui_command)

    shots = commands.add_parser(
        "shots", help="render each main screen of the touchscreen to PNG files",
        description="Render the main screens (home, landscape, setup, play with a challenge"
                    " prompt, combat with an outcome, over, referee mode, replay, settings,"
                    " enrol, hwcheck) and the looks (board-zoomed, board-strategus,"
                    " board-gimmel, reveal) to DIR/NAME.png, offscreen (under xvfb-run when"
                    " there is no display).")
    shots.add_argument("directory", type=Path, metavar="DIR")
    shots.add_argument("--size", type=parse_size, default=(800, 480), metavar="WxH")
    shots.add_argument("--screens", nargs="*", choices=SHOTS, default=None,
                       help="only these screens")
    shots.add_argument("--lang", choices=("en", "de"), default="en",
                       help="the language of the screens (default en)")
    shots.add_argument("--jobs", type=int, default=SHOT_JOBS, metavar="N",
                       help=f"screens rendered at once, each in its own process (default"
                            f" {SHOT_JOBS})")
    shots.set_defaults(run=shots_command)


if __name__ == "__main__":
    render_one(sys.argv[1], Path(sys.argv[2]), parse_size(sys.argv[3]),
               sys.argv[4] if len(sys.argv) > 4 else "en")
