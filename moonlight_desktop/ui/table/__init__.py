"""The table kit: what every game's screen shares. The controller (no pygame) runs a game at
the table — seats, hand-offs, bots thinking in parallel, a clock for timed decisions, autosave —
and tells the scene what to show; the presenter and the table scene draw it."""
