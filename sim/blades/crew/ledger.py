"""The campaign's ledger: bookkeeping the downtime rules need between phases, and the changes made to it.

:class:`Ledger` is plain data (one per campaign). :class:`LedgerChanges` holds
the :class:`~sim.blades.crew.state.Campaign` methods that change it — scores
begun and won, sentences and absences, the war's penalty, the downtime's
activities, recruits — each journaling one event (docs/dev/style.md principle 7: one
owner, every change an event). It is a mixin of ``Campaign`` only so that
``state.py`` stays one idea (the scoundrels, crew and factions); the methods
use the campaign's ``emit``, ``ledger`` and ``pcs``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from sim.errors import IllegalMove

ABSENCE_BOOKS = ("sentences", "away")


@dataclass(eq=False)
class Ledger:
    """Campaign bookkeeping the downtime rules need between phases (one per campaign)."""

    score_no: int = 0  # scores begun so far
    scores_won: int = 0
    sentences: dict[str, int] = field(default_factory=dict)  # jailed pc id -> scores left (-1: life)
    away: dict[str, int] = field(default_factory=dict)  # pc id -> scores missed while lost in vice
    trained: list[tuple[str, str]] = field(default_factory=list)  # (pc, track) trained this downtime
    indulged: list[str] = field(default_factory=list)  # pcs who indulged vice this downtime
    overindulged: list[str] = field(default_factory=list)  # pcs who overindulged this downtime (BITD.XP.2)
    troubled: list[str] = field(default_factory=list)  # pcs who played a trauma to cause trouble (BITD.STRESS.5)
    lost_activities: int = 0  # activities owed to a faction's favor (cooperation)
    war_penalty: str = ""  # "" | "hold" | "tier" | "none": what the current war took (BITD.FACTION.7)
    upgrade_boxes: int = 0  # crew upgrade boxes marked but not yet spent (BITD.CREW.XP.3)
    assets: list[str] = field(default_factory=list)  # acquired assets standing by (BITD.DOWNTIME.ACQUIRE)
    replacements: int = 0  # new scoundrels who joined (BITD.DEATH.2)
    replaced: list[str] = field(default_factory=list)  # pcs already replaced
    claim_holders: dict[str, str] = field(default_factory=dict)  # claim-map cell "row,col" -> holding faction
    fall_offered: list[str] = field(default_factory=list)  # pcs retired by trauma already offered prison (BITD.STRESS.6)


class LedgerChanges:
    """Campaign methods that change the ledger (and the roster); each journals one event."""

    ledger: Ledger
    pcs: list
    emit: Any

    # ------------------------------------------------------------- the roster
    def enlist(self, pc: Any) -> None:
        """A founding scoundrel joins while the campaign is built (BITD.CHAR.CREATE); ``campaign_start``,
        journaled once the crew is complete, lists them with their whole sheet."""
        if self.journal.seq:
            raise IllegalMove(f"{pc.id} cannot enlist once the campaign has started; recruit them")
        self.pcs.append(pc)

    def recruit(self, pc: Any, replaces: str) -> None:
        """BITD.DEATH.2: a new scoundrel joins in place of ``replaces``; journals ``recruit`` with their sheet."""
        from sim.blades.crew.sheet import pc_sheet

        ledger = self.ledger
        ledger.replaced.append(replaces)
        ledger.replacements += 1
        self.pcs.append(pc)
        self.emit("recruit", pc=pc.id, name=pc.name, playbook=pc.playbook, policy=pc.policy, replaces=replaces,
                  vice=pc.vice, actions=dict(sorted(pc.actions.items())), sheet=pc_sheet(pc))

    # ------------------------------------------------------------- the scores
    def begin_score(self) -> int:
        """A score begins (or the crew lies low for one): journals ``score_count``; returns its number."""
        before = self.ledger.score_no
        self.ledger.score_no = before + 1
        if not self.journal.skip("score_count"):
            self.emit("score_count", count="begun", before=before, after=before + 1)
        return before + 1

    def win_score(self) -> None:
        """The score succeeded and was not abandoned: journals ``score_count``."""
        before = self.ledger.scores_won
        self.ledger.scores_won = before + 1
        if not self.journal.skip("score_count"):
            self.emit("score_count", count="won", before=before, after=before + 1)

    # ------------------------------------------------------ prison and absence
    def incarcerate(self, pc: Any, sentence: int, wanted: int) -> None:
        """BITD.DOWNTIME.PRISON.2: ``pc`` is jailed for ``sentence`` scores (-1: life); journals
        ``incarceration`` (then ``pc_status``)."""
        self.emit("incarceration", pc=pc.id, wanted=wanted, sentence=sentence, beating=False)
        self.ledger.sentences[pc.id] = sentence
        self.set_status(pc, "jailed", "handed over")

    def set_sentence(self, pc: Any, scores: int, reason: str) -> None:
        """The scores ``pc`` has left to serve become ``scores`` (-1: life); journals ``sentence``."""
        before = self.ledger.sentences.get(pc.id)
        self.ledger.sentences[pc.id] = scores
        self.emit("sentence", pc=pc.id, before=before, after=scores, reason=reason)

    def set_absences(self, book: str, left: Mapping[str, int], reason: str) -> None:
        """The scores still to miss, per scoundrel, in ``book`` (``sentences`` or ``away``) become ``left``;
        journals ``absences`` when anything changed."""
        if book not in ABSENCE_BOOKS:
            raise IllegalMove(f"no absence book {book!r}")
        scores_left = getattr(self.ledger, book)
        if scores_left == left:
            return
        before = dict(scores_left)
        scores_left.clear()
        scores_left.update(left)
        self.emit("absences", book=book, before=before, after=dict(scores_left), reason=reason)

    def offer_fall(self, pc: Any) -> None:
        """BITD.STRESS.6: a scoundrel retired by trauma is offered to take the fall (once); journals
        ``fall_offered``."""
        self.ledger.fall_offered.append(pc.id)
        self.emit("fall_offered", pc=pc.id)

    # -------------------------------------------------------------------- war
    def set_war(self, penalty: str, enemies: list[str]) -> None:
        """BITD.FACTION.7: a war starts (``penalty``: what it takes, ``hold``, ``tier`` or ``none``) or ends
        (``penalty`` ""); journals ``war``."""
        self.ledger.war_penalty = penalty
        self.emit("war", started=bool(penalty), enemies=enemies, penalty=penalty)

    # -------------------------------------------------------------- downtime
    def begin_activities(self) -> int:
        """BITD.DOWNTIME.ACT: a new downtime's activities begin: who trained, indulged or overindulged is
        forgotten; return the activities owed to favors. Journals ``activities_begin``."""
        ledger = self.ledger
        owed = ledger.lost_activities
        ledger.trained.clear()
        ledger.indulged.clear()
        ledger.overindulged.clear()
        ledger.troubled.clear()
        ledger.lost_activities = 0
        self.emit("activities_begin", owed=owed)
        return owed

    def log_activity(self, pc: Any, activity: str, **fields: Any) -> None:
        """Journal ``activity`` and note it in the ledger: a track trained (BITD.DOWNTIME.TRAIN.1), vice indulged
        (BITD.DOWNTIME.VICE.1, which also spends trauma's satisfied vice), a new asset acquired
        (BITD.DOWNTIME.ACQUIRE.3)."""
        ledger = self.ledger
        if activity == "train":
            ledger.trained.append((pc.id, fields["track"]))
        elif activity == "indulge_vice":
            ledger.indulged.append(pc.id)
            self.set_vice_satisfied(pc, False, "indulged")
        elif activity == "acquire_asset" and not fields["again"]:
            ledger.assets.append(fields["asset"])
        elif activity == "trauma_trouble":
            ledger.troubled.append(pc.id)
        if not self.journal.skip("activity"):  # a batch reads no activity event: seq advances, nothing is built
            self.emit("activity", pc=pc.id, activity=activity, **fields)

    def overindulge(self, pc: Any, option: str) -> None:
        """BITD.DOWNTIME.VICE.2: ``pc`` overindulged and chose ``option``; journals ``overindulgence``.
        ``lost``: away for the next score (the status is set apart); ``tapped``: the purveyor is gone."""
        self.ledger.overindulged.append(pc.id)
        if option == "lost":
            self.ledger.away[pc.id] = 1
        elif option == "tapped":
            pc.purveyor = ""
        self.emit("overindulgence", pc=pc.id, option=option)

    # ---------------------------------------------------------------- claims
    def set_claim_holders(self, holders: Mapping[str, str]) -> None:
        """The factions holding each claim-map cell (drawn once per campaign); journals ``claim_holders``."""
        self.ledger.claim_holders.update(holders)
        self.emit("claim_holders", holders=dict(self.ledger.claim_holders))

    def add_upgrade_boxes(self, boxes: int, reason: str) -> None:
        """Upgrade boxes marked to spend (BITD.CREW.CREATE.8: two at creation); journals ``upgrade_boxes``."""
        before = self.ledger.upgrade_boxes
        self.ledger.upgrade_boxes = before + boxes
        self.emit("upgrade_boxes", before=before, after=before + boxes, reason=reason)
