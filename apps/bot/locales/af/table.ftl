# The lobby message, the rules line and the round's table in the group.
lobby-title = 🎲 <b>Mia</b> — 'n nuwe spel deur { $creator }
lobby-players = <b>Spelers ({ $count }/{ $max })</b>
lobby-nobody = • (nog niemand nie)
lobby-rules = <b>Reëls</b>: { $rules }
lobby-hint = Druk Sluit aan om te speel (jou dobbelstene kom per privaat boodskap). Die skepper of 'n admin begin.
lobby-hint-group = Druk Sluit aan om te speel: jou dobbelstene verskyn reg hier, in opspringvensters wat net jy sien. Die skepper of 'n admin begin.
lobby-started = ▶️ <b>Die spel het begin.</b>
lobby-started-by = ▶️ <b>Die spel het begin:</b> { $name } begin rondte 1.
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

# A round's message in the group. $name and $claim are HTML-escaped (in stay-in-the-group mode
# $name is a mention of the player, which notifies them); $until is empty or " — until …".
table-title = 🎲 <b>Mia — rondte { $round }</b>
lives-line = { $seats }
lives-you = jy
table-starts = { $name } begin die rondte.
table-announced = 📣 { $name }: <b>{ $claim }</b>
table-announced-blind = 📣 { $name }: <b>{ $claim }</b> (blind)
table-announced-pass = 📣 { $name }: <b>{ $claim }</b> (ongesiens aangegee)
table-to-beat = 🎯 Om te klop: <b>{ $claim }</b> — een gooi klop dit in { $percent }% van die gevalle.
table-turn-roll = ⏳ { $name } het geglo en kies: blind aankondig, of gooi en kyk{ $until }
table-turn-announce = ⏳ { $name } het na die dobbelstene gekyk en kies 'n aankondiging{ $until }
table-turn-roll-here = ⏳ { $name }, jy het geglo: kondig hieronder blind aan, of gooi en kyk{ $until }
table-turn-announce-here = ⏳ { $name }, jou beurt: 🎲 wys jou dobbelstene (net vir jou), kondig dan hieronder aan{ $until }
table-turn-respond = ⏳ { $name }: glo en gooi, of “Leuenaar!”?{ $until }
table-turn-mia = ⏳ { $name }: Mia! Gee op of kyk?{ $until }
table-unreachable = ⚠️ Ek kan nie privaat vir { $name } skryf nie. { $name }, maak @{ $bot } oop en druk Start — speel intussen hier met die knoppies hieronder.
deadline-until = tot { $time } UTC
deadline-left = { $seconds ->
    [one] { $seconds } sekonde
   *[other] { $seconds } sekondes
} (tot { $time } UTC)
table-call = ❗ { $name }: “Leuenaar!” — { $shown }
table-call-you = ❗ Jy: “Leuenaar!” — { $shown }
table-look = 👀 { $name } kyk: { $shown }
table-look-you = 👀 Jy kyk: { $shown }
table-outcome-bluff-caught = { $rolled } is laer as { $claim }: { $announcer } het gebluf.
table-outcome-bluff-caught-you = { $rolled } is laer as { $claim }: jy het gebluf.
table-outcome-claim-held = { $rolled } is genoeg vir { $claim }: { $announcer } het die waarheid gepraat.
table-outcome-claim-held-you = { $rolled } is genoeg vir { $claim }: jy het die waarheid gepraat.
table-outcome-mia-true = 'n Regte Mia!
table-outcome-mia-false = Nie 'n Mia nie: { $announcer } het gebluf.
table-outcome-mia-false-you = Nie 'n Mia nie: jy het gebluf.
table-gave-up = 🏳️ { $name } gee op teen die Mia.
table-gave-up-you = 🏳️ Jy gee op teen die Mia.
table-missed = ⌛ { $name } het die beurt gemis.
table-missed-you = ⌛ Jy het die beurt gemis.
table-void = 🚫 Die rondte tel nie: 'n speler het weggegaan.
table-loss = 💔 { $name } verloor { $n ->
    [one] 'n lewe
   *[other] { $n } lewens
} ({ $cause })
table-loss-you = 💔 Jy verloor { $n ->
    [one] 'n lewe
   *[other] { $n } lewens
} ({ $cause })
table-next = ➡️ { $name } begin rondte { $round }.
table-stopped = 🛑 <b>Hierdie spel is gestop.</b>
table-round-closed = Hierdie rondte is verby.

game-over-winner = 🏆 <b>{ $name } wen die spel Mia!</b>
game-over = 🏁 <b>Die spel Mia is verby.</b>
game-over-place = { $place }. { $name }{ $lives ->
    [0] {""}
    [one] { " " }❤️{ $lives }
   *[other] { " " }❤️{ $lives }
}
game-over-rounds = { $n ->
    [one] { $n } rondte gespeel.
   *[other] { $n } rondtes gespeel.
}
