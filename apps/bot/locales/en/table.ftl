# The lobby message, the rules line and the round's table in the group.
lobby-title = 🎲 <b>Mia</b> — a new game by { $creator }
lobby-players = <b>Players ({ $count }/{ $max })</b>
lobby-nobody = • (nobody yet)
lobby-rules = <b>Rules</b>: { $rules }
lobby-hint = Press Join to play (your dice come by private message). The creator or an admin starts.
lobby-hint-group = Press Join to play: your dice show in pop-ups only you see, right here. The creator or an admin starts.
lobby-started = ▶️ <b>The game has started.</b>
lobby-started-by = ▶️ <b>The game has started:</b> { $name } starts round 1.
lobby-stopped = 🛑 <b>This game was stopped.</b>
lobby-expired = ⌛ <b>This lobby closed: nobody started the game in time.</b>
lobby-closes = ⌛ Closes after { $minutes } minutes without a start; /extend gives more time.

rules-lives = { $n ->
    [one] { $n } life
   *[other] { $n } lives
}
rules-doubles-66 = 66-high doubles
rules-doubles-11 = 11-high doubles
rules-little-mia = little Mia
rules-sum = sum mode
rules-strict = each announcement higher
rules-at-least = equal announcements allowed
rules-blind-pass = blind pass on
rules-mia-penalties = real Mia looked at −{ $looked }, false Mia −{ $lie }
rules-turn = { $seconds } s a turn
rules-no-turn-limit = no turn limit
rules-last-standing = last player standing wins
rules-first-out = ends at the first player out

# A round's message in the group. $name and $claim are HTML-escaped (in stay-in-the-group mode
# $name is a mention of the player, which notifies them); $until is empty or " — until …".
table-title = 🎲 <b>Mia — round { $round }</b>
lives-line = { $seats }
lives-you = you
table-starts = { $name } starts the round.
table-announced = 📣 { $name }: <b>{ $claim }</b>
table-announced-blind = 📣 { $name }: <b>{ $claim }</b> (blind)
table-announced-pass = 📣 { $name }: <b>{ $claim }</b> (passed on unseen)
table-to-beat = 🎯 To beat: <b>{ $claim }</b> — one roll beats it { $percent }% of the time.
table-turn-roll = ⏳ { $name } believed and is choosing: announce blind, or roll and look{ $until }
table-turn-announce = ⏳ { $name } has looked at the dice and is choosing an announcement{ $until }
table-turn-roll-here = ⏳ { $name }, you believed: announce blind below, or roll and look{ $until }
table-turn-announce-here = ⏳ { $name }, your turn: 🎲 shows your dice (only to you), then announce below{ $until }
table-turn-respond = ⏳ { $name }: believe and roll, or call liar?{ $until }
table-turn-mia = ⏳ { $name }: Mia! Give up or look?{ $until }
table-unreachable = ⚠️ I can’t write to { $name } privately. { $name }: open @{ $bot } and press Start — until then, play here with the buttons below.
deadline-until = until { $time } UTC
deadline-left = { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
} left (until { $time } UTC)
table-call = ❗ { $name } calls liar: { $shown }
table-call-you = ❗ You call liar: { $shown }
table-look = 👀 { $name } looks: { $shown }
table-look-you = 👀 You look: { $shown }
table-outcome-bluff-caught = { $rolled } is lower than { $claim }: { $announcer } was bluffing.
table-outcome-bluff-caught-you = { $rolled } is lower than { $claim }: you were bluffing.
table-outcome-claim-held = { $rolled } is at least { $claim }: { $announcer } was not bluffing.
table-outcome-claim-held-you = { $rolled } is at least { $claim }: you were not bluffing.
table-outcome-mia-true = A real Mia!
table-outcome-mia-false = Not a Mia: { $announcer } was bluffing.
table-outcome-mia-false-you = Not a Mia: you were bluffing.
table-gave-up = 🏳️ { $name } gives up on the Mia.
table-gave-up-you = 🏳️ You give up on the Mia.
table-missed = ⌛ { $name } missed the turn.
table-missed-you = ⌛ You missed the turn.
table-void = 🚫 The round is void: a player left.
table-loss = 💔 { $name } loses { $n ->
    [one] a life
   *[other] { $n } lives
} ({ $cause })
table-loss-you = 💔 You lose { $n ->
    [one] a life
   *[other] { $n } lives
} ({ $cause })
table-next = ➡️ { $name } starts round { $round }.
table-stopped = 🛑 <b>This game was stopped.</b>
table-round-closed = This round is over.

game-over-winner = 🏆 <b>{ $name } wins the game of Mia!</b>
game-over = 🏁 <b>The game of Mia is over.</b>
game-over-place = { $place }. { $name }{ $lives ->
    [0] {""}
    [one] { " " }❤️{ $lives }
   *[other] { " " }❤️{ $lives }
}
game-over-rounds = { $n ->
    [one] { $n } round played.
   *[other] { $n } rounds played.
}
