"""Issue 17: the hardware check and the tool screens say the errors of the drivers, the
configuration and the registry in German on a German screen: what happened and what to
do, by the error's known cause (``ui.tools.problems``); the English detail goes to the log only.
The errors come from the real code paths: the ``spi`` backend (``MatrixReader``) with a
fake ``spidev`` module or its emulated bus failing, a configuration file with a mistake,
registry and settings files that cannot be read or written. Kivy-free."""

from __future__ import annotations

import errno
import sys
import time
import types
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from companion.config import ConfigError, load_config
from companion.registry import Registry, RegistryError
from hardware.emulation.decoded_bus import EmulatedBoard
from hardware.mfrc522_matrix import MatrixReader, MatrixSettings
from hardware.protocol import ReaderError
from hardware.sim import SimBoard
from tests.ui.english_words import english_in
from ui.tools.models import Enrolment, HardwareCheck, LiveSource, Settings
from ui.tools.notes import Note
from ui.tools.problems import problem_note
from ui.words import i18n


@pytest.fixture(autouse=True)
def german() -> Iterator[None]:
    """Each test looks at German screens (the language is process-wide)."""
    i18n.set_language("de")
    yield
    i18n.set_language("en")


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    made = MockFactory()
    yield made
    made.reset()


def german_only(text: str, detail: str) -> None:
    """``text`` is German, and the English ``detail`` is not on the screen."""
    assert english_in(text) == [], text
    assert detail not in text, text


def logged(caplog: pytest.LogCaptureFixture, detail: str) -> bool:
    return any(detail in record.getMessage() for record in caplog.records)


def spidev_failing(monkeypatch: pytest.MonkeyPatch, error: OSError) -> None:
    """A ``spidev`` module whose device cannot be opened with ``error`` (as the kernel's)."""
    class SpiDev:
        def open(self, bus: int, device: int) -> None:
            raise error

    module = types.ModuleType("spidev")
    module.SpiDev = SpiDev  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "spidev", module)


def start_error(reader: MatrixReader) -> ReaderError:
    """What opening the readers for a tool raises (``ui.screens.readers``' ``LiveSource``)."""
    with pytest.raises(ReaderError) as caught:
        LiveSource(reader)
    return caught.value


@pytest.mark.parametrize(("error", "words"), [
    (FileNotFoundError(errno.ENOENT, "No such file or directory"), "SPI einschalten"),
    (PermissionError(errno.EACCES, "Permission denied"), "keine Berechtigung"),
    (OSError(errno.EBUSY, "Device or resource busy"), "anderes Programm"),
    (OSError(errno.EIO, "Input/output error"), "Kabel und Stromversorgung"),
])
def test_readers_that_cannot_start_say_why_in_german(
        factory: MockFactory, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture, error: OSError, words: str) -> None:
    spidev_failing(monkeypatch, error)
    err = start_error(MatrixReader(MatrixSettings(), pin_factory=factory))
    assert error.strerror is not None and error.strerror in str(err)  # the driver's English
    text = problem_note("tool_reader_failed", err).text
    german_only(text, error.strerror)
    assert text.startswith("Die Leser ließen sich nicht starten: ") and words in text
    assert logged(caplog, error.strerror)
    i18n.set_language("en")  # in English, the driver's own words stay
    assert error.strerror in problem_note("tool_reader_failed", err).text


def test_a_missing_spidev_module_says_to_run_the_setup(
        factory: MockFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "spidev", None)  # import spidev -> ImportError
    err = start_error(MatrixReader(MatrixSettings(), pin_factory=factory))
    text = problem_note("tool_reader_failed", err).text
    german_only(text, "pip install")
    assert "scripts/setup erneut ausführen" in text


def until(done: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + 30
    while not done():
        assert time.monotonic() < deadline, what
        time.sleep(0.01)


def test_the_hardware_check_says_a_failing_bus_in_german(
        caplog: pytest.LogCaptureFixture) -> None:
    """The SPI bus fails while the check reads (the emulated bus is closed, so every
    transfer raises spidev's ``OSError``): the readers' thread stops, the check says so."""
    board = EmulatedBoard(SimBoard(14, 14))
    reader = board.reader()
    check = HardwareCheck(LiveSource(reader), 14, 14)
    try:
        board.bus.close()
        until(lambda: check.poll(0.0) and check.stopped is not None, "the reader stopping")
        text = check.status().text
        german_only(text, "Bad file descriptor")
        assert text.startswith("Die Leser haben aufgehört: die Verbindung ist gestört")
        assert logged(caplog, "Bad file descriptor")
    finally:
        check.close()


def test_enrolment_says_a_stopped_reader_and_an_unsaved_registry_in_german(
        tmp_path: Path, factory: MockFactory, caplog: pytest.LogCaptureFixture) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    enrolment = Enrolment.simulated(Registry(), blocker / "r.json")
    enrolment.tap(0)
    enrolment.settle()
    [saved] = [note for note in enrolment.notes if note.key == "enr_not_saved"]
    german_only(saved.text, "Not a directory")
    assert "wo ein Ordner hingehört, steht eine Datei" in saved.text
    assert logged(caplog, "cannot save the registry")
    board = EmulatedBoard(SimBoard(14, 14))
    live = Enrolment(Registry(), tmp_path / "r.json", LiveSource(board.reader()))
    try:
        board.bus.close()
        until(lambda: live.poll(0.0) and live.stopped is not None, "the reader stopping")
        german_only(live.notes[-1].text, "Bad file descriptor")
    finally:
        live.close()


def test_a_registry_or_configuration_with_a_mistake_is_said_in_german(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    registry = tmp_path / "registry.json"
    registry.write_text("{not json", "utf-8")
    with pytest.raises(RegistryError) as unreadable:
        Registry.load(registry, missing_ok=True)
    text = problem_note("enr_registry_unreadable", unreadable.value).text
    german_only(text, "not valid JSON")
    assert "Registerdatei ist beschädigt" in text
    config = tmp_path / "giganten.toml"
    config.write_text("[reader]\nbackend = 7\n", "utf-8")
    with pytest.raises(ConfigError) as wrong:
        load_config(config)
    text = problem_note("tool_config_bad", wrong.value).text
    german_only(text, "backend")
    assert "Konfigurationsdatei enthält einen Fehler" in text
    assert logged(caplog, str(wrong.value))


@pytest.mark.parametrize(("content", "detail"), [
    (b"\xff\xfe", "not UTF-8 text"),
    (b"{", "not JSON"),
    (b'{"format": "giganten-settings/1", "colour": "red"}', "unknown field"),
])
def test_a_corrupt_settings_file_is_said_in_german(tmp_path: Path, content: bytes,
                                                   detail: str,
                                                   caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    _, note = Settings.load(path)
    assert note is not None
    german_only(note.text, detail)
    assert "keine Einstellungsdatei dieser App" in note.text
    assert logged(caplog, detail)


def test_settings_that_cannot_be_read_or_saved_are_said_in_german(tmp_path: Path) -> None:
    (tmp_path / "settings.json").mkdir()
    _, note = Settings.load(tmp_path / "settings.json")
    assert note is not None
    german_only(note.text, "Is a directory")
    unsaved = PermissionError(errno.EACCES, "Permission denied")
    saved: Note = problem_note("set_not_saved", unsaved, problem="Permission denied")
    german_only(saved.text, "Permission denied")
    assert "keine Berechtigung" in saved.text
