# /addai: rekenaarspelers in 'n groep se voorportaal.
ai-group-only = Rekenaarspelers sit net by groeptafels aan: stuur /addai in 'n groep waar 'n spel oop is.
ai-no-game = Hier is geen spel om by aan te sit nie. Begin een met /newgame en voeg dan rekenaarspelers by met /addai.
ai-not-in-lobby = Die spel het reeds begin: rekenaarspelers kan net voor die begin aansit.
ai-not-allowed = Net die spel se skepper of 'n groepadministrateur kan rekenaarspelers byvoeg.
ai-unknown-strategy =
    Ek ken nie die strategie “{ $name }” nie. Kies een van hierdie:
    { $strategies }
    Byvoorbeeld: /addai bluffer
ai-table-full =
    Die tafel is vol: hoogstens { $max } { $max ->
        [one] speler
       *[other] spelers
    }. Niemand anders kan meer aansit nie.
ai-joined =
    🤖 { $name } ({ $strategy }) sit aan: { $seats } van { $max } { $max ->
        [one] plek
       *[other] plekke
    } is beset.
ai-failed = Ek kon nie nou 'n rekenaarspeler laat aansit nie. Probeer asseblief weer.
# Elke strategie soos /addai dit neem (die eerste woord bly soos dit getik word), en wat dit doen.
ai-strategy-honest = honest — praat die waarheid wanneer dit mag, en roep net “leuenaar!” by baie onwaarskynlike aankondigings
ai-strategy-calculator = calculator — speel volgens die kanse en bluf wanneer sy gooi waarskynlik geklop sal word (die verstek)
ai-strategy-bluffer = bluffer — bluf dikwels en roep dikwels “leuenaar!”, gooi soms blind
ai-strategy-random = random — enige geldige skuif, net vir die pret
