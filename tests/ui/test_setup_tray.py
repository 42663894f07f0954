"""The setup editor (issue 27): a whole Strategus side from the tray in at most 60
touches (``setup_tray_tour.py``), "Shuffle my side" in one, a saved setup (the owner's
file only) loaded back, the computer's side set up by itself."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.conftest import RunKivy

TOUR = Path(__file__).with_name("setup_tray_tour.py")


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_strategus_side_from_the_tray(run_kivy: RunKivy, language: str) -> None:
    shown = run_kivy(TOUR, language, timeout=300).result()
    assert "error" not in shown, f"{shown['error']}\n{shown.get('traceback', '')}"
    assert shown["placed"] == 40 and shown["tray_left"] == []
    assert shown["touches"] <= 60, shown["touches"]
    assert shown["after_shuffle"] == 40
    assert shown["mode"] == "0o600" and len(shown["saved"]) == 1
    assert shown["loaded_back"]
    assert [side["ready"] for side in shown["progress"]] == [True, True], shown["progress"]
