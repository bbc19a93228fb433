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
button-show-dice = 🎲 Môj ťah: moje kocky
button-roll = 🎲 Hodiť a pozrieť
button-roll-blind = 🙈 Hodiť naslepo

prompt-roll = 🎲 <b>Si na ťahu.</b> Pozri sa na kocky, alebo hoď naslepo a ohlás bez pozerania.
prompt-dice = 🎲 Tvoje kocky: { $faces } <b>{ $claim }</b>
    Ohlás pravdu, alebo niečo vyššie či nižšie:
prompt-blind = 🙈 <b>Hodené naslepo.</b> Ohlás bez pozerania:
prompt-announced = 📣 Tvoje ohlásenie: { $claim }.
prompt-missed = ⌛ Čas na tento ťah vypršal.
prompt-out = V tejto hre už nehráš.
prompt-game-over = 🏁 Hra sa skončila.
prompt-stopped = 🛑 Hra bola zastavená.
reminder = ⏰ { $seconds ->
    [one] Zostáva { $seconds } sekunda
    [few] Zostávajú { $seconds } sekundy
    [many] Zostáva { $seconds } sekundy
   *[other] Zostáva { $seconds } sekúnd
} na tvoj ťah v hre Mia.

popup-joined = ✋ Si v hre.
popup-left = Už nesedíš pri stole.
popup-start-not-allowed = Hru môže spustiť iba jej zakladateľ alebo admin skupiny.
popup-rolled = 🎲 Hodené: kocky máš v našom súkromnom chate.
popup-rolled-unreachable = 🎲 Hodené. Nemôžem ti písať súkromne: použi „{ button-show-dice }“ pri stole.
popup-blind-choose = 🙈 Ohlásenie naslepo si vyber v našom súkromnom chate.
popup-passed = 🤞 Poslané bez pozretia.
popup-dice = Tvoje kocky: { $faces } ({ $digits }). Ak chceš ohlasovať, obnov súkromné správy: otvor bota a stlač Start.
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
