"""Moons' screen, the pygame-free half: the animated picture of the table (`presenter`), what
the seat at the screen may play and why not (`hints`), the final standings (`standings`), the
rules in our own words (`rules_text`) and the words they share (`words`). The painter and the
scene draw these; tests check them headless."""
