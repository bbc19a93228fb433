# /rules, /odds, /help and the command menu.
rules-title-game = 🎲 <b>Mia — die reëls van hierdie spel</b>
rules-title-default = 🎲 <b>Mia — die verstekreëls</b>
rules-title-group = 🎲 <b>Mia — die reëls van hierdie groep</b>
rules-summary = Gooi twee dobbelstene onder die beker en kondig 'n waarde aan: die waarheid, hoër of laer. Die volgende speler glo jou en moet dit klop, of roep “Leuenaar!”: die dobbelstene word gewys, en wie verkeerd was, verloor 'n lewe. Niks klop Mia nie: teen Mia gee jy op (−1) of kyk jy.
rules-ranking = <b>Rangorde, beste eerste</b>: { $order }
odds-title = 🎲 <b>Die kans dat een gooi elke waarde klop</b>
help-text = 🎲 <b>Mia</b>, die dobbelspel vol bluf, gespeel in hierdie groep.
    /newgame — maak 'n spel oop (alias /mia); spelers druk Sluit aan, die skepper of 'n admin druk Begin
    /addai — sit 'n rekenaarspeler in die voorportaal
    /extend — meer tyd in die voorportaal
    /stop — stop die spel (skepper of admin)
    /rules — die geldende reëls en die rangorde
    /odds — die kans dat een gooi elke waarde klop
    /stats — jou statistiek (as antwoord: iemand anders s'n)
    /top — hierdie groep se ranglys
    /dashboard — hierdie groep se tafels op die web
    /settings — huisreëls (admins)
    /lang — taal
    /kick — verwyder 'n onaktiewe speler (admins)
help-dice-private = Jou dobbelstene kom per privaat boodskap: druk een keer Start in 'n privaat klets met my.
help-dice-group = In hierdie groep wys jou dobbelstene net hier, in opspringers wat net jy sien: geen privaat klets nodig nie.

cmd-newgame = Maak 'n spel Mia in hierdie groep oop
cmd-mia = Dieselfde as /newgame
cmd-addai = Sit 'n rekenaarspeler in die voorportaal
cmd-extend = Meer tyd in die voorportaal
cmd-stop = Stop die spel (skepper of admin)
cmd-rules = Die geldende reëls en die rangorde
cmd-odds = Die kans dat een gooi elke waarde klop
cmd-stats = Jou statistiek (antwoord: iemand anders s'n)
cmd-top = Hierdie groep se ranglys
cmd-dashboard = 'n Skakel na hierdie groep se tafels
cmd-settings = Huisreëls (admins)
cmd-lang = Verander die taal
cmd-kick = Verwyder 'n onaktiewe speler (admins)
cmd-help = Hoe om met hierdie bot te speel
cmd-start = Begin die bot sodat jou dobbelstene jou kan bereik
