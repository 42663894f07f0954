"""The ledger: the hash-chained game log (``record``), what can be replayed from it
(``course``, ``replay``), the records made of it (``records``, ``export``), the setup
commitments (``fairplay``) and the verifier that checks any of them (``verifier``)."""
