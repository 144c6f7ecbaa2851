"""Moons: a trick-taking game of planet tokens, tableaux and asteroids."""
