"""Reader backends behind one small protocol (simulation, MFRC522 over SPI, serial section
controllers). Nothing is implemented yet: the rules engine comes first (see README)."""
