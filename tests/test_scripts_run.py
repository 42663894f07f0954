"""``scripts/run`` and the package metadata (issue 18, finding 11): no second install
after ``scripts/setup dev``, and no setuptools warnings about the license."""

from __future__ import annotations

import os
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _stub(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"#!/usr/bin/env bash\n{text}\n", "utf-8")
    path.chmod(0o755)


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """scripts/run in a copy of the tree whose setup and brettl only say they ran."""
    (tmp_path / "scripts").mkdir()
    shutil.copy2(ROOT / "scripts" / "run", tmp_path / "scripts" / "run")
    _stub(tmp_path / "scripts" / "setup", 'echo "setup $*" >> calls.txt')
    _stub(tmp_path / ".venv" / "bin" / "brettl", 'echo "brettl $*" >> calls.txt')
    (tmp_path / "pyproject.toml").write_text("[project]\n", "utf-8")
    return tmp_path


def _run(tree: Path, display: str | None) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    if display:
        env["DISPLAY"] = display
    subprocess.run([str(tree / "scripts" / "run"), "--seed", "7"], env=env, check=True,
                   timeout=60)
    return (tree / "calls.txt").read_text("utf-8").splitlines()


@pytest.mark.parametrize(("display", "command"), [(":9", "ui"), (None, "play")])
def test_run_after_setup_dev_installs_nothing_again(tree: Path, display: str | None,
                                                    command: str) -> None:
    (tree / ".venv" / ".installed-dev").touch()
    os.utime(tree / "pyproject.toml", (1, 1))  # older than the stamp
    assert _run(tree, display) == [f"brettl {command} --seed 7"]


@pytest.mark.parametrize(("display", "setup"), [(":9", "setup ui"), (None, "setup ")])
def test_run_sets_up_when_dev_is_not_installed_or_stale(tree: Path, display: str | None,
                                                         setup: str) -> None:
    assert _run(tree, display)[0] == setup
    (tree / ".venv" / ".installed-dev").touch()
    os.utime(tree / ".venv" / ".installed-dev", (1, 1))  # pyproject.toml changed since
    (tree / "calls.txt").unlink()
    assert _run(tree, display)[0] == setup


def test_the_license_is_an_spdx_string_for_a_setuptools_that_reads_it() -> None:
    """A license table made setuptools print 75 lines of warnings at the first start."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    assert project["project"]["license"] == "MIT"
    assert "setuptools>=77" in project["build-system"]["requires"]  # SPDX since 77


@pytest.mark.parametrize("name", ["brettl", "giganten"])
def test_the_command_and_its_older_name_both_play(name: str, tmp_path: Path) -> None:
    """``brettl`` is the command; ``giganten``, its older name, still works for existing
    scripts: both are installed and both play a game (a short demo)."""
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["scripts"]
    assert scripts[name] == "commands.main:main"
    done = subprocess.run([str(ROOT / ".venv" / "bin" / name), "demo", "--game", "gimmel",
                           "--seed", "3", "--max-plies", "4", "--quiet"],
                          capture_output=True, text=True, timeout=120, check=False,
                          env={**os.environ, "GIGANTEN_HOME": str(tmp_path)})
    assert done.returncode == 0, done.stderr
    assert "Gimmel demo: seed 3" in done.stdout and "Seed 3." in done.stdout
    usage = subprocess.run([str(ROOT / ".venv" / "bin" / name), "--help"],
                           capture_output=True, text=True, timeout=60, check=True).stdout
    assert usage.startswith(f"usage: {name} ")
