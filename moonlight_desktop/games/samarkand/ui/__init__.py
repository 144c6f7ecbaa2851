"""Le Marché de Samarkand in the window: its words, setup, standings and rules text (its
screen on the table kit follows)."""
