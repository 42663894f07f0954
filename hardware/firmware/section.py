"""The logic of one section controller: scan its readers, report over the serial line.

``Section`` owns no hardware. It is given ``read_square(index)`` (returns the UID bytes of
the tag on reader ``index``, ``None`` for no tag, and raises for a reader that does not
answer) and ``write(data)`` (sends bytes to the Pi), and is driven by two calls:
``step()`` makes one read, ``receive(data)`` takes bytes from the Pi. ``main.py`` wires it
to the RP2040; the tests wire it to fake readers and a pty. Each call does a bounded amount
of work, so the main loop can feed a watchdog between them.

What it sends (``docs/serial-protocol.md``): ``HELLO`` and a full report after a (re)boot,
``READ``/``FAULT`` when a reader's state changes and on every read of a focus square,
``SWEEP`` after every background sweep (a heartbeat: squares not reported since the last
sweep still read as last reported), ``PONG`` to ``PING``, a full report on ``DUMP``.

MicroPython-compatible: no dataclasses, no typing imports at run time.
"""

from .protocol import MAJOR, MINOR, LineReader, clean, frame

FIRMWARE_VERSION = "1.0.0"

EMPTY = "-"
"""The state of a reader that answered and saw no tag."""


class Section:
    """One section controller's scan loop and command handling.

    ``count`` readers, indexed 0 to ``count - 1`` row by row from the tile's own corner.
    ``focus_share`` is the share of reads given to the focus squares while there are any
    (the rest keep the background sweep going), as in the simulated scanner.
    """

    def __init__(self, count: int, read_square: "Callable[[int], bytes | None]",
                 write: "Callable[[bytes], object]", tile: str = "a",
                 focus_share: float = 0.75, firmware: str = FIRMWARE_VERSION) -> None:
        self.count = count
        self._read = read_square
        self._write = write
        self.tile = clean(tile).replace(" ", "_") or "a"
        self.focus_share = focus_share
        self.firmware = firmware
        self.seq = 0
        self.states: list[str | None] = [None] * count
        """Per reader: None (not read yet), ``-``, the UID in hex, or ``!`` + fault text."""
        self.focus: list[int] = []
        self._focus_next = 0
        self._credit = 0.0
        self._next = 0
        self.sweeps = 0
        self.reads = 0
        self.lines = LineReader()
        self.errors = 0
        """Commands from the Pi that could not be carried out."""

    # --- Sending ----------------------------------------------------------------------------

    def send(self, kind: str, fields: "list[str] | tuple[str, ...]" = ()) -> None:
        """Send one line and count it."""
        self._write(frame(self.seq, kind, fields))
        self.seq = (self.seq + 1) % 65536

    def hello(self) -> None:
        """Say who this controller is."""
        self.send("HELLO", ["fw=" + self.firmware, "proto=%d.%d" % (MAJOR, MINOR),
                            "tile=" + self.tile, "readers=%d" % self.count])

    def start(self, feed: "Callable[[], object] | None" = None) -> None:
        """After a (re)boot: sequence numbers from 0, ``HELLO``, then every reader's state
        (each reader is read once first, so the Pi never gets an unknown state).

        ``feed`` is called after every read: the first sweep reads all readers before the
        main loop runs, and with jammed readers it takes longer than the watchdog allows
        (``main.py`` passes the watchdog's ``feed``; one read is bounded, a sweep is not)."""
        self.seq = 0
        self.hello()
        for index in range(self.count):
            self.states[index] = self._read_state(index)
            if feed is not None:
                feed()
        self.dump()

    def dump(self) -> None:
        """Report every reader's last state, then a ``SWEEP`` line."""
        for index in range(self.count):
            self._report(index, self.states[index])
        self.send("SWEEP", ["%d" % self.sweeps])

    def _report(self, index: int, state: "str | None") -> None:
        if state is None:
            return
        if state[0] == "!":
            self.send("FAULT", ["%d" % index, state[1:]])
        else:
            self.send("READ", ["%d" % index, state])

    # --- Scanning ---------------------------------------------------------------------------

    def _read_state(self, index: int) -> str:
        try:
            uid = self._read(index)
        except Exception as err:  # any failure of one reader is that reader's fault
            text = clean(str(err)) or type(err).__name__
            return "!" + text
        if not uid:
            return EMPTY
        return "".join("%02X" % byte for byte in uid)

    def step(self) -> int:
        """Make one read (a focus square's or the background sweep's next) and report it
        if needed; return the index read."""
        index = -1
        focus = self.focus
        if focus:
            self._credit += self.focus_share
            if self._credit > 0.0:
                self._credit -= 1.0
                index = focus[self._focus_next % len(focus)]
                self._focus_next += 1
        background = index < 0
        if background:
            index = self._next
            self._next += 1
        state = self._read_state(index)
        self.reads += 1
        if not background or state != self.states[index]:
            self._report(index, state)
        self.states[index] = state
        if background and self._next >= self.count:
            self._next = 0
            self.sweeps += 1
            self.send("SWEEP", ["%d" % self.sweeps])
        return index

    # --- Commands from the Pi ---------------------------------------------------------------

    def receive(self, data: bytes) -> None:
        """Take bytes from the Pi and carry out every complete command among them."""
        refused = self.lines.refused
        for _seq, kind, fields in self.lines.feed(data):
            self._command(kind, fields)
        if self.lines.refused is not None and self.lines.refused != refused:
            self.send("ERROR", ["protocol", "%d" % self.lines.refused, "not", "spoken"])
            self.lines.refused = None

    def _command(self, kind: str, fields: "list[str]") -> None:
        if kind == "HELLO":
            self.hello()
        elif kind == "DUMP":
            self.dump()
        elif kind == "PING":
            self.send("PONG", fields[:1])
        elif kind == "FOCUS":
            self._set_focus(fields)
        else:
            self.errors += 1
            self.send("ERROR", ["unknown", "command", clean(kind)])

    def _set_focus(self, fields: "list[str]") -> None:
        wanted: list[int] = []
        if fields and fields[0] != EMPTY:
            for text in fields[0].split(","):
                if not text.isdigit() or int(text) >= self.count:
                    self.errors += 1
                    self.send("ERROR", ["bad", "focus", clean(text)])
                    return
                if int(text) not in wanted:
                    wanted.append(int(text))
        if wanted != self.focus:
            self.focus = wanted
            self._focus_next = 0
            self._credit = 0.0


def driver_reader(drivers: "Sequence[Driver]") -> "Callable[[int], bytes | None]":
    """``read_square`` over one MFRC522 driver per reader (``gz.mfrc522.Mfrc522``).

    A reader is initialised on its first read and again on the read after any failure: a
    chip that was reset (brown-out, a loose supply) has lost its timer and antenna set-up
    and would stay faulted for good otherwise, and one that was dead at boot is taken up
    when it answers. The driver keeps the antenna on only while it reads (one field at a
    time: no crosstalk, and the current stays that of one reader). Its faults
    (``ReaderFault``) reach ``Section``, which reports them."""
    ready = [False] * len(drivers)

    def read_square(index: int) -> "bytes | None":
        driver = drivers[index]
        if not ready[index]:
            driver.init()
            ready[index] = True
        try:
            return driver.read_uid()
        except Exception:
            ready[index] = False  # set it up again on its next turn
            raise

    return read_square


try:  # only for type checkers; MicroPython has no typing module
    from typing import TYPE_CHECKING
except ImportError:  # pragma: no cover
    TYPE_CHECKING = False  # type: ignore[misc]
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Protocol

    class Driver(Protocol):
        """What ``driver_reader`` needs of a reader's driver."""

        def init(self) -> int: ...
        def read_uid(self) -> bytes | None: ...
