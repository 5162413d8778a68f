"""The application factory."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask_babel import Babel

from scorekeeper import resource_dir
from scorekeeper.i18n import DEFAULT_LOCALE, select_locale

babel = Babel()


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    app = Flask(
        __name__,
        instance_relative_config=True,
        template_folder=str(resource_dir("templates")),
    )
    app.config.from_mapping(
        SECRET_KEY="dev",
        BABEL_DEFAULT_LOCALE=DEFAULT_LOCALE,
        BABEL_TRANSLATION_DIRECTORIES=str(resource_dir("translations")),
        WTF_CSRF_TIME_LIMIT=None,
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)
    babel.init_app(app, locale_selector=select_locale)
    return app
