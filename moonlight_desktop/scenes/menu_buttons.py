"""The Settings and About buttons of the title, the gallery and the pause menu: scenes that
may lie under Settings while the language changes, so their labels are given at layout."""

from __future__ import annotations

from typing import TYPE_CHECKING

from moonlight_desktop.i18n import _
from moonlight_desktop.ui.widgets import Button

from .about import AboutScene
from .settings import SettingsScene

if TYPE_CHECKING:
    from moonlight_desktop.ui.app import App


def settings_and_about_buttons(app: App) -> tuple[Button, Button]:
    """Settings and About, each opening its screen over the scene they are on (labelled
    again by `label_settings_and_about` as that scene lays out)."""
    settings = Button(on_click=lambda: app.stack.push(SettingsScene(app)))
    about = Button(on_click=lambda: app.stack.push(AboutScene(app)))
    label_settings_and_about(settings, about)
    return settings, about


def label_settings_and_about(settings: Button, about: Button) -> None:
    """The two buttons' labels in the language in use (called as their scene lays out)."""
    settings.label, about.label = _("Settings"), _("About")
