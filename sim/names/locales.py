"""The shipped name pools' locales and how they were generated (no imports: :mod:`sim.names` and its table schema
in :mod:`sim.names.pools` both read these)."""

#: the locales whose pools ship in content/names/ (a scenario's name_locale is one of them)
LOCALES = ("de_DE", "en_GB", "en_US", "es_ES", "fr_FR", "it_IT", "ja_JP", "ko_KR", "pt_BR", "ru_RU", "zh_CN",
           "zh_TW")
POOL_SIZE = 400
POOL_SEED = 20_240_601  # the Faker seed the pools were generated with (sim.names.generate)
#: locales whose names are written family name first, without a space
FAMILY_FIRST = ("zh", "ja", "ko")
