"""The name pools' table schema (``names/<locale>``): what ``sim validate`` checks in ``content/names/*.yaml``.

Each pool (``names/en_US``) holds its locale, the Faker version and seed it was generated with
(``python -m sim.names.generate``), whether names are family name first, and the names: distinct, in order (a
campaign picks by index, so the order is part of the replay).
"""

from __future__ import annotations

from typing import Any

from sim.content.schema import Bool, Checker, F, Int, ListOf, Record, Str
from sim.content.table import TableSchema
from sim.names.locales import FAMILY_FIRST, LOCALES, POOL_SEED, POOL_SIZE


def _family_first_spelling(locale: str):
    def check(data: Any, ck: Checker) -> None:
        """A family-name-first pool writes names without a space (萬宇翔); the others with one (Dorothy Hogan)."""
        names = data.get("names")
        if not isinstance(names, list) or not isinstance(data.get("family_first"), bool):
            return
        want = locale.split("_", 1)[0] in FAMILY_FIRST
        if data["family_first"] != want:
            ck.error("family_first", f"must be {str(want).lower()} for {locale}")
            return
        for i, name in enumerate(names):
            if isinstance(name, str) and (" " in name) == want:
                how = "family name first, without a space" if want else "first name, a space, family name"
                ck.error(f"names[{i}]", f"{name!r}: {locale} names are written {how}")
                return
    return check


def pool_schema(locale: str) -> TableSchema:
    return TableSchema(f"names/{locale}", Record({
        "locale": F(Str(enum=(locale,)), doc="the locale, the file's name"),
        "faker": F(Str(pattern=r"^\d+(\.\d+)*$"), doc="the Faker version the pool was generated with"),
        "seed": F(Int(POOL_SEED, POOL_SEED), doc="the Faker seed it was generated with (sim.names.POOL_SEED)"),
        "family_first": F(Bool(), doc="names written family name first, without a space (zh, ja, ko)"),
        "names": F(ListOf(Str(), min=POOL_SIZE, max=POOL_SIZE, unique_by=""),
                   doc=f"{POOL_SIZE} distinct names; a campaign picks one by index with its own RNG"),
    }), f"Name pool {locale} (generated NPC and contact names)", checks=(_family_first_spelling(locale),))


TABLES = {f"names/{locale}": pool_schema(locale) for locale in LOCALES}
