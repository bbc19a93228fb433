# The lobby message, the rules line and the round's table in the group.
lobby-title = 🎲 <b>Mia</b> — 'n nuwe spel deur { $creator }
lobby-players = <b>Spelers ({ $count }/{ $max })</b>
lobby-nobody = • (nog niemand nie)
lobby-rules = <b>Reëls</b>: { $rules }
lobby-hint = Druk Sluit aan om te speel (jou dobbelstene kom per privaat boodskap). Die skepper of 'n admin begin.
lobby-started = ▶️ <b>Die spel het begin.</b>
lobby-stopped = 🛑 <b>Hierdie spel is gestop.</b>
lobby-expired = ⌛ <b>Hierdie voorportaal is gesluit: niemand het die spel betyds begin nie.</b>
lobby-closes = ⌛ Sluit ná { $minutes } minute sonder ’n begin; /extend gee meer tyd.

rules-lives = { $n ->
    [one] { $n } lewe
   *[other] { $n } lewens
}
rules-doubles-66 = dubbels met 66 hoogste
rules-doubles-11 = dubbels met 11 hoogste
rules-little-mia = klein Mia
rules-sum = sommodus
rules-strict = elke aankondiging hoër
rules-at-least = gelyke aankondigings toegelaat
rules-blind-pass = blind aangee aan
rules-mia-penalties = na regte Mia gekyk −{ $looked }, vals Mia −{ $lie }
rules-turn = { $seconds } s per beurt
rules-no-turn-limit = geen tydlimiet per beurt
rules-last-standing = laaste speler oor wen
rules-first-out = eindig sodra die eerste speler uit is

table-title = 🎲 <b>Mia — rondte { $round }</b>
table-last-round = <i>Vorige rondte:</i>
table-starts = { $name } begin die rondte.
table-announced = 📣 { $name }: <b>{ $claim }</b>
table-announced-blind = 📣 { $name }: <b>{ $claim }</b> (blind)
table-announced-pass = 📣 { $name }: <b>{ $claim }</b> (ongesiens aangegee)
table-turn-roll = ⏳ { $name } se beurt om te gooi{ $until }
table-turn-announce = ⏳ { $name } se beurt om aan te kondig{ $until }
table-turn-respond = ⏳ { $name } se beurt: glo of “Leuenaar!”{ $until }
table-turn-mia = ⏳ { $name } se beurt: Mia! Gee op of kyk{ $until }
table-until = { " " }— tot { $time } UTC
table-winner = 🏆 <b>{ $name } wen!</b>
table-over = 🏁 Die spel is verby.
table-call = ❗ { $name }: “Leuenaar!” — { $shown }
table-look = 👀 { $name } kyk: { $shown }
table-gave-up = 🏳️ { $name } gee op teen die Mia.
table-missed = ⌛ { $name } het die beurt gemis.
table-void = Die rondte tel nie: 'n speler het weggegaan.
table-loss = 💔 { $name } verloor { $n ->
    [one] 'n lewe
   *[other] { $n } lewens
} ({ $cause })

game-over-winner = 🏆 { $name } wen die spel Mia!
game-over = 🏁 Die spel Mia is verby.
unreachable = ⚠️ Ek kan nie privaat vir { $name } skryf nie. { $name }, maak @{ $bot } oop en druk Start (of ontblokkeer my). Gebruik intussen “{ button-show-dice }” by die tafel.
