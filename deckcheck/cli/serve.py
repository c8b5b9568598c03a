"""deckcheck serve: the local web page where players check and register decks."""

import gc
import os
from pathlib import Path

import typer

from deckcheck.cli.application import GAMES, app
from deckcheck.cli.options import CardDbOption
from deckcheck.cli.speak import fail, say, warn
from deckcheck.escaping import terminal_path


@app.command(
    epilog="Examples:\n\n"
    "  deckcheck serve   # an open checker: players pick game, format and date\n\n"
    "  deckcheck serve --registrations registrations/ --event events/regional.yaml   # an event's desk\n\n"
    "  deckcheck serve --registrations reg/ --game redemption --format type1 --as-of 2026-12-05 --host 0.0.0.0\n\n"
    'Needs the serve extra: pip install "deckcheck[serve]". The page works without JavaScript. With --event (or '
    "--game/--format/--as-of) every deck is checked and registered as the organiser says. With --registrations the "
    "organiser's pages (/organiser, its printable report, /organiser/registrations.csv and .json) need a token: "
    "--token, or one made and printed on start. POST /api/check answers the JSON report."
)
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (127.0.0.1: this computer only)."),
    port: int = typer.Option(8000, "--port", min=1, max=65535, help="Port to listen on."),
    registrations: Path | None = typer.Option(
        None, "--registrations", metavar="DIR", help="Folder where registered decks are saved (needs --event or --format)."
    ),
    token: str | None = typer.Option(
        None,
        "--token",
        metavar="TOKEN",
        envvar="DECKCHECK_TOKEN",
        show_envvar=True,
        help="The organiser's token, at least 16 characters (default: one is made and printed on start). On the command "
        "line every user of the computer can read it (ps): prefer the environment variable or --token-file.",
    ),
    token_file: Path | None = typer.Option(
        None, "--token-file", metavar="FILE", help="Read the organiser's token from this file (its first line)."
    ),
    allowed_host: list[str] = typer.Option(
        [],
        "--allowed-host",
        metavar="NAME",
        help="A name players reach this server by, besides localhost and its addresses (repeatable): any other Host "
        "is answered 421, so that no other site's page can reach it through a name that resolves to it.",
    ),
    workers: int = typer.Option(
        1, "--workers", min=1, max=64, metavar="N", help="Serve from N processes, each with its card databases loaded once."
    ),
    game: str | None = typer.Option(None, "--game", metavar="GAME", help=f"Every deck is checked as this game ({GAMES})."),
    format: str | None = typer.Option(None, "--format", metavar="FORMAT", help="Every deck is checked in this format."),
    as_of: str | None = typer.Option(None, "--as-of", metavar="YYYY-MM-DD", help="Every deck is checked by the rules of this date."),
    card_db: list[Path] = CardDbOption,
    event: list[Path] = typer.Option([], "--event", metavar="FILE", help="The event every deck is checked and registered for."),
    close_at: str | None = typer.Option(
        None,
        "--close-at",
        metavar="TIME",
        help="Registration closes at this time (2026-11-28T10:00, this computer's zone, or with an offset); "
        "the organiser's page can close it sooner. Then lists are locked: no registering, no withdrawing.",
    ),
    legal_only: bool = typer.Option(False, "--legal-only", help="Register legal lists only (the player sees why a list is not)."),
) -> None:
    """A local web page where players check and register decks."""
    gc.enable()  # a server runs for hours: the cycle collector the command line pauses runs again (deckcheck/command.py)
    try:
        import uvicorn

        from deckcheck.serve.app import SETTINGS, create_app, serving_process
        from deckcheck.serve.logs import LOG_CONFIG
        from deckcheck.serve.site import ServeSettings, site_from
        from deckcheck.serve.slow_clients import DeadlineH11Protocol
    except ImportError:
        fail('deckcheck serve needs its extra: pip install "deckcheck[serve]"')
    from deckcheck.serve.store import StoreProblem
    from deckcheck.session import SessionProblem

    token = _token(token, token_file)
    if (close_at or legal_only) and registrations is None:
        fail("--close-at and --legal-only are for a desk that takes registrations: add --registrations FOLDER")
    if close_at is not None:
        from deckcheck.serve.window import parse_close_at

        try:
            parse_close_at(close_at)
        except ValueError as exc:
            fail(f"--close-at: {exc}")
    if registrations is not None and not (event or format):
        fail("--registrations: say what decks are registered as, with --event FILE or --format FORMAT")
    if registrations is not None:
        try:
            registrations.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            fail(f"cannot use {terminal_path(registrations)} for registrations: {exc.strerror}")
        token = token or _made_token(host, port)
    settings = ServeSettings(
        game=game,
        format=format,
        as_of=as_of,
        card_db=tuple(str(p) for p in card_db),
        events=tuple(str(p) for p in event),
        registrations=str(registrations) if registrations else None,
        token=token,
        folder=str(Path.cwd()),
        host=host,
        port=port,
        allowed_hosts=tuple(allowed_host),
        close_at=close_at,
        legal_only=legal_only,
    )
    try:
        site = site_from(settings)
    except (SessionProblem, StoreProblem) as exc:
        fail(str(exc))
    _listening(host, port)
    _port_free(host, port)
    serving_process()
    if workers > 1:  # each worker process opens the same session from the same choices
        os.environ[SETTINGS] = settings.to_json()
    served = create_app(site) if workers == 1 else "deckcheck.serve.app:app_from_environment"
    try:
        # a head that does not arrive whole in time is answered 408 (slow_clients), an idle connection closed
        uvicorn.run(
            served,
            factory=workers > 1,
            workers=workers if workers > 1 else None,
            host=host,
            port=port,
            log_level="warning",
            log_config=LOG_CONFIG,  # uvicorn's lines in deckcheck's words: one line each, no traceback
            timeout_keep_alive=5,
            http=DeadlineH11Protocol,
        )
    except SystemExit as exc:  # uvicorn exits 1 when it cannot listen (the port in use): said in one line
        if exc.code not in (0, None):
            fail(f"cannot listen on {host}:{port} (is another server using that port?)")
        raise


def _token(token: str | None, token_file: Path | None) -> str | None:
    """The organiser's token given, from --token (or DECKCHECK_TOKEN) or --token-file; exit 2 for
    one too short to stand guessing (a token the command makes is long enough)."""
    from deckcheck.serve.guard import SHORTEST_TOKEN

    if token_file is not None:
        if token is not None:
            fail("--token and --token-file: give the token one way")
        try:
            lines = token_file.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as exc:
            fail(f"--token-file: cannot read {terminal_path(token_file)}: {getattr(exc, 'strerror', None) or exc}")
        token = lines[0].strip() if lines else ""
    if token is not None and len(token.strip()) < SHORTEST_TOKEN:
        fail(f"--token: the organiser's token needs at least {SHORTEST_TOKEN} characters (a shorter one can be guessed)")
    if token is not None and os.environ.get("DECKCHECK_TOKEN") != token and token_file is None:
        warn("--token on the command line can be read by every user of this computer (ps): DECKCHECK_TOKEN or --token-file keep it")
    return token.strip() if token is not None else None


def _url(host: str, port: int) -> str:
    """http://host:port, an IPv6 address in brackets (http://[::1]:8000)."""
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def _made_token(host: str, port: int) -> str:
    from deckcheck.serve.guard import new_token

    made = new_token()
    # printed once, for the organiser (the convention of Jupyter's server), and never again
    say(f"organiser's pages: {_url(host, port)}/organiser?token={made} (a token made for this run; --token chooses one)")
    return made


def _port_free(host: str, port: int) -> None:
    """Exit 2 in one line when another program has the port."""
    import errno
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:  # anything else (no such address) uvicorn says, in our words
                fail(f"cannot listen on {_url(host, port)}: another program is using that port")


def _listening(host: str, port: int) -> None:
    import ipaddress

    try:
        loopback = ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = host == "localhost"
    if not loopback:
        warn(f"listening on {host}: anyone on that network can reach this page (the organiser's pages need the token)")
    say(f"deckcheck serve: {_url(host, port)}/ (Ctrl+C stops it)")
