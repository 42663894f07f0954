"""The line protocol between a section controller and the Pi (``docs/serial-protocol.md``).

Every line, in both directions, is printable ASCII::

    GZ1 <seq> <TYPE> [<field> ...] *<CRC>\\n

``GZ1`` names the protocol's major version, ``seq`` counts the sender's lines (decimal,
0 to 65535, then 0 again; 0 after a reboot), and ``CRC`` is the CRC-16/CCITT-FALSE of
every byte before `` *``, as four upper-case hex digits. A line that is garbled, too long
or fails its checksum is dropped and counted; the reader starts again after the next
newline, and a frame that follows garbage on the same line is still found.

This module must stay MicroPython-compatible: no dataclasses, no typing imports at run
time, no f-strings with format specs; annotations are never evaluated by MicroPython.
"""

MAJOR = 1
"""The protocol's major version: a peer speaking another major version is refused."""

MINOR = 0
"""The minor version: additions a peer of the same major version may ignore."""

PREFIX = "GZ"
MAX_LINE = 240
"""Longest line accepted (bytes, without the newline); longer ones are dropped as garbage."""

SEQ_MOD = 65536


class ProtocolError(ValueError):
    """A line that is not a valid frame (garbage, bad checksum, bad fields)."""


class VersionError(ProtocolError):
    """A valid frame of another major version of the protocol."""

    def __init__(self, major: int) -> None:
        # super(), not ProtocolError.__init__(self, ...): MicroPython's exception classes
        # have no __init__ attribute to call (AttributeError: the controller reset).
        super().__init__("protocol version %d (this side speaks %d)" % (major, MAJOR))
        self.major = major


def _make_table() -> list[int]:
    table = []
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
        table.append(crc & 0xFFFF)
    return table


_TABLE = _make_table()


def crc16(data: bytes) -> int:
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF): ``crc16(b"123456789") == 0x29B1``."""
    crc = 0xFFFF
    table = _TABLE
    for byte in data:
        crc = ((crc << 8) & 0xFFFF) ^ table[((crc >> 8) ^ byte) & 0xFF]
    return crc


def clean(text: str) -> str:
    """``text`` made safe as the last field of a line: printable ASCII, no ``*``."""
    out = []
    for ch in text:
        code = ord(ch)
        out.append(ch if 32 <= code < 127 and ch != "*" else "?")
    return "".join(out)[:120]


def frame(seq: int, kind: str, fields: list[str] | tuple[str, ...] = ()) -> bytes:
    """One line, newline included: ``frame(7, "READ", ["3", "-"])``."""
    body = "%s%d %d %s" % (PREFIX, MAJOR, seq % SEQ_MOD, kind)
    if fields:
        body = body + " " + " ".join(fields)
    data = body.encode()
    return data + (" *%04X\n" % crc16(data)).encode()


def parse(line: bytes) -> tuple[int, str, list[str]]:
    """``(seq, TYPE, fields)`` of one line (without its newline).

    A frame preceded by garbage on the same line is still found. Raise ``VersionError``
    for a valid frame of another major version, ``ProtocolError`` for anything else that
    is not a valid frame.
    """
    line = line.rstrip(b"\r\n")
    start = line.find(b"GZ")
    error: ProtocolError | None = None
    while start >= 0:
        try:
            return _parse_at(line[start:])
        except VersionError:
            raise
        except ProtocolError as err:
            error = err
        start = line.find(b"GZ", start + 1)
    raise error or ProtocolError("no frame")


def _parse_at(line: bytes) -> tuple[int, str, list[str]]:
    star = line.rfind(b" *")
    if star < 0 or len(line) != star + 6:
        raise ProtocolError("no checksum")
    body = line[:star]
    try:
        crc = int(line[star + 2:].decode(), 16)
    except ValueError:
        raise ProtocolError("bad checksum digits") from None
    if crc16(body) != crc:
        raise ProtocolError("checksum mismatch")
    for byte in body:
        if byte < 32 or byte > 126:
            raise ProtocolError("not printable")
    parts = body.decode().split(" ")
    head = parts[0]
    if len(parts) < 3 or len(head) < 3 or not head[2:].isdigit():
        raise ProtocolError("bad header")
    major = int(head[2:])
    if major != MAJOR:
        raise VersionError(major)
    if not parts[1].isdigit():
        raise ProtocolError("bad sequence number")
    return int(parts[1]), parts[2], parts[3:]


class LineReader:
    """Bytes in, frames out: keeps partial lines, drops and counts garbage.

    ``feed(data)`` returns the frames completed by ``data`` as ``(seq, TYPE, fields)``.
    ``dropped`` counts lines that were not valid frames (too long, garbled, bad checksum);
    frames of another major version are dropped too, and their version is kept in
    ``refused`` for the owner to report (a newer controller needs a newer companion).
    """

    def __init__(self) -> None:
        self._buffer = b""
        self._skipping = False
        self.dropped = 0
        self.last_error = ""
        self.refused: int | None = None
        """The major version of the last frame refused for its version, if any."""

    def feed(self, data: bytes) -> list[tuple[int, str, list[str]]]:
        """Take received bytes; return the complete, valid frames among them."""
        self._buffer = self._buffer + data
        frames: list[tuple[int, str, list[str]]] = []
        while True:
            end = self._buffer.find(b"\n")
            if end < 0:
                if len(self._buffer) > MAX_LINE:
                    self._buffer = b""
                    if not self._skipping:
                        self._skipping = True
                        self.dropped += 1
                        self.last_error = "line too long"
                return frames
            line = self._buffer[:end]
            self._buffer = self._buffer[end + 1:]
            if self._skipping:
                self._skipping = False
                continue
            if not line.strip():
                continue
            if len(line) > MAX_LINE + 1:
                self.dropped += 1
                self.last_error = "line too long"
                continue
            try:
                frames.append(parse(line))
            except VersionError as err:
                self.dropped += 1
                self.last_error = str(err)
                self.refused = err.major
            except ProtocolError as err:
                self.dropped += 1
                self.last_error = str(err)
