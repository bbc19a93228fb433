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
button-show-dice = 🎲 My beurt: wys my stene
button-roll = 🎲 Gooi en kyk
button-roll-blind = 🙈 Gooi blind

prompt-roll = 🎲 <b>Jou beurt om te gooi.</b> Kyk na die dobbelstene, of gooi blind en kondig aan sonder om te kyk.
prompt-dice = 🎲 Jou dobbelstene: { $faces } <b>{ $claim }</b>
    Kondig die waarheid aan, of iets hoër of laer:
prompt-blind = 🙈 <b>Blind gegooi.</b> Kondig aan sonder om te kyk:
prompt-announced = 📣 Jy het { $claim } aangekondig.
prompt-missed = ⌛ Die tyd vir daardie beurt is verby.
prompt-out = Jy is uit hierdie spel.
prompt-game-over = 🏁 Die spel is verby.
prompt-stopped = 🛑 Die spel is gestop.
reminder = ⏰ { $seconds ->
    [one] { $seconds } sekonde
   *[other] { $seconds } sekondes
} oor vir jou beurt in Mia.

popup-joined = ✋ Jy het by die spel aangesluit.
popup-left = Jy het die spel verlaat.
popup-start-not-allowed = Net die spel se skepper of 'n groepadmin kan dit begin.
popup-rolled = 🎲 Gegooi: jou dobbelstene is in ons privaat klets.
popup-rolled-unreachable = 🎲 Gegooi. Ek kan nie privaat vir jou skryf nie: gebruik “{ button-show-dice }” by die tafel.
popup-blind-choose = 🙈 Kies jou blinde aankondiging in ons privaat klets.
popup-passed = 🤞 Ongesiens aangegee.
popup-dice = Jou dobbelstene: { $faces } ({ $digits }). Herstel privaat boodskappe om aan te kondig: maak die bot oop en druk Start.
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
