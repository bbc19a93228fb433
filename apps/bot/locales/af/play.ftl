# Buttons, private prompts and pop-ups of a game in play.
button-join = ✋ Sluit aan
button-leave = 🚪 Verlaat
button-start = ▶️ Begin
button-believe = ✅ Glo en gooi
button-believe-blind = 🙈 Glo, gooi blind
button-call = ❗ Leuenaar!
button-pass = 🤞 Gee blind aan
button-give-up = 🏳️ Gee op (−1)
button-look = 👀 Kyk
button-show-dice = 🎲 My stene
button-claim = { $claim } · { $percent }%
button-roll = 🎲 Gooi en kyk eerder

# The private prompt of the player whose turn it is. $name and $claim are HTML-escaped;
# $percent is the chance (whole percent) that one roll beats the claim.
prompt-title = 🎲 <b>Mia — rondte { $round }</b> · jou beurt
prompt-title-start = 🎲 <b>Mia — rondte { $round }</b> · jy begin
prompt-passed = 📣 { $name } het die beker vir jou aangegee: <b>{ $claim }</b>
prompt-passed-blind = 📣 { $name } het die beker vir jou aangegee: <b>{ $claim }</b> (blind aangekondig, sonder om te kyk)
prompt-passed-unseen = 📣 { $name } het die beker vir jou aangegee: <b>{ $claim }</b> (ongesiens aangegee: niemand het gekyk nie)
prompt-to-beat = 🎯 Om te klop: <b>{ $claim }</b> — een gooi klop dit in { $percent }% van die gevalle.
prompt-your-dice = 🎲 Jou dobbelstene: { $faces } <b>{ $claim }</b> — een gooi klop dit in { $percent }% van die gevalle.
prompt-dice-start = Jy begin die rondte: kondig die waarheid aan (<b>{ $claim }</b>, gemerk met 🎯) of bluf, hoër of laer.
prompt-dice-beat = ✅ { $claim } klop { $standing }: jy kan die waarheid aankondig (🎯), of hoër bluf.
prompt-dice-no-beat = ❌ Jou dobbelstene klop nie { $standing } nie: om aan te gaan, moet jy bluf.
prompt-respond = Glo en gooi, of roep “Leuenaar!”?
prompt-respond-pass = Glo en gooi, roep “Leuenaar!”, of gee die beker ongesiens aan?
prompt-mia = Niks klop Mia nie. Gee op en verloor 1 lewe, of kyk: 'n regte Mia kos jou { $looked ->
    [one] { $looked } lewe
   *[other] { $looked } lewens
}, 'n vals een kos { $name } { $lie ->
    [one] { $lie } lewe
   *[other] { $lie } lewens
}.
prompt-roll-blind = 🙈 Jy het geglo. Kondig blind aan, sonder om na die dobbelstene te kyk — of gooi en kyk tog maar.
prompt-announce-start = Kondig aan (elke knoppie: die kans dat een gooi dit klop):
prompt-announce-higher = Kondig hoër as { $claim } aan (elke knoppie: die kans dat een gooi dit klop):
prompt-hurry = ⏰ <b>Maak gou: { $seconds ->
    [one] { $seconds } sekonde oor
   *[other] { $seconds } sekondes oor
}!</b>
# A prompt whose turn is over (no buttons any more).
prompt-closed-announced = 📣 Rondte { $round }: jy het <b>{ $claim }</b> aangekondig; die beker het na { $name } gegaan.
prompt-closed-announced-blind = 📣 Rondte { $round }: jy het <b>{ $claim }</b> blind aangekondig; die beker het na { $name } gegaan.
prompt-closed-passed = 🤞 Rondte { $round }: jy het <b>{ $claim }</b> ongesiens aan { $name } aangegee.
prompt-closed-round = 🏁 <b>Rondte { $round } is verby.</b>
prompt-closed-game-won = 🏆 Die spel is verby: { $name } wen.
prompt-closed-game = 🏁 Die spel is verby.
prompt-closed-place = Jou plek: { $place } uit { $of }.
prompt-moved-on = ⏭ Hierdie beurt is verby.
prompt-out = Jy is uit hierdie spel.
prompt-stopped = 🛑 Die spel is gestop.

popup-joined = ✋ Jy het by die spel aangesluit.
popup-left = Jy het die spel verlaat.
popup-start-not-allowed = Net die spel se skepper of 'n groepadmin kan dit begin.
popup-rolled = 🎲 Gegooi: jou dobbelstene is in ons privaat klets.
popup-blind-choose = 🙈 Kies jou blinde aankondiging in ons privaat klets.
popup-blind-here = 🙈 Kies jou blinde aankondiging met die knoppies by die tafel.
popup-passed = 🤞 Ongesiens aangegee.
# Stay-in-the-group mode: the dice in a pop-up only their owner sees (plain text, 200 characters at most).
popup-dice = 🎲 Jou dobbelstene: { $faces } = { $claim }. { $verdict }
popup-dice-start = Jy begin: kondig die waarheid aan of bluf, met die knoppies by die tafel.
popup-dice-beat = Hulle klop { $standing }: kondig die waarheid aan of bluf hoër, met die knoppies by die tafel.
popup-dice-no-beat = Hulle klop nie { $standing } nie: jy moet hoër bluf, met die knoppies by die tafel.
popup-no-dice = Jy het nog nie hierdie beurt na die dobbelstene gekyk nie.
popup-invalid-button = Hierdie knoppie is nie geldig nie.

reject-not-your-turn = Dit is nie jou beurt nie.
reject-not-your-turn-named = Dit is { $name } se beurt, nie joune nie.
reject-stale = Hierdie knoppie is verouderd: die spel het aanbeweeg.
reject-game-over = Daardie spel is verby.
reject-not-playing = Jy speel nie in hierdie spel nie.
reject-player-out = Jy is uit hierdie spel.
reject-started = Die spel het reeds begin.
reject-already-joined = Jy sit reeds by die tafel.
reject-table-full = Die tafel is vol.
reject-too-few = { $min ->
    [one] 'n Spel het minstens { $min } speler nodig.
   *[other] 'n Spel het minstens { $min } spelers nodig.
}
reject-not-higher = Jou aankondiging moet die vorige een klop.
reject-not-allowed = Hierdie spel se reëls laat dit nie toe nie.
reject-busy = Die spel is besig. Probeer asseblief weer.
reject-other = Dit is nou nie moontlik nie.
