# The lobby message, the rules line and the round's table in the group.
lobby-title = 🎲 <b>Mia</b> — nová hra od { $creator }
lobby-players = <b>Hráči ({ $count }/{ $max })</b>
lobby-nobody = • (zatiaľ nikto)
lobby-rules = <b>Pravidlá</b>: { $rules }
lobby-hint = Stlač „Pridať sa“ a hraj (kocky ti prídu súkromnou správou). Hru spustí zakladateľ alebo admin.
lobby-hint-group = Stlač „Pridať sa“ a hraj: kocky uvidíš priamo tu, vo vyskakovacích oknách, ktoré vidíš len ty. Hru spustí zakladateľ alebo admin.
lobby-started = ▶️ <b>Hra sa začala.</b>
lobby-started-by = ▶️ <b>Hra sa začala:</b> 1. kolo začína { $name }.
lobby-stopped = 🛑 <b>Táto hra bola zastavená.</b>
lobby-expired = ⌛ <b>Lobby sa zatvorilo: hru nikto včas nespustil.</b>
lobby-closes = ⌛ Zatvorí sa po { $minutes } min bez spustenia; /extend pridá čas.

rules-lives = { $n ->
    [one] { $n } život
    [few] { $n } životy
    [many] { $n } života
   *[other] { $n } životov
}
rules-doubles-66 = najvyššia dvojica 66
rules-doubles-11 = najvyššia dvojica 11
rules-little-mia = malá Mia
rules-sum = režim súčtu
rules-strict = každé ohlásenie vyššie
rules-at-least = rovnaké ohlásenie povolené
rules-blind-pass = posielanie naslepo zapnuté
rules-mia-penalties = kontrola pravej Mia −{ $looked }, falošná Mia −{ $lie }
rules-turn = { $seconds } s na ťah
rules-no-turn-limit = ťah bez časového limitu
rules-last-standing = vyhráva posledný v hre
rules-first-out = koniec pri prvom vypadnutom

# A round's message in the group. $name and $claim are HTML-escaped (in stay-in-the-group mode
# $name is a mention of the player, which notifies them); $until is empty or " — until …".
table-title = 🎲 <b>Mia — kolo { $round }</b>
lives-line = { $seats }
lives-you = ty
table-starts = Kolo začína { $name }.
table-announced = 📣 { $name }: <b>{ $claim }</b>
table-announced-blind = 📣 { $name }: <b>{ $claim }</b> (naslepo)
table-announced-pass = 📣 { $name }: <b>{ $claim }</b> (poslané bez pozretia)
table-to-beat = 🎯 Treba prebiť: <b>{ $claim }</b> — šanca prebiť to jedným hodom: { $percent } %.
table-turn-roll = ⏳ { $name } verí: ohlási naslepo, alebo hodí a pozrie sa{ $until }
table-turn-announce = ⏳ { $name } sa pozerá na kocky a vyberá ohlásenie{ $until }
table-turn-roll-here = ⏳ { $name }, veríš: ohlás naslepo tlačidlami nižšie, alebo hoď a pozri sa{ $until }
table-turn-announce-here = ⏳ { $name }, si na ťahu: 🎲 ti ukáže kocky (len tebe), potom ohlás tlačidlami nižšie{ $until }
table-turn-respond = ⏳ { $name }: uveriť a hodiť, alebo „Klamár!“?{ $until }
table-turn-mia = ⏳ { $name }: Mia! Vzdať sa, alebo pozrieť?{ $until }
table-unreachable = ⚠️ Hráčovi { $name } nemôžem písať súkromne. { $name }, otvor @{ $bot } a stlač Start — dovtedy hraj tu, tlačidlami nižšie.
deadline-until = do { $time } UTC
deadline-left = { $seconds ->
    [one] { $seconds } sekunda
    [few] { $seconds } sekundy
    [many] { $seconds } sekundy
   *[other] { $seconds } sekúnd
} (do { $time } UTC)
table-call = ❗ { $name }: „Klamár!“ — { $shown }
table-call-you = ❗ Ty: „Klamár!“ — { $shown }
table-look = 👀 { $name } sa pozerá: { $shown }
table-look-you = 👀 Pozeráš sa: { $shown }
table-outcome-bluff-caught = { $rolled } je nižšie ako { $claim }: { $announcer } blafuje!
table-outcome-bluff-caught-you = { $rolled } je nižšie ako { $claim }: blafuješ!
table-outcome-claim-held = { $rolled } nie je nižšie ako { $claim }: { $announcer } hovorí pravdu.
table-outcome-claim-held-you = { $rolled } nie je nižšie ako { $claim }: hovoríš pravdu.
table-outcome-mia-true = Pravá Mia!
table-outcome-mia-false = Žiadna Mia: { $announcer } blafuje!
table-outcome-mia-false-you = Žiadna Mia: blafuješ!
table-gave-up = 🏳️ { $name } sa vzdáva pred Mia.
table-gave-up-you = 🏳️ Vzdávaš sa pred Mia.
table-missed = ⌛ { $name } prichádza o ťah.
table-missed-you = ⌛ Prichádzaš o ťah.
table-void = 🚫 Kolo je neplatné: jeden z hráčov odišiel.
table-loss = 💔 { $name } prichádza o { $n ->
    [1] život
    [one] { $n } život
    [few] { $n } životy
    [many] { $n } života
   *[other] { $n } životov
} ({ $cause })
table-loss-you = 💔 Prichádzaš o { $n ->
    [1] život
    [one] { $n } život
    [few] { $n } životy
    [many] { $n } života
   *[other] { $n } životov
} ({ $cause })
table-next = ➡️ Kolo { $round } začína { $name }.
table-stopped = 🛑 <b>Táto hra bola zastavená.</b>
table-round-closed = Toto kolo sa skončilo.

game-over-winner = 🏆 <b>{ $name } vyhráva hru Mia!</b>
game-over = 🏁 <b>Hra Mia sa skončila.</b>
game-over-place = { $place }. { $name }{ $lives ->
    [0] {""}
    [one] { " " }❤️{ $lives }
    [few] { " " }❤️{ $lives }
    [many] { " " }❤️{ $lives }
   *[other] { " " }❤️{ $lives }
}
game-over-rounds = { $n ->
    [one] Odohralo sa { $n } kolo.
    [few] Odohrali sa { $n } kolá.
    [many] Odohralo sa { $n } kola.
   *[other] Odohralo sa { $n } kôl.
}
