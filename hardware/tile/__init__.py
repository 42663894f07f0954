"""One 7 × 7 reader tile: its schematic as code, the antenna calculation, the bill of materials."""
