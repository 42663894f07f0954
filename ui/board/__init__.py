"""The board on the screen: the widget (``widget.BoardWidget``), each game's style
(``styles``), the zoomed part (``zoom``), and the figures (``tokens``, ``silhouettes``)."""
