"""What keeps ``sim web`` safe on a laptop (issue 35): an ASGI wrapper around the app.

* **The token.** The server prints ``http://HOST:PORT/?token=T`` (``T`` random, :func:`secrets.token_urlsafe`); a
  request must carry it, as ``?token=`` or as the cookie the first visit sets (HttpOnly, SameSite=Strict). Without
  it: 403. A request whose token is in the query is answered with a redirect to the same address without it, so the
  token does not stay in the address bar or the history.
* **The Host header.** Only the names the server answers to (``127.0.0.1:PORT``, ``localhost:PORT``, the host it
  was told to bind): anything else is 421, so a page of another site that a DNS name points at this port (DNS
  rebinding) is refused.
* **CSRF.** Every state-changing request is a POST (anything else but GET and HEAD is 405) carrying the form
  field ``csrf`` equal to the server's CSRF token, which only its own pages hold; a cross-site POST has neither the
  cookie (SameSite=Strict) nor the field. Checked in :mod:`sim.web.app` as the form is read.
"""

from __future__ import annotations

import secrets
from http.cookies import SimpleCookie
from urllib.parse import parse_qsl, urlencode

COOKIE = "sim_web_token"


def new_token() -> str:
    return secrets.token_urlsafe(24)


def allowed_hosts(host: str, port: int) -> frozenset[str]:
    """The Host header values the server answers to."""
    names = {"127.0.0.1", "localhost", "[::1]", host if ":" not in host else f"[{host}]"}
    return frozenset({f"{n}:{port}" for n in names} | ({n for n in names} if port == 80 else set()))


def same(a: str | None, b: str) -> bool:
    return a is not None and secrets.compare_digest(a.encode("utf-8", "replace"), b.encode("utf-8"))


class Guard:
    """The ASGI app ``app`` answered only for a request with the right Host and token."""

    def __init__(self, app, *, token: str, hosts: frozenset[str], refuse):
        self.app, self.token, self.hosts, self.refuse = app, token, hosts, refuse

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        if headers.get("host", "").lower() not in self.hosts:
            return await self.refuse(scope, receive, send, 421, "host")
        if scope["method"] not in ("GET", "HEAD", "POST"):
            return await self.refuse(scope, receive, send, 405, "method")
        query = parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
        given = next((v for k, v in query if k == "token"), None)
        cookie = SimpleCookie()
        try:
            cookie.load(headers.get("cookie", ""))
        except Exception:  # a malformed cookie header is no token
            cookie = SimpleCookie()
        held = cookie[COOKIE].value if COOKIE in cookie else None
        if same(given, self.token) and scope["method"] in ("GET", "HEAD"):
            rest = urlencode([(k, v) for k, v in query if k != "token"])
            where = scope.get("path", "/") + (f"?{rest}" if rest else "")
            await send({"type": "http.response.start", "status": 303,
                        "headers": [(b"location", where.encode("latin-1", "replace")),
                                    (b"set-cookie", f"{COOKIE}={self.token}; HttpOnly; SameSite=Strict; Path=/"
                                     .encode("latin-1")),
                                    (b"content-length", b"0")]})
            return await send({"type": "http.response.body", "body": b""})
        if not (same(held, self.token) or same(given, self.token)):
            return await self.refuse(scope, receive, send, 403, "token")
        return await self.app(scope, receive, send)
