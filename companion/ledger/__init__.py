"""The ledger: the hash-chained game log (``record``), a game's course replayed from its
entries (``course``) and the setup commitments (``fairplay``). The session writes it;
the archive (``companion.archive``) reads it back."""
