"""The scenes around the games. `catalog` registers them all (and with them every game's
screens); the title imports only what it draws, so the window opens before the games load."""
