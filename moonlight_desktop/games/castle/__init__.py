"""Moonlight Castle: hide in the moonlit garden and recover the jewels Zirroz pushes out."""
