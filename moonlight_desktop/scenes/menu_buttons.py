"""The Settings and About buttons of the title, the gallery and the pause menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

from moonlight_desktop.i18n import _
from moonlight_desktop.ui.widgets import Button

from .about import AboutScene
from .settings import SettingsScene

if TYPE_CHECKING:
    from moonlight_desktop.ui.app import App


def settings_and_about_buttons(app: App) -> tuple[Button, Button]:
    """Settings and About, each opening its screen over the scene they are on."""
    return (
        Button(label=_("Settings"), on_click=lambda: app.stack.push(SettingsScene(app))),
        Button(label=_("About"), on_click=lambda: app.stack.push(AboutScene(app))),
    )
