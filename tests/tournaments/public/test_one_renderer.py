"""Issue 27, item 3: one way to render a public page. The views, the refresh batch and the
prerender all call ``renderer.render_page``; nothing below the views imports a view
(imports inside functions count too), and no batch state reaches a render through a
thread-local."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

ROOT = Path(__file__).resolve().parents[3]
PUBLIC = ROOT / "tournaments" / "public"


def _imported_modules(path: Path) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.append((node.lineno, node.module))
            found.extend((node.lineno, f"{node.module}.{a.name}") for a in node.names)
        elif isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
    return found


def test_no_service_task_or_renderer_imports_a_view():
    below_views = [
        p
        for p in sorted(PUBLIC.rglob("*.py"))
        if "views" not in p.relative_to(PUBLIC).parts
        and p.name != "urls.py"
        and "migrations" not in p.parts
    ]
    assert {p.name for p in below_views} >= {"services.py", "tasks.py", "refresh.py", "renderer.py"}
    upward = [
        f"{path.relative_to(ROOT)}:{line} imports {module}"
        for path in below_views
        for line, module in _imported_modules(path)
        if module.startswith("tournaments.public.views")
    ]
    assert not upward, "\n".join(upward)


def test_no_render_reads_batch_state_from_a_thread_local():
    for name in ("refresh.py", "renderer.py", "render.py", "render_private.py", "services.py"):
        source = (PUBLIC / name).read_text(encoding="utf-8")
        assert "threading.local" not in source, name
    views = (PUBLIC / "views" / "pages.py").read_text(encoding="utf-8")
    assert "refresh.pinned_version" not in views and "refresh.in_refresh" not in views


@pytest.mark.django_db
def test_the_prerender_the_batch_and_a_request_give_the_same_bytes(client, world):
    """One renderer: the page a prerender stores is byte-for-byte what a request renders
    at the same version (and the batch's equality is in test_stale_while_revalidate)."""
    from tournaments.public import cache as public_cache
    from tournaments.public.services import public_pages_prerender

    assert public_pages_prerender(event_id=world.event.pk, players=True) > 0
    with translation.override("ja"):
        paths = [
            reverse("tournaments:standings", kwargs={"slug": world.event.slug}),
            reverse("tournaments:event-detail", kwargs={"slug": world.event.slug}),
            reverse(
                "tournaments:player",
                kwargs={"slug": world.event.slug, "registration_id": world.registrations[0].pk},
            ),
        ]
    for path in [*paths, *(p + "?partial=1" for p in paths)]:
        stored = public_cache.lookup(world.event.slug, path, "ja").html
        assert stored is not None, path
        public_cache.forget(path, "ja")
        assert client.get(path).content.decode() == stored, path
