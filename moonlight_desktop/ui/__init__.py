"""The window, the main loop, the scene stack, widgets, tweening, theme and asset loading."""
