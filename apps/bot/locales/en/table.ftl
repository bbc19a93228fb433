# The lobby message, the rules line and the round's table in the group.
lobby-title = 🎲 <b>Mia</b> — a new game by { $creator }
lobby-players = <b>Players ({ $count }/{ $max })</b>
lobby-nobody = • (nobody yet)
lobby-rules = <b>Rules</b>: { $rules }
lobby-hint = Press Join to play (your dice come by private message). The creator or an admin starts.
lobby-started = ▶️ <b>The game has started.</b>
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

table-title = 🎲 <b>Mia — round { $round }</b>
table-last-round = <i>Last round:</i>
table-starts = { $name } starts the round.
table-announced = 📣 { $name }: <b>{ $claim }</b>
table-announced-blind = 📣 { $name }: <b>{ $claim }</b> (blind)
table-announced-pass = 📣 { $name }: <b>{ $claim }</b> (passed on unseen)
table-turn-roll = ⏳ { $name }'s turn to roll{ $until }
table-turn-announce = ⏳ { $name }'s turn to announce{ $until }
table-turn-respond = ⏳ { $name }'s turn to believe or call{ $until }
table-turn-mia = ⏳ { $name }'s turn: Mia! Give up or look{ $until }
table-until = { " " }— until { $time } UTC
table-winner = 🏆 <b>{ $name } wins!</b>
table-over = 🏁 The game is over.
table-call = ❗ { $name } calls liar: { $shown }
table-look = 👀 { $name } looks: { $shown }
table-gave-up = 🏳️ { $name } gives up on the Mia.
table-missed = ⌛ { $name } missed the turn.
table-void = The round is void: a player left.
table-loss = 💔 { $name } loses { $n ->
    [one] a life
   *[other] { $n } lives
} ({ $cause })

game-over-winner = 🏆 { $name } wins the game of Mia!
game-over = 🏁 The game of Mia is over.
unreachable = ⚠️ I can't message { $name } privately. { $name }: open @{ $bot } and press Start (or unblock me). Until then, use “{ button-show-dice }” on the table.
