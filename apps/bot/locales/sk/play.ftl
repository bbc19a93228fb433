# Buttons, private prompts and pop-ups of a game in play.
button-join = ✋ Pridať sa
button-leave = 🚪 Odísť
button-start = ▶️ Začať
button-believe = ✅ Verím a hádžem
button-believe-blind = 🙈 Verím, hádžem naslepo
button-call = ❗ Klamár!
button-pass = 🤞 Poslať naslepo
button-give-up = 🏳️ Vzdať sa (−1)
button-look = 👀 Pozrieť
button-show-dice = 🎲 Moje kocky
button-claim = { $claim } · { $percent } %
button-roll = 🎲 Radšej hodiť a pozrieť

# The private prompt of the player whose turn it is. $name and $claim are HTML-escaped;
# $percent is the chance (whole percent) that one roll beats the claim.
prompt-title = 🎲 <b>Mia — kolo { $round }</b> · si na ťahu
prompt-title-start = 🎲 <b>Mia — kolo { $round }</b> · začínaš
prompt-passed = 📣 { $name } ti posiela pohárik: <b>{ $claim }</b>
prompt-passed-blind = 📣 { $name } ti posiela pohárik: <b>{ $claim }</b> (ohlásené naslepo, bez pozretia)
prompt-passed-unseen = 📣 { $name } ti posiela pohárik: <b>{ $claim }</b> (poslané ďalej bez pozretia: nikto sa nepozrel)
prompt-to-beat = 🎯 Treba prebiť: <b>{ $claim }</b> — šanca prebiť to jedným hodom: { $percent } %.
prompt-your-dice = 🎲 Tvoje kocky: { $faces } <b>{ $claim }</b> — šanca prebiť ich jedným hodom: { $percent } %.
prompt-dice-start = Začínaš kolo: ohlás pravdu (<b>{ $claim }</b>, označené 🎯) alebo blafuj, vyššie či nižšie.
prompt-dice-beat = ✅ { $claim } prebíja ohlásenie { $standing }: môžeš ohlásiť pravdu (🎯), alebo blafovať vyššie.
prompt-dice-no-beat = ❌ Tvoje kocky neprebíjajú ohlásenie { $standing }: ak chceš pokračovať, musíš blafovať.
prompt-respond = Uveriť a hodiť, alebo zvolať „Klamár!“?
prompt-respond-pass = Uveriť a hodiť, zvolať „Klamár!“, alebo poslať pohárik ďalej bez pozretia?
prompt-mia = Mia neprebije nič. Vzdaj sa a prídeš o 1 život, alebo sa pozri: ak je Mia pravá, prídeš o { $looked ->
    [one] { $looked } život
    [few] { $looked } životy
    [many] { $looked } života
   *[other] { $looked } životov
}, ak je falošná, { $name } príde o { $lie ->
    [one] { $lie } život
    [few] { $lie } životy
    [many] { $lie } života
   *[other] { $lie } životov
}.
prompt-roll-blind = 🙈 Veríš. Ohlás naslepo, bez pozerania na kocky — alebo predsa len hoď a pozri sa.
prompt-announce-start = Ohlás (pri každom tlačidle: šanca prebiť ho jedným hodom):
prompt-announce-higher = Ohlás niečo vyššie ako { $claim } (pri každom tlačidle: šanca prebiť ho jedným hodom):
prompt-hurry = ⏰ <b>Ponáhľaj sa: { $seconds ->
    [one] zostáva { $seconds } sekunda
    [few] zostávajú { $seconds } sekundy
    [many] zostáva { $seconds } sekundy
   *[other] zostáva { $seconds } sekúnd
}!</b>
# A prompt whose turn is over (no buttons any more).
prompt-closed-announced = 📣 Kolo { $round }: tvoje ohlásenie — <b>{ $claim }</b>; pohárik má teraz { $name }.
prompt-closed-announced-blind = 📣 Kolo { $round }: tvoje ohlásenie naslepo — <b>{ $claim }</b>; pohárik má teraz { $name }.
prompt-closed-passed = 🤞 Kolo { $round }: <b>{ $claim }</b> poslané ďalej bez pozretia; pohárik má teraz { $name }.
prompt-closed-round = 🏁 <b>Kolo { $round } sa skončilo.</b>
prompt-closed-game-won = 🏆 Hra sa skončila: vyhráva { $name }.
prompt-closed-game = 🏁 Hra sa skončila.
prompt-closed-place = Tvoje umiestnenie: { $place }. miesto z { $of }.
prompt-moved-on = ⏭ Tento ťah sa už skončil.
prompt-out = V tejto hre už nehráš.
prompt-stopped = 🛑 Hra bola zastavená.

popup-joined = ✋ Si v hre.
popup-left = Už nesedíš pri stole.
popup-start-not-allowed = Hru môže spustiť iba jej zakladateľ alebo admin skupiny.
popup-rolled = 🎲 Hodené: kocky máš v našom súkromnom chate.
popup-blind-choose = 🙈 Ohlásenie naslepo si vyber v našom súkromnom chate.
popup-blind-here = 🙈 Ohlásenie naslepo si vyber tlačidlami pri stole.
popup-passed = 🤞 Poslané bez pozretia.
# Stay-in-the-group mode: the dice in a pop-up only their owner sees (plain text, 200 characters at most).
popup-dice = 🎲 Tvoje kocky: { $faces } = { $claim }. { $verdict }
popup-dice-start = Začínaš: ohlás pravdu alebo blafuj, tlačidlami pri stole.
popup-dice-beat = Prebíjajú ohlásenie { $standing }: ohlás pravdu alebo blafuj vyššie, tlačidlami pri stole.
popup-dice-no-beat = Neprebíjajú ohlásenie { $standing }: musíš blafovať vyššie, tlačidlami pri stole.
popup-no-dice = V tomto ťahu ešte nemáš pozreté kocky.
popup-invalid-button = Toto tlačidlo nie je platné.

reject-not-your-turn = Nie si na ťahu.
reject-not-your-turn-named = Na ťahu je { $name }, nie ty.
reject-stale = Toto tlačidlo je zastarané: hra už pokročila.
reject-game-over = Táto hra sa skončila.
reject-not-playing = V tejto hre nehráš.
reject-player-out = Už si mimo hry.
reject-started = Hra sa už začala.
reject-already-joined = Už sedíš pri stole.
reject-table-full = Stôl je plný.
reject-too-few = { $min ->
    [one] Hra potrebuje aspoň { $min } hráča.
    [few] Hra potrebuje aspoň { $min } hráčov.
    [many] Hra potrebuje aspoň { $min } hráča.
   *[other] Hra potrebuje aspoň { $min } hráčov.
}
reject-not-higher = Tvoje ohlásenie musí prebiť to posledné.
reject-not-allowed = Pravidlá tejto hry to nedovoľujú.
reject-busy = Hra je práve zaneprázdnená. Skús to znova.
reject-other = Teraz to nie je možné.
