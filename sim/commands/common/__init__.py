"""What several commands share and no command owns: :mod:`.text` (terms, tables that wrap, percents, one-line
JSON, outcome words, the likelihood reader) and :mod:`.dice_expr` (the dice-expression sub-command of ``sim odds``
and ``sim roll``). Nothing here imports a command module, so no circle runs through it."""
