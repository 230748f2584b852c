"""Layout checks shared by the browser tests."""

from __future__ import annotations


def scrolls_sideways(page) -> bool:
    """True when the page is wider than the viewport the test set.

    Compared with the context's viewport width, never ``window.innerWidth``: a mobile
    browser (``is_mobile=True``) widens its layout viewport to fit content that overflows,
    and ``innerWidth`` grows with it, so that comparison can never fail.
    """
    return page.evaluate("document.documentElement.scrollWidth") > page.viewport_size["width"]
