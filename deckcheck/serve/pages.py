"""The site's pages as HTML: every page from its template with what every page shows, the
form, the error pages, and the answer to a request that failed."""

from __future__ import annotations

from datetime import date
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.datastructures import FormData
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse

from deckcheck import __version__
from deckcheck.games import all_games
from deckcheck.loading.files import MAX_BYTES
from deckcheck.registry import known_games
from deckcheck.report import html as html_report
from deckcheck.serve import guard, reading
from deckcheck.serve.site import Site

TEMPLATES = Environment(loader=PackageLoader("deckcheck.serve", "templates"), autoescape=select_autoescape(["html"]))


class Pages:
    """The pages of one site."""

    def __init__(self, site: Site):
        self.site = site

    def page(self, template: str, status: int = 200, **values: Any) -> HTMLResponse:
        values.setdefault("title", "deckcheck")
        body = TEMPLATES.get_template(template).render(
            version=__version__,
            sheet_style=html_report.STYLE,
            organiser_link="/organiser" if self.site.registrations is not None else "",
            **values,
        )
        return HTMLResponse(body, status_code=status)

    async def posted(self, request: Request) -> tuple[FormData | None, HTMLResponse | None]:
        """A form posted from this site's own page, or the page that says why it is not taken."""
        if not guard.same_site(request):
            return None, self.error(403, "Refused", "A form posted from another site's page is refused.")
        try:
            return await reading.read_form(request), None
        except reading.TooLarge:
            return None, self.too_large()
        except (reading.Unreadable, reading.Gone, TimeoutError):
            return None, self.error(400, "That did not arrive", "The form did not arrive whole: send it again.")

    def error(self, status: int, title: str, message: str) -> HTMLResponse:
        return self.page("error.html", status, title=title, message=message)

    def too_large(self) -> HTMLResponse:
        return self.error(413, "That deck is too large", f"A deck file may be at most {MAX_BYTES // (1024 * 1024)} MiB.")

    def form(self, status: int = 200, chosen: dict | None = None, problem: str = "", notice: str = "") -> HTMLResponse:
        site = self.site
        return self.page(
            "form.html",
            status,
            title="Check a deck",
            desk=site.desk.described(site.databases, date.today()),
            games=known_games(),
            formats=[(g.name, g.format_names(site.databases.for_game(g.name).formats)) for g in all_games()],
            registering=site.registrations is not None,
            chosen=chosen or {},
            problem=problem,
            notice=notice,
        )

    async def failed(self, request: Request, exc: Exception) -> HTMLResponse:
        status = exc.status_code if isinstance(exc, HTTPException) else 500
        if status == 500:
            self.site.log(f"internal error on {request.url.path}: {type(exc).__name__}: {exc}")
        words = {404: "There is no such page.", 405: "That page is not for this kind of request."}
        return self.error(status, "That did not work", words.get(status, "Something went wrong: try again."))
