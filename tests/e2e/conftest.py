"""Fixtures shared by the Chromium end-to-end tests (Playwright); the site server and browser come from tests/conftest.py.

The page objects these tests drive are in tests/e2e/playpage.py (Playwright, Chromium only). The three-engine table
has its own, tests/engines/play.py (Chromium, Firefox, WebKit through their drivers): see docs/tests.md for which to
extend.
"""

from __future__ import annotations

import pytest

from tests.e2e.playpage import VIEWPORTS


@pytest.fixture(params=list(VIEWPORTS), ids=list(VIEWPORTS))
def viewport(request: pytest.FixtureRequest) -> dict:
    """Each test that asks for it runs on a phone and on a desktop."""
    return VIEWPORTS[request.param]
