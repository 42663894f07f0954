"""A new game opens with its controls even when the last one ended with the simulation
drawer open (a turn carried out in the drawer that ended the game): before, the drawer
stayed over the next game's controls and "Simulation" was nowhere to be pressed."""

from __future__ import annotations

from pathlib import Path

from tests.ui.conftest import RunKivy

PROGRAM = Path(__file__).with_name("drawer_program.py")


def test_a_new_game_opens_with_its_controls_not_the_last_drawer(run_kivy: RunKivy) -> None:
    shown = run_kivy(PROGRAM, timeout=300).result()
    assert "error" not in shown, f"{shown['error']}\n{shown.get('traceback', '')}"
    assert shown["drawer_open_in_first_game"] and shown["over"]
    assert not shown["drawer_open_in_next_game"]
    assert shown["simulation_button_shown"]
