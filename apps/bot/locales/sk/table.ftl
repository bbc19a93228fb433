# The lobby message, the rules line and the round's table in the group.
lobby-title = 🎲 <b>Mia</b> — nová hra od { $creator }
lobby-players = <b>Hráči ({ $count }/{ $max })</b>
lobby-nobody = • (zatiaľ nikto)
lobby-rules = <b>Pravidlá</b>: { $rules }
lobby-hint = Stlač „Pridať sa“ a hraj (kocky ti prídu súkromnou správou). Hru spustí zakladateľ alebo admin.
lobby-started = ▶️ <b>Hra sa začala.</b>
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

table-title = 🎲 <b>Mia — kolo { $round }</b>
table-last-round = <i>Minulé kolo:</i>
table-starts = Kolo začína { $name }.
table-announced = 📣 { $name }: <b>{ $claim }</b>
table-announced-blind = 📣 { $name }: <b>{ $claim }</b> (naslepo)
table-announced-pass = 📣 { $name }: <b>{ $claim }</b> (poslané bez pozretia)
table-turn-roll = ⏳ { $name } hádže{ $until }
table-turn-announce = ⏳ { $name } ohlasuje{ $until }
table-turn-respond = ⏳ { $name } sa rozhoduje: uveriť, alebo „Klamár!“{ $until }
table-turn-mia = ⏳ { $name }: Mia! Vzdať sa, alebo pozrieť{ $until }
table-until = { " " }— do { $time } UTC
table-winner = 🏆 <b>{ $name } vyhráva!</b>
table-over = 🏁 Hra sa skončila.
table-call = ❗ { $name }: „Klamár!“ — { $shown }
table-look = 👀 { $name } sa pozerá: { $shown }
table-gave-up = 🏳️ { $name } sa vzdáva pred Mia.
table-missed = ⌛ { $name } prichádza o ťah.
table-void = Kolo je neplatné: jeden z hráčov odišiel.
table-loss = 💔 { $name } prichádza o { $n ->
    [1] život
    [one] { $n } život
    [few] { $n } životy
    [many] { $n } života
   *[other] { $n } životov
} ({ $cause })

game-over-winner = 🏆 { $name } vyhráva hru Mia!
game-over = 🏁 Hra Mia sa skončila.
unreachable = ⚠️ Hráčovi { $name } nemôžem písať súkromne. { $name }, otvor @{ $bot } a stlač Start (alebo ma odblokuj). Dovtedy používaj „{ button-show-dice }“ pri stole.
