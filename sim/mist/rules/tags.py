"""Tags (MIST.TAG): burning and getting a burned tag back.

Burning a positive tag makes it count +3 for one roll (MIST.TAG.3, :func:`sim.mist.rules.roll.count_power`);
afterwards it cannot be used until it recovers, at the end of the chapter or of the scene (option
``mist_burn_recovery``, MIST.OPEN.3).
"""

from __future__ import annotations

from sim.errors import UsageError

RECOVERY_MODES = ("end_of_chapter", "end_of_scene")
MOMENTS = ("scene", "chapter")


def recovers(moment: str, mode: str = "end_of_chapter") -> bool:
    """Whether burned tags come back when a ``moment`` (``scene`` or ``chapter``) ends (MIST.TAG.3).

    A chapter's end frees them in both modes (a chapter's last scene ends with it); a scene's end only with
    ``end_of_scene``.
    """
    if mode not in RECOVERY_MODES:
        raise UsageError(f"unknown mist_burn_recovery {mode!r}; choose {', '.join(RECOVERY_MODES)}")
    if moment not in MOMENTS:
        raise UsageError(f"unknown moment {moment!r}; choose {', '.join(MOMENTS)}")
    return moment == "chapter" or mode == "end_of_scene"
